/**
 * One indexer per chain (issue 31 §2): the chain leases of ops/lease.ts in a real Redis
 * (scripts/lib/redis.mjs) and as Postgres advisory locks (storage/postgres/advisory.ts, on the
 * real Postgres of engines.ts). One instance holds a chain at a time; when it dies (stops
 * renewing, or its session ends) another takes the chain within 10 s. And the single-instance
 * lock: a second instance on one Postgres without Redis is refused at start, in words.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { alwaysHeld, DEFAULT_LEASE_TTL_MS, redisLease, type ChainLease } from '../src/ops/lease.js';
import { openRedis } from '../src/redis/client.js';
import { openScale } from '../src/scale.js';
import { claimSingleInstance, postgresLease, SINGLE_INSTANCE_REFUSED } from '../src/storage/postgres/advisory.js';
import { postgresUrl } from './engines.js';
import { sleep } from './helpers.js';
import { cleanupsAfterEach, redisForFile } from './redis-fixture.js';

const CHAIN = 'eip155:31337';

const redis = redisForFile();
const cleanups = cleanupsAfterEach();

async function redisHolder(ttlMs?: number) {
  const link = await openRedis(redis().url);
  const lease = redisLease(link, ttlMs === undefined ? {} : { ttlMs });
  lease.start();
  cleanups.push(async () => {
    await lease.stop();
    await link.close();
  });
  return { link, lease };
}

/** Polls `lease` until it holds `key`; the milliseconds that took (throws past `ms`). */
async function takesOver(lease: ChainLease, key: string, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await lease.held(key))) {
    if (Date.now() - started > ms) throw new Error(`the lease of ${key} was not taken within ${ms} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}

describe('chain leases in Redis', () => {
  it('are held by one instance; another takes the chain within 10 s of the holder dying', async () => {
    const a = await redisHolder();
    const b = await redisHolder();
    expect(await a.lease.held(CHAIN)).toBe(true);
    expect(await b.lease.held(CHAIN)).toBe(false);
    expect(await b.lease.held('eip155:1')).toBe(true);
    // A dies: its connection goes and nothing renews or releases its lease.
    await a.link.close();
    const took = await takesOver(b.lease, CHAIN, 10_000);
    expect(took).toBeLessThanOrEqual(DEFAULT_LEASE_TTL_MS + 500);
  });

  it('stay with the holder while it renews them', async () => {
    const a = await redisHolder(300);
    const b = await redisHolder(300);
    expect(await a.lease.held(CHAIN)).toBe(true);
    await sleep(1000);
    expect(await b.lease.held(CHAIN)).toBe(false);
    expect(await a.lease.held(CHAIN)).toBe(true);
  });

  it('are given up by stop(), so another instance takes the chain at once', async () => {
    const a = await redisHolder();
    const b = await redisHolder();
    expect(await a.lease.held(CHAIN)).toBe(true);
    await a.lease.stop();
    expect(await b.lease.held(CHAIN)).toBe(true);
    expect(await a.lease.held(CHAIN)).toBe(false);
  });

  it('are always held with one instance (no Redis, SQLite)', async () => {
    expect(await alwaysHeld.held(CHAIN)).toBe(true);
  });
});

describe('chain leases as Postgres advisory locks', () => {
  it('are held by one session; another takes the chain as soon as the holder closes or its session dies', async () => {
    const url = await postgresUrl();
    const [a, b, c] = [postgresLease(url), postgresLease(url), postgresLease(url)];
    cleanups.push(() => Promise.all([a.stop(), b.stop(), c.stop()]));
    expect(await a.held(CHAIN)).toBe(true);
    expect(await a.held(CHAIN)).toBe(true);
    expect(await b.held(CHAIN)).toBe(false);
    await a.stop();
    expect(await takesOver(b, CHAIN, 10_000)).toBeLessThan(10_000);
    expect(await c.held(CHAIN)).toBe(false);
    // B's session is killed (the instance died): its locks go with it.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()");
    await admin.end();
    expect(await takesOver(c, CHAIN, 10_000)).toBeLessThan(10_000);
    expect(await b.held(CHAIN)).toBe(false);
  });
});

describe('several instances on one Postgres', () => {
  it('are refused without Redis: the second fails to take the single-instance lock and says why', async () => {
    const url = await postgresUrl();
    const first = await claimSingleInstance(url);
    cleanups.push(() => first.release());
    await expect(claimSingleInstance(url)).rejects.toThrow(SINGLE_INSTANCE_REFUSED);
    // What startServer runs: the same refusal at start.
    await expect(openScale({ engine: 'postgres', dbUrl: url })).rejects.toThrow(/already serves this Postgres database without Redis/);
    await first.release();
    const alone = await openScale({ engine: 'postgres', dbUrl: url });
    cleanups.push(() => alone.close());
    expect(await alone.lease.held(CHAIN)).toBe(true);
    await expect(openScale({ engine: 'postgres', dbUrl: url })).rejects.toThrow(SINGLE_INSTANCE_REFUSED);
    await alone.close();
    const next = await claimSingleInstance(url);
    await next.release();
  });

  it('are allowed with Redis, and one instance on SQLite takes no lock', async () => {
    const url = await postgresUrl();
    const first = await claimSingleInstance(url);
    cleanups.push(() => first.release());
    const withRedis = await openScale({ engine: 'postgres', dbUrl: url, redisUrl: redis().url });
    cleanups.push(() => withRedis.close());
    expect(withRedis.redis?.shown).toBe(redis().url);
    const sqlite = await openScale({ engine: 'sqlite' });
    await sqlite.close();
    expect(sqlite.lease).toBe(alwaysHeld);
  });
});
