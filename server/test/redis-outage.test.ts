/**
 * The relay when Redis stops answering (issue 31 §2): two relays on one SQLite file and one
 * real redis-server, killed mid-run. Each instance goes on alone (its own sockets are pushed,
 * its quotas counted in its own windows) and says so once in its log; when a redis-server is
 * back on the same port, each says so, pushes its sockets what waited meanwhile, and messages
 * cross instances again.
 */
import { spawn } from 'node:child_process';
import { generateKeyPair } from '@walletconnect/relay-auth';
import { describe, expect, it } from 'vitest';
import { findInstalled, pings, startRedis } from '../../scripts/lib/redis.mjs';
import { openDatabase, startRelay, type RunningRelay } from '../src/index.js';
import { openRedis } from '../src/redis/client.js';
import { ON_ITS_OWN } from '../src/redis/outage.js';
import { RPC_ERRORS } from '../src/relay/protocol.js';
import { sleep, tempDir } from './helpers.js';
import { errorCode, Peer, topic } from './relay-peer.js';
import { cleanupsAfterEach } from './redis-fixture.js';

const cleanups = cleanupsAfterEach();

/** A redis-server again on `port` (the killed one's), stopped by the cleanups. */
async function redisAgainOn(port: number): Promise<void> {
  const dir = tempDir('w3kit-redis-again-');
  cleanups.push(() => dir.remove());
  const child = spawn(
    findInstalled()!.bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir.dir],
    {
      stdio: 'ignore',
    },
  );
  cleanups.push(
    () =>
      new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  );
  const end = Date.now() + 10_000;
  while (!(await pings(port))) {
    if (Date.now() > end) throw new Error(`redis-server did not come back on port ${port}`);
    await sleep(50);
  }
}

async function until(done: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await sleep(20);
}

describe('the relay when Redis stops answering', () => {
  it('goes on per instance, says so, and recovers when Redis is back', async () => {
    const redis = await startRedis();
    let stopped = false;
    cleanups.push(() => (stopped ? undefined : redis.stop()));
    const folder = tempDir('w3kit-redis-outage-');
    cleanups.push(() => folder.remove());
    const logs: Record<string, unknown>[][] = [[], []];
    const relays: RunningRelay[] = [];
    for (const i of [0, 1]) {
      const db = openDatabase(folder.dir);
      const link = await openRedis(redis.url);
      const relay = await startRelay({ port: 0, db, redis: link, log: (e) => logs[i]!.push(e), limits: { ipMessagesPerHour: 3 } });
      cleanups.push(async () => {
        await relay.close();
        await link.close();
        db.close();
      });
      relays.push(relay);
    }
    const [a, b] = relays as [RunningRelay, RunningRelay];
    const open = async (relay: RunningRelay) => {
      const peer = await Peer.open(relay.url, generateKeyPair());
      cleanups.push(() => peer.ws.terminate());
      return peer;
    };
    const events = (i: number, name: string) => logs[i]!.filter((e) => e.event === name);
    const t = topic('outage');
    const onA = await open(a);
    const onB = await open(b);
    await onA.result('irn_subscribe', { topic: t });
    await onB.result('irn_subscribe', { topic: t });
    const publisher = await open(a);
    const publish = (message: string) => publisher.result('irn_publish', { topic: t, message, ttl: 300, tag: 1108 });

    expect(await publish('before')).toBe(true);
    await until(() => onA.pushes.length === 1 && onB.pushes.length === 1);

    await redis.stop();
    stopped = true;
    expect(await publish('during 1')).toBe(true);
    expect(await publish('during 2')).toBe(true);
    // A pushes its own socket at once; B's client waits (the message is in the shared database).
    await until(() => onA.pushes.length === 3);
    expect(onA.pushes.map((p) => p.params.data.message)).toEqual(['before', 'during 1', 'during 2']);
    expect(onB.pushes).toHaveLength(1);
    // One line for the outage, however many commands failed, naming what the instance does meanwhile.
    expect(events(0, 'redis_unreachable')).toEqual([expect.objectContaining({ fallback: ON_ITS_OWN })]);
    // Quotas counted in A's own windows (3 per hour from this address, "before" counted in Redis): the third passes, the fourth is refused.
    expect(await publish('during 3')).toBe(true);
    expect(await errorCode(publish('one too many'))).toBe(RPC_ERRORS.rateLimited);

    await redisAgainOn(redis.port);
    // B's subscription comes back: it pushes its client what waited, and says Redis is back.
    await until(() => onB.pushes.length === 4);
    expect(onB.pushes.map((p) => p.params.data.message)).toEqual(['before', 'during 1', 'during 2', 'during 3']);
    await until(() => events(0, 'redis_recovered').length > 0 && events(1, 'redis_recovered').length > 0);
    expect(events(0, 'redis_recovered')).toHaveLength(1);
    expect(events(1, 'redis_recovered')).toHaveLength(1);
    // B sent no command while Redis was gone; its subscription's dropped connection told it.
    expect(events(1, 'redis_unreachable')).toHaveLength(1);

    // Across instances again, through Redis: B's publisher reaches A's client.
    const fromB = await open(b);
    expect(await fromB.result('irn_publish', { topic: t, message: 'after', ttl: 300, tag: 1108 })).toBe(true);
    await until(() => onA.pushes.length === 5);
    expect(onA.pushes.at(-1)?.params.data.message).toBe('after');
  });
});
