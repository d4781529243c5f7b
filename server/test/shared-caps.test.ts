/**
 * The caps that count live rows or per-user windows, on two instances sharing one Postgres and
 * one Redis (issue 31 §2): unused SIWX nonces per address, open on-ramp checkouts per project and
 * the live caps (Farcaster sign-ins, social logins, passkey challenges: ../src/storage/live-cap.ts)
 * are counted and inserted in one transaction under an advisory lock, so requests racing through
 * both instances never pass the cap; name registrations per address count in one Redis window.
 * The N+1st, whichever instance gets it, is refused with the one-instance refusal.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import type { Storage } from '../src/storage/engine.js';
import { farcasterChannelsRepository, type NewChannel } from '../src/storage/farcaster-channels.js';
import { liveCapLock } from '../src/storage/live-cap.js';
import { onrampSessionsRepository } from '../src/storage/onramp-sessions.js';
import { passkeysRepository, type PasskeyChallengeRow } from '../src/storage/passkeys.js';
import { socialLoginsRepository, type NewSocialLogin } from '../src/storage/social-logins.js';
import { projectsRepository } from '../src/storage/projects.js';
import { openAgain, postgres, postgresUrl } from './engines.js';
import { onrampSession } from './onramp-fixture.js';
import { cleanupsAfterEach, sharedCounters, testRedis } from './redis-fixture.js';

const ORIGIN = 'http://localhost:5173';
const cleanups = cleanupsAfterEach();
// The file's Postgres cluster starts once, before the timed tests.
beforeAll(() => postgres().then(() => undefined), 120_000);

/** Two storages on one fresh Postgres database (two instances), the dev project seeded. */
async function twoStorages(): Promise<[Storage, Storage]> {
  const url = await postgresUrl();
  const first = await openAgain(url);
  await projectsRepository(first).seedDev();
  return [first, await openAgain(url)];
}

async function twoApps(options: Omit<BuildAppOptions, 'storage'>): Promise<FastifyInstance[]> {
  const [counters, storages] = await Promise.all([testRedis(cleanups).then((redis) => sharedCounters(cleanups, redis.url)), twoStorages()]);
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

describe('the open on-ramp checkouts of a project on two instances sharing one Postgres', () => {
  it('are created up to the cap and no further, even racing', async () => {
    const [first, second] = await twoStorages();
    const repos = [onrampSessionsRepository(first), onrampSessionsRepository(second)];
    const now = Date.now();
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => repos[i % 2]!.createUnder(onrampSession(now), 3)));
    expect(created.filter((s) => s !== undefined)).toHaveLength(3);
    expect(await repos[0]!.open('w3kit-dev', now)).toBe(3);
    expect(await repos[1]!.createUnder(onrampSession(now), 3)).toBeUndefined();
  });
});

/** A live-capped table's opening on one instance, and how to make the n-th row of it. */
interface LiveCapCase {
  table: 'auth_farcaster_channels' | 'auth_social_logins' | 'auth_passkey_challenges';
  row(i: number, now: number): Record<string, unknown>;
  open(storage: Storage, i: number, now: number, maxLive: number): Promise<boolean>;
}

const LIVE_CAPS: Record<string, LiveCapCase> = {
  'Farcaster sign-in channels': {
    table: 'auth_farcaster_channels',
    row: (i, now) => ({
      id: `channel-${i}`,
      token_hash: `token-${i}`,
      device_hash: 'device',
      nonce: `n-${i}`,
      ip: `10.5.0.${i}`,
      expires_at: now + 60_000,
    }),
    open: (storage, i, now, maxLive) =>
      farcasterChannelsRepository(storage).open(LIVE_CAPS['Farcaster sign-in channels']!.row(i, now) as NewChannel, now, {
        maxLive,
        keepPerIp: 10,
      }),
  },
  'social logins in progress': {
    table: 'auth_social_logins',
    row: (i, now) => ({
      state_hash: `state-${i}`,
      social_id_hash: `social-${i}`,
      provider: 'google',
      project_id: 'w3kit-dev',
      device_hash: 'device',
      origin: ORIGIN,
      created_at: now,
      expires_at: now + 60_000,
    }),
    open: (storage, i, now, maxLive) =>
      socialLoginsRepository(storage).start(LIVE_CAPS['social logins in progress']!.row(i, now) as NewSocialLogin, maxLive),
  },
  'passkey challenges': {
    table: 'auth_passkey_challenges',
    row: (i, now) => ({
      id: `challenge-${i}`,
      challenge: `c-${i}`,
      kind: 'login',
      user_id: null,
      ip: `10.7.0.${i}`,
      expires_at: now + 60_000,
    }),
    open: (storage, i, now, maxLive) =>
      passkeysRepository(storage).saveChallenge(LIVE_CAPS['passkey challenges']!.row(i, now) as PasskeyChallengeRow, now, {
        maxLive,
        keepPerKey: 5,
      }),
  },
};

describe.each(Object.keys(LIVE_CAPS))('the live cap of %s on two instances sharing one Postgres', (name) => {
  it('holds when both open at once: the one opening waits for the other’s row and is refused', async () => {
    const { table, row, open } = LIVE_CAPS[name]!;
    const [first, second] = await twoStorages();
    const now = Date.now();
    const CAP = 3;
    expect(await Promise.all([0, 1].map((i) => open(i % 2 ? second : first, i, now, CAP)))).toEqual([true, true]);
    // Instance one is opening the 3rd (the cap's lock taken, its row not committed yet) while
    // instance two opens a 4th: that one waits for the 3rd and is refused.
    let inserted!: () => void;
    let commit!: () => void;
    const [rowInserted, committed] = [new Promise<void>((r) => (inserted = r)), new Promise<void>((r) => (commit = r))];
    const third = first.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${liveCapLock(table)}))`.execute(trx);
      await trx
        .insertInto(table)
        .values(row(2, now) as never)
        .execute();
      inserted();
      await committed;
    });
    await rowInserted;
    const fourth = open(second, 3, now, CAP);
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await third;
    expect(await fourth).toBe(false);
    expect(await Promise.all([4, 5, 6, 7].map((i) => open(i % 2 ? second : first, i, now, CAP)))).toEqual([false, false, false, false]);
  });
});
