/**
 * The subscribers cache between instances (issue 31 §2): two relays on one Postgres and one
 * Redis each cache a topic's subscribers; a subscribe on one instance drops the other's cached
 * list (fanout.ts's `forget` frame) before it is answered, so what the other publishes next is
 * pushed to the new subscriber at once, not after the cache's 5 s.
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import { describe, expect, it } from 'vitest';
import { startRelay, type RunningRelay } from '../src/index.js';
import { openRedis } from '../src/redis/client.js';
import { SUBSCRIBERS_CACHE_MS } from '../src/relay/subscriptions.js';
import { openAgain, postgresUrl } from './engines.js';
import { sleep } from './helpers.js';
import { Peer, topic } from './relay-peer.js';
import { cleanupsAfterEach, redisForFile } from './redis-fixture.js';

const redis = redisForFile();
const cleanups = cleanupsAfterEach();

async function twoOnPostgres() {
  const url = await postgresUrl();
  const relays: RunningRelay[] = [];
  for (let i = 0; i < 2; i++) {
    const storage = await openAgain(url);
    const link = await openRedis(redis().url);
    const relay = await startRelay({ port: 0, db: storage, redis: link });
    cleanups.push(async () => {
      await relay.close();
      await link.close();
    });
    relays.push(relay);
  }
  const open = async (relay: RunningRelay) => {
    const peer = await Peer.open(relay.url, generateKeyPair());
    cleanups.push(() => peer.ws.terminate());
    return peer;
  };
  return { a: relays[0]!, b: relays[1]!, open };
}

const publish = (t: string, message: string) => ({ topic: t, message, ttl: 300, tag: 1108 });
const messages = (peer: Peer) => peer.pushes.map((p) => p.params.data.message);

describe('the subscribers cache across instances on Postgres + Redis', () => {
  it('pushes what A publishes to a client who just subscribed on B, though A had cached the topic’s subscribers', async () => {
    const { a, b, open } = await twoOnPostgres();
    const t = topic('cached on A');
    const first = await open(a);
    await first.result('irn_subscribe', { topic: t });
    const publisher = await open(a);
    // A reads the topic's subscribers (the first client) and caches them.
    await publisher.result('irn_publish', publish(t, 'one'));
    await first.waitForPushes(1);

    const second = await open(b);
    await second.result('irn_subscribe', { topic: t });
    await sleep(100);
    // Well within SUBSCRIBERS_CACHE_MS of A's read: only the forget frame makes A read them again.
    await publisher.result('irn_publish', publish(t, 'two'));
    // 'one' waited in the mailbox (its subscribe's flush), 'two' is pushed as published.
    await second.waitForPushes(2, SUBSCRIBERS_CACHE_MS / 2);
    expect(messages(second)).toEqual(['one', 'two']);
    await first.waitForPushes(2);
    expect(messages(first)).toEqual(['one', 'two']);
  });

  it('stops pushing a client who unsubscribed on B what A publishes next', async () => {
    const { a, b, open } = await twoOnPostgres();
    const t = topic('unsubscribed on B');
    const publisher = await open(a);
    const leaving = await open(b);
    const staying = await open(b);
    await leaving.result('irn_subscribe', { topic: t });
    await staying.result('irn_subscribe', { topic: t });
    await publisher.result('irn_publish', publish(t, 'one'));
    await leaving.waitForPushes(1);
    await staying.waitForPushes(1);
    await leaving.result('irn_unsubscribe', { topic: t, id: 'x' });
    await sleep(100);
    await publisher.result('irn_publish', publish(t, 'two'));
    await staying.waitForPushes(2);
    await sleep(300);
    expect(messages(leaving)).toEqual(['one']);
    expect(messages(staying)).toEqual(['one', 'two']);
  });
});
