/**
 * The caps that count live rows or per-user windows, on two instances sharing one Postgres and
 * one Redis (issue 31 §2): unused SIWX nonces per address and the Farcaster sign-in live cap are
 * counted and inserted in one transaction under an advisory lock, so requests racing through
 * both instances never pass the cap; name registrations per address count in one Redis window.
 * The N+1st, whichever instance gets it, is refused with the one-instance refusal.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/lib/redis.mjs';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import type { CounterFactory } from '../src/rate-limit.js';
import { openScale } from '../src/scale.js';
import type { Storage } from '../src/storage/engine.js';
import { farcasterChannelsRepository, type NewChannel } from '../src/storage/farcaster-channels.js';
import { projectsRepository } from '../src/storage/projects.js';
import { openAgain, postgresUrl } from './engines.js';

const ORIGIN = 'http://localhost:5173';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two storages on one fresh Postgres database (two instances), the dev project seeded. */
async function twoStorages(): Promise<[Storage, Storage]> {
  const url = await postgresUrl();
  const first = await openAgain(url);
  await projectsRepository(first).seedDev();
  return [first, await openAgain(url)];
}

/** The counter factory startServer makes with `--redis` (scale.ts), on a real redis-server. */
async function sharedCounters(): Promise<CounterFactory> {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const scale = await openScale({ redisUrl: redis.url, engine: 'sqlite' });
  cleanups.push(() => scale.close());
  return scale.counters!;
}

async function twoApps(options: Omit<BuildAppOptions, 'storage'>): Promise<FastifyInstance[]> {
  const [counters, storages] = await Promise.all([sharedCounters(), twoStorages()]);
  const apps = storages.map((storage) => buildApp({ ...options, storage, rateLimitCounters: counters }));
  for (const app of apps) {
    cleanups.push(() => app.close());
    await app.ready();
  }
  return apps;
}

describe('caps on two instances sharing one Postgres and one Redis', () => {
  it('issue at most the cap of unused SIWX nonces per address across both, even racing', async () => {
    const CAP = 3;
    const apps = await twoApps({ siwx: { limits: { outstandingNoncesPerIp: CAP } } });
    const nonce = (i: number) =>
      apps[i % 2]!.inject({
        method: 'GET',
        url: '/v1/siwx/nonce?projectId=w3kit-dev',
        headers: { origin: ORIGIN },
        remoteAddress: '10.4.0.1',
      });
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => nonce(i)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(CAP);
    const refused = [...replies.filter((r) => r.statusCode !== 200), await nonce(0), await nonce(1)];
    for (const reply of refused) {
      expect(reply.statusCode).toBe(429);
      expect(reply.json().message).toMatch(
        /^Too many unused nonces from this address: at most 3 in 5 minutes; please try again after \d+ seconds$/,
      );
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('open at most the live cap of Farcaster sign-in channels across both, even racing', async () => {
    const [first, second] = await twoStorages();
    const stores = [farcasterChannelsRepository(first), farcasterChannelsRepository(second)];
    const now = Date.now();
    const channel = (i: number): NewChannel => ({
      id: `channel-${i}`,
      token_hash: `token-${i}`,
      device_hash: 'device',
      nonce: `nonce-${i}`,
      ip: `10.5.0.${i}`,
      expires_at: now + 60_000,
    });
    const limits = { maxLive: 4, keepPerIp: 10 };
    expect(await Promise.all([0, 1, 2].map((i) => stores[i % 2]!.open(channel(i), now, limits)))).toEqual([true, true, true]);
    // Instance one is opening the 4th (the cap's lock taken, its row not committed yet) while
    // instance two opens a 5th: that one waits for the 4th and is refused.
    let inserted!: () => void;
    let commit!: () => void;
    const [rowInserted, committed] = [new Promise<void>((r) => (inserted = r)), new Promise<void>((r) => (commit = r))];
    const fourth = first.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('auth_farcaster_channels'))`.execute(trx);
      await trx.insertInto('auth_farcaster_channels').values(channel(9)).execute();
      inserted();
      await committed;
    });
    await rowInserted;
    const fifth = stores[1]!.open(channel(10), now, limits);
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await fourth;
    expect(await fifth).toBe(false);
    const late = await Promise.all([11, 12, 13, 14].map((i) => stores[i % 2]!.open(channel(i), now, limits)));
    expect(late).toEqual([false, false, false, false]);
  });

  it('refuse the N+1st name registration of one address across both (one Redis window)', async () => {
    const apps = await twoApps({ names: { limits: { registrationsPerAddress: 2 } } });
    // Signed by another key: each attempt counts for the address, then is refused for its signature.
    const [account, signer] = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
    const register = async (i: number) => {
      const message = JSON.stringify({ name: `shared-cap-${i}.w3kit.id`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
      const payload = { coin_type: 60, address: account.address, message, signature: await signer.signMessage({ message }) };
      const url = '/v1/profile/account?projectId=w3kit-dev';
      return apps[i % 2]!.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload, remoteAddress: `10.6.0.${i}` });
    };
    for (const counted of [await register(0), await register(1)]) {
      expect(counted.statusCode).toBe(400);
      expect(counted.json().message).toBe(`Invalid signature: the message is not signed by ${account.address}`);
    }
    for (const refused of [await register(2), await register(3)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many name registrations for this address: please try again after \d+ seconds$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
