/**
 * Users, devices, sessions, identities and keys on both engines (SQLite in memory, a real
 * Postgres); on Postgres, two instances racing: a first login of one address or one identity
 * makes one user, and keys are registered once.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { authUsersRepository, type RegisteredKeys, type SessionRow } from './auth-users.js';

const NOW = 1_800_000_000_000;
const keys = (n: number): RegisteredKeys => ({
  evmAddress: `0x${n}`,
  solanaAddress: `sol${n}`,
  serverShare: `server${n}`,
  sealedRecoveryShare: `sealed${n}`,
  recoveryShareHash: `hash${n}`,
});
const session = (userId: string, tokenHash: string, expiresAt: number): SessionRow => ({
  token_hash: tokenHash,
  user_id: userId,
  device_hash: 'device',
  device_verified: 1,
  expires_at: expiresAt,
  social_provider: 'github',
  user_name: 'octo',
});

describe.each(ENGINES)('auth users on %s', (engine) => {
  it('creates a user once per address (lowercased), remembers devices and moves them with the address', async () => {
    const users = authUsersRepository(await freshStorage(engine));
    const alice = await users.ensure('Alice@Example.com', 'user-a', NOW);
    expect(alice).toMatchObject({ id: 'user-a', email: 'alice@example.com', server_share: null, created_at: NOW });
    expect((await users.ensure('alice@example.com', 'user-b', NOW + 1)).id).toBe('user-a');
    expect(await users.isKnownDevice('ALICE@example.com', 'd1')).toBe(false);
    await users.rememberDevice('alice@example.com', 'd1', 'Firefox on Linux', NOW);
    await users.rememberDevice('alice@example.com', 'd1', 'Chrome on Windows', NOW + 5);
    expect(await users.isKnownDevice('alice@example.com', 'd1')).toBe(true);
    await users.ensure('bob@example.com', 'user-b', NOW);
    expect(await users.changeEmail('user-a', 'BOB@example.com')).toBe('taken');
    expect(await users.changeEmail('user-a', 'Alice2@example.com')).toMatchObject({ id: 'user-a', email: 'alice2@example.com' });
    expect(await users.isKnownDevice('alice2@example.com', 'd1')).toBe(true);
    expect(await users.isKnownDevice('alice@example.com', 'd1')).toBe(false);
    expect(await users.byEmail('alice@example.com')).toBeUndefined();
  });

  it('lists devices with name, approval and last use, notes a use once a minute, and removes one with its sessions only', async () => {
    const users = authUsersRepository(await freshStorage(engine));
    await users.ensure('alice@example.com', 'user-a', NOW);
    await users.rememberDevice('alice@example.com', 'd1', 'Firefox on Linux', NOW);
    await users.rememberDevice('Alice@example.com', 'd2', 'Safari on iOS', NOW + 10);
    await users.rememberDevice('alice@example.com', 'd1', 'Chrome on Windows', NOW + 20);
    expect(await users.devices('ALICE@example.com', 10)).toEqual([
      { email: 'alice@example.com', device_hash: 'd1', name: 'Firefox on Linux', approved_at: NOW, last_used_at: NOW + 20 },
      { email: 'alice@example.com', device_hash: 'd2', name: 'Safari on iOS', approved_at: NOW + 10, last_used_at: NOW + 10 },
    ]);
    expect(await users.devices('alice@example.com', 1)).toHaveLength(1);
    // A use within a minute of the last is not written; a later one is.
    await users.touchDevice('alice@example.com', 'd2', NOW + 10 + 59_999);
    expect((await users.devices('alice@example.com', 10)).map((d) => [d.device_hash, d.last_used_at])).toEqual([
      ['d1', NOW + 20],
      ['d2', NOW + 10],
    ]);
    await users.touchDevice('alice@example.com', 'd2', NOW + 10 + 60_001);
    expect((await users.devices('alice@example.com', 10)).map((d) => [d.device_hash, d.last_used_at])).toEqual([
      ['d2', NOW + 10 + 60_001],
      ['d1', NOW + 20],
    ]);

    await users.createSession({ ...session('user-a', 'on-d1', NOW + 1e6), device_hash: 'd1' }, NOW);
    await users.createSession({ ...session('user-a', 'on-d2', NOW + 1e6), device_hash: 'd2' }, NOW);
    expect(await users.removeDevice('user-a', 'alice@example.com', 'd1')).toBe(true);
    expect(await users.removeDevice('user-a', 'alice@example.com', 'd1')).toBe(false);
    expect(await users.isKnownDevice('alice@example.com', 'd1')).toBe(false);
    expect(await users.session('on-d1')).toBeUndefined();
    expect(await users.session('on-d2')).toBeDefined();
    expect((await users.devices('alice@example.com', 10)).map((d) => d.device_hash)).toEqual(['d2']);
  });

  it('stores sessions by token hash, sweeps lapsed ones on the next, and deletes one', async () => {
    const users = authUsersRepository(await freshStorage(engine));
    await users.ensure('a@example.com', 'user-a', NOW);
    await users.createSession(session('user-a', 'old', NOW + 10), NOW);
    await users.createSession(session('user-a', 'live', NOW + 1000), NOW + 10);
    expect(await users.session('old')).toBeUndefined();
    expect(await users.session('live')).toEqual(session('user-a', 'live', NOW + 1000));
    await users.deleteSession('live');
    expect(await users.session('live')).toBeUndefined();
  });

  it('links identities: a known one, then a verified address, else a new user who may take an address later', async () => {
    const users = authUsersRepository(await freshStorage(engine));
    await users.ensure('carol@example.com', 'user-c', NOW);
    const link = (subject: string, email?: string, provider = 'google') =>
      users.userForIdentity({ provider, subject, email, userName: `name-${subject}` }, `new-${provider}-${subject}`, NOW);
    expect((await link('g1', 'carol@example.com')).id).toBe('user-c');
    expect((await link('g1')).id).toBe('user-c');
    const x = await link('x1', undefined, 'x');
    expect(x).toMatchObject({ id: 'new-x-x1', email: null });
    expect(await link('x1', 'dave@example.com', 'x')).toMatchObject({ id: 'new-x-x1', email: 'dave@example.com' });
    // An address another user holds is not taken.
    expect(await link('x2', undefined, 'x')).toMatchObject({ email: null });
    expect(await link('x2', 'carol@example.com', 'x')).toMatchObject({ id: 'new-x-x2', email: null });
  });

  it('registers keys once and keeps the recovery share hash', async () => {
    const users = authUsersRepository(await freshStorage(engine));
    await users.ensure('a@example.com', 'user-a', NOW);
    expect(await users.registerKeys('user-a', keys(1))).toBe(true);
    expect(await users.registerKeys('user-a', keys(2))).toBe(false);
    await users.setRecoveryShareHash('user-a', 'rehashed');
    expect(await users.byId('user-a')).toMatchObject({
      server_share: 'server1',
      recovery_share: 'sealed1',
      recovery_share_hash: 'rehashed',
    });
  });
});

describe('auth users, two instances on one Postgres', () => {
  it('make one user of one address, and one of one identity, when first logins race', async () => {
    const url = await postgresUrl();
    const [a, b] = [authUsersRepository(await openAgain(url)), authUsersRepository(await openAgain(url))];
    for (let round = 0; round < 5; round++) {
      const email = `race${round}@example.com`;
      const made = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).ensure(email, `e${round}-${i}`, NOW)));
      expect(new Set(made.map((u) => u.id)).size).toBe(1);
      const identity = { provider: 'google', subject: `s${round}`, email: `id${round}@example.com`, userName: undefined };
      const linked = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).userForIdentity(identity, `i${round}-${i}`, NOW)),
      );
      expect(new Set(linked.map((u) => u.id)).size).toBe(1);
      expect(await a.byEmail(`id${round}@example.com`)).toMatchObject({ id: linked[0]!.id });
    }
  });

  it('register keys once when both instances register at the same time', async () => {
    const url = await postgresUrl();
    const [a, b] = [authUsersRepository(await openAgain(url)), authUsersRepository(await openAgain(url))];
    for (let round = 0; round < 5; round++) {
      await a.ensure(`k${round}@example.com`, `user-${round}`, NOW);
      const won = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).registerKeys(`user-${round}`, keys(i))));
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = won.indexOf(true);
      expect((await b.byId(`user-${round}`))!.server_share).toBe(`server${winner}`);
    }
  });
});
