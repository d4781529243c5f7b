/**
 * A relay per test for the relay's socket tests: a fresh database in a temporary folder, the
 * relay started on a free port with the test's options, and the peers opened on it; after each
 * test the peers are dropped, the relay closed and the folder removed.
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase, startRelay, type Database, type RunningRelay, type StartRelayOptions } from '../src/index.js';
import { tempDir } from './helpers.js';
import { Peer, type PeerOptions } from './relay-peer.js';

export interface RelayFixture {
  /** The data folder and database of the current test. */
  readonly dir: string;
  readonly db: Database;
  /** The relay once `start` ran. */
  readonly relay: RunningRelay | undefined;
  readonly peers: Peer[];
  start(options?: Partial<StartRelayOptions>): Promise<RunningRelay>;
  /** Drops the peers, closes the relay and its database, and starts again on the same data file. */
  restart(options?: Partial<StartRelayOptions>): Promise<RunningRelay>;
  /** A peer with a fresh key on the running relay (from `localAddress` when given). */
  open(options?: PeerOptions): Promise<Peer>;
}

export function useRelayFixture(prefix: string): RelayFixture {
  let folder: { dir: string; remove(): void } | undefined;
  let db: Database | undefined;
  let relay: RunningRelay | undefined;
  const peers: Peer[] = [];
  beforeEach(() => {
    folder = tempDir(prefix);
    db = openDatabase(folder.dir);
  });
  afterEach(async () => {
    peers.splice(0).forEach((p) => p.ws.terminate());
    await relay?.close();
    relay = undefined;
    db?.close();
    folder?.remove();
  });
  return {
    get dir() {
      return folder!.dir;
    },
    get db() {
      return db!;
    },
    get relay() {
      return relay;
    },
    peers,
    async start(options = {}) {
      relay = await startRelay({ port: 0, db: db!, ...options });
      return relay;
    },
    async restart(options = {}) {
      peers.splice(0).forEach((p) => p.ws.terminate());
      await relay?.close();
      db!.close();
      db = openDatabase(folder!.dir);
      return this.start(options);
    },
    async open(options = {}) {
      const peer = await Peer.open(relay!.url, generateKeyPair(), options);
      peers.push(peer);
      return peer;
    },
  };
}
