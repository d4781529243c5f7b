/** What `startServer` returns: the servers' URLs and ports, the database, the indexer, and how to stop them. */
import type { Storage } from './storage/engine.js';
import type { ProjectsRepository } from './storage/projects.js';
import type { Indexer } from './blockchain/indexer.js';
import type { SinkMail } from './frame-site/start.js';

export interface RunningServer {
  /** e.g. `http://127.0.0.1:4301` (no trailing slash). */
  url: string;
  port: number;
  /** The WalletConnect relay, e.g. `ws://127.0.0.1:4302`; undefined with `relayPort: false`. */
  relayUrl: string | undefined;
  relayPort: number | undefined;
  /** The SQLite handle (the synchronous helpers and tests use it); reading it on Postgres throws, naming `storage`. */
  db: NonNullable<Storage['sqlite']>;
  /** The storage seam (engine, start-line label) and its repositories. */
  storage: Storage;
  projects: ProjectsRepository;
  /** The Redis between instances (`redisUrl`) as the start line shows it (password as `***`); undefined without one. */
  redis: string | undefined;
  /** The EVM indexer, with `evmRpc`. */
  indexer: Indexer | undefined;
  /** The frame origin (frame site and auth API), e.g. `http://127.0.0.1:4303`; undefined with `framePort: false`. */
  frameUrl: string | undefined;
  framePort: number | undefined;
  /** The development OpenID provider (`oidcPort`), e.g. `http://127.0.0.1:4304`; its issuers are `<oidcUrl>/<provider>`. */
  oidcUrl: string | undefined;
  /** The development SMTP sink's port and its mails (newest first), with `smtpSink`. */
  smtpSinkPort: number | undefined;
  mails(): SinkMail[];
  /** Stops listening (relay and indexer included) and closes the database. */
  close(): Promise<void>;
}
