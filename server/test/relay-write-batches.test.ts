/**
 * The relay's hot writes are batched per turn of the event loop (storage/relay-mailbox-writes.ts):
 * a burst of publishes from many sockets, and their acknowledgements, is written in a few
 * SQLite transactions, not one per message. Counted on the real handle: every transaction the
 * relay runs on it goes through `transaction`.
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import { describe, expect, it } from 'vitest';
import { openDatabase, startRelay } from '../src/index.js';
import { sleep } from './helpers.js';
import { Peer, topic } from './relay-peer.js';

const BURST = 40;

describe('the relay’s writes under a burst', () => {
  it('writes a burst of publishes and their acknowledgements in a few transactions, not one per message', async () => {
    const db = openDatabase(undefined);
    let transactions = 0;
    const make = db.transaction.bind(db);
    db.transaction = ((fn: (...args: never[]) => unknown) => {
      const run = make(fn);
      return Object.assign((...args: never[]) => (transactions++, run(...args)), run);
    }) as typeof db.transaction;
    const relay = await startRelay({ port: 0, db });
    const peers: Peer[] = [];
    try {
      // A topic per publisher: one topic's publishes are stored one after the other (in order), distinct ones together.
      const topics = Array.from({ length: BURST }, (_, i) => topic(`burst ${i}`));
      const subscriber = await Peer.open(relay.url, generateKeyPair());
      peers.push(subscriber);
      await subscriber.result('irn_batchSubscribe', { topics });
      const publishers = await Promise.all(Array.from({ length: BURST }, () => Peer.open(relay.url, generateKeyPair())));
      peers.push(...publishers);
      await sleep(200);
      transactions = 0;
      const answers = await Promise.all(
        publishers.map((p, i) => p.result('irn_publish', { topic: topics[i], message: `m${i}`, ttl: 300, tag: 1108 })),
      );
      expect(answers.every((a) => a === true)).toBe(true);
      // The subscriber acknowledges each push (Peer answers `true`); a window of 100 takes them all.
      await subscriber.waitForPushes(BURST);
      expect(subscriber.pushes).toHaveLength(BURST);
      await sleep(300);
      // One per message would be 2 × BURST (a publish and an acknowledgement each).
      expect(transactions).toBeGreaterThan(0);
      expect(transactions).toBeLessThanOrEqual(BURST / 4);
      // Everything acknowledged is written: nothing waits for the subscriber.
      expect(await subscriber.result('irn_batchFetchMessages', { topics })).toMatchObject({ messages: [] });
    } finally {
      peers.forEach((p) => p.ws.terminate());
      await relay.close();
      db.close();
    }
  });
});
