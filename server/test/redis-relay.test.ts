/**
 * The relay across instances (issue 31 §2): two relays in this process on one SQLite file (two
 * handles, as two processes would have) and one real Redis (scripts/lib/redis.mjs, a throwaway
 * redis-server for this file). A message published on one instance reaches a subscriber on the
 * other once per client id; what waited in the shared database reaches a client that reconnects
 * to the other instance; the relay's hourly quotas count across both.
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import { describe, expect, it } from 'vitest';
import { openDatabase, startRelay, type Database, type RunningRelay } from '../src/index.js';
import { openRedis, type RedisLink } from '../src/redis/client.js';
import { RPC_ERRORS } from '../src/relay/protocol.js';
import { sleep, tempDir } from './helpers.js';
import { errorCode, Peer, topic } from './relay-peer.js';
import { cleanupsAfterEach, redisForFile } from './redis-fixture.js';

const redis = redisForFile();
const cleanups = cleanupsAfterEach();

/** Two relays on one database file, each with its own Redis link (with `redis`), and a way to open peers on them. */
async function twoInstances(withRedis = true, limits: Parameters<typeof startRelay>[0]['limits'] = {}) {
  const folder = tempDir('w3kit-redis-relay-');
  cleanups.push(() => folder.remove());
  const relays: RunningRelay[] = [];
  for (let i = 0; i < 2; i++) {
    const db: Database = openDatabase(folder.dir);
    const link: RedisLink | undefined = withRedis ? await openRedis(redis().url) : undefined;
    const relay = await startRelay({ port: 0, db, redis: link, limits });
    cleanups.push(async () => {
      await relay.close();
      await link?.close();
      db.close();
    });
    relays.push(relay);
  }
  const open = async (relay: RunningRelay, keys = generateKeyPair()) => {
    const peer = await Peer.open(relay.url, keys);
    cleanups.push(() => peer.ws.terminate());
    return peer;
  };
  return { a: relays[0]!, b: relays[1]!, open };
}

const publish = (t: string, message: string) => ({ topic: t, message, ttl: 300, tag: 1100 });

describe('the relay between instances, through Redis', () => {
  it('pushes a message published on B to a subscriber on A, exactly once', async () => {
    const { a, b, open } = await twoInstances();
    const t = topic('a-b');
    const subscriber = await open(a);
    await subscriber.result('irn_subscribe', { topic: t });
    const publisher = await open(b);
    expect(await publisher.result('irn_publish', publish(t, 'from B'))).toBe(true);
    const pushes = await subscriber.waitForPushes(1);
    await sleep(300);
    expect(pushes.map((p) => p.params.data.message)).toEqual(['from B']);
    // Acknowledged on A, so nothing is left for that client id in the shared mailbox.
    await sleep(100);
    expect(await subscriber.result('irn_fetchMessages', { topic: t })).toMatchObject({ messages: [], hasMore: false });
  });

  it('pushes a subscriber who subscribed on A after B last published on the topic (B caches no subscribers)', async () => {
    const { a, b, open } = await twoInstances();
    const t = topic('late');
    const publisher = await open(b);
    expect(await publisher.result('irn_publish', publish(t, 'before anyone'))).toBe(true);
    const subscriber = await open(a);
    await subscriber.result('irn_subscribe', { topic: t });
    const pushes = await subscriber.waitForPushes(1);
    expect(pushes.map((p) => p.params.data.message)).toEqual(['before anyone']);
    expect(await publisher.result('irn_publish', publish(t, 'after the subscribe'))).toBe(true);
    const both = await subscriber.waitForPushes(2);
    expect(both.map((p) => p.params.data.message)).toEqual(['before anyone', 'after the subscribe']);
  });

  it('without Redis, a subscriber on A is not pushed what B publishes (it waits in the database)', async () => {
    const { a, b, open } = await twoInstances(false);
    const t = topic('no-redis');
    const subscriber = await open(a);
    await subscriber.result('irn_subscribe', { topic: t });
    await (await open(b)).result('irn_publish', publish(t, 'stays in the mailbox'));
    await sleep(300);
    expect(subscriber.pushes).toHaveLength(0);
    const fetched = await subscriber.result<{ messages: { message: string }[] }>('irn_fetchMessages', { topic: t });
    expect(fetched.messages.map((m) => m.message)).toEqual(['stays in the mailbox']);
  });

  it('pushes a client id with a socket on each instance once, on one of them', async () => {
    const { a, b, open } = await twoInstances();
    const t = topic('both');
    const keys = generateKeyPair();
    const onA = await open(a, keys);
    const onB = await open(b, keys);
    await onA.result('irn_subscribe', { topic: t });
    await onB.result('irn_subscribe', { topic: t });
    const publisher = await open(b);
    for (let i = 0; i < 5; i++) await publisher.result('irn_publish', publish(t, `m${i}`));
    const end = Date.now() + 3000;
    while (onA.pushes.length + onB.pushes.length < 5 && Date.now() < end) await sleep(10);
    await sleep(300);
    const got = [...onA.pushes, ...onB.pushes].map((p) => p.params.data.message).sort();
    expect(got).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('gives a client that reconnects to the other instance what waited for it', async () => {
    const { a, b, open } = await twoInstances();
    const t = topic('reconnect');
    const keys = generateKeyPair();
    const first = await open(a, keys);
    await first.result('irn_subscribe', { topic: t });
    await first.close();
    await (await open(a)).result('irn_publish', publish(t, 'while away'));
    const again = await open(b, keys);
    await again.result('irn_subscribe', { topic: t });
    const pushes = await again.waitForPushes(1);
    expect(pushes.map((p) => p.params.data.message)).toEqual(['while away']);
  });

  it("counts an IP's hourly quota across both instances", async () => {
    const { a, b, open } = await twoInstances(true, { ipMessagesPerHour: 3 });
    const t = topic('quota');
    const onA = await open(a);
    const onB = await open(b);
    await onA.result('irn_publish', publish(t, '1'));
    await onA.result('irn_publish', publish(t, '2'));
    await onB.result('irn_publish', publish(t, '3'));
    expect(await errorCode(onB.result('irn_publish', publish(t, '4')))).toBe(RPC_ERRORS.rateLimited);
    expect(await errorCode(onA.result('irn_publish', publish(t, '4')))).toBe(RPC_ERRORS.rateLimited);
  });
});
