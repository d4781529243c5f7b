/**
 * A relay per test for the relay's socket tests: a fresh storage for a temporary data folder,
 * opened as a server opens it (SQLite in the folder; in the engines' run its switched Postgres
 * database, and in server-redis a Redis of its own for the relay's fan-out and quota windows:
 * helpers-engines.ts), the relay started on a free port with the test's options, and the peers
 * opened on it; after each test the peers are dropped, the relay closed and the folder removed.
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import { afterEach, beforeEach } from 'vitest';
import { startRelay, type RunningRelay, type StartRelayOptions } from '../src/index.js';
import { openScale, type Scale } from '../src/scale.js';
import type { Storage } from '../src/storage/engine.js';
import { relayMailbox, type StoredRelayMessage } from '../src/storage/relay-mailbox.js';
import { relaySubscriptionsRepository, type StoredSubscription } from '../src/storage/relay-subscriptions.js';
import { openServerStorage } from '../src/storage/server-storage.js';
import { tempDir } from './helpers.js';
import { Peer, type PeerOptions } from './relay-peer.js';

/** What the relay keeps in its storage, as stored (through its repositories, on either engine). */
export interface RelayContents {
  /** Every stored message, in mailbox (id) order. */
  messages(): Promise<StoredRelayMessage[]>;
  /** How many receipts (a message received by a client id) are kept. */
  deliveries(): Promise<number>;
  /** Every subscription, by client id then topic. */
  subscriptions(): Promise<StoredSubscription[]>;
}

export interface RelayFixture {
  /** The data folder and storage of the current test. */
  readonly dir: string;
  readonly storage: Storage;
  /** What the relay keeps in the storage, as stored. */
  readonly contents: RelayContents;
  /** The relay once `start` ran. */
  readonly relay: RunningRelay | undefined;
  readonly peers: Peer[];
  start(options?: Partial<StartRelayOptions>): Promise<RunningRelay>;
  /** Drops the peers, closes the relay and its storage, and starts again on the same data folder (database). */
  restart(options?: Partial<StartRelayOptions>): Promise<RunningRelay>;
  /** A peer with a fresh key on the running relay (from `localAddress` when given). */
  open(options?: PeerOptions): Promise<Peer>;
}

export function useRelayFixture(prefix: string): RelayFixture {
  let folder: { dir: string; remove(): void } | undefined;
  let storage: Storage | undefined;
  let scale: Scale | undefined;
  let relay: RunningRelay | undefined;
  const peers: Peer[] = [];
  const stop = async () => {
    peers.splice(0).forEach((p) => p.ws.terminate());
    await relay?.close();
    relay = undefined;
    await scale?.close();
    scale = undefined;
    await storage?.close();
    storage = undefined;
  };
  beforeEach(async () => {
    folder = tempDir(prefix);
    storage = await openServerStorage(undefined, folder.dir);
  });
  afterEach(async () => {
    await stop();
    folder?.remove();
  });
  return {
    get dir() {
      return folder!.dir;
    },
    get storage() {
      return storage!;
    },
    get contents(): RelayContents {
      const at = storage!;
      return {
        messages: () => relayMailbox(at).list(),
        deliveries: () => relayMailbox(at).receipts(),
        subscriptions: () => relaySubscriptionsRepository(at).list(),
      };
    },
    get relay() {
      return relay;
    },
    peers,
    async start(options = {}) {
      scale ??= await openScale({ engine: storage!.engine, storage: storage! });
      relay = await startRelay({ port: 0, db: storage!, redis: scale.redis, ...options });
      return relay;
    },
    async restart(options = {}) {
      await stop();
      storage = await openServerStorage(undefined, folder!.dir);
      return this.start(options);
    },
    async open(options = {}) {
      const peer = await Peer.open(relay!.url, generateKeyPair(), options);
      peers.push(peer);
      return peer;
    },
  };
}
