/**
 * E-mail logins and code-guarded requests (export, e-mail change) on both engines; on Postgres,
 * two instances racing: a code's attempts are counted exactly (a burst of guesses claims no more
 * than the code allows), a right code is spent once (one session, one user), an approval link
 * works once, a challenge's code is spent once.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import type { Storage } from './engine.js';
import { challengesRepository } from './auth-challenges.js';
import { loginsRepository, type NewLogin } from './auth-logins.js';
import { authUsersRepository } from './auth-users.js';

const NOW = 1_800_000_000_000;
const LIMITS = { perCode: 5, perRequest: 10 };
const newLogin = (id: string, expiresAt = NOW + 600_000): NewLogin => ({
  id,
  email: 'alice@example.com',
  device_hash: 'device',
  new_device: 1,
  approved: 0,
  expires_at: expiresAt,
  last_sent_at: NOW,
  ip: '10.0.0.1',
  created_at: NOW,
  requester: '10.0.0.1',
  device_name: 'Firefox on Linux',
  site: null,
  new_account: 0,
  locale: null,
});
const sessionOf = (tokenHash: string) => ({
  token_hash: tokenHash,
  device_hash: 'device',
  device_verified: 1,
  expires_at: NOW + 1000,
  social_provider: null,
  user_name: null,
});

describe.each(ENGINES)('e-mail logins on %s', (engine) => {
  it('starts (sweeping lapsed ones), takes a link once, counts attempts, and a right code ends it once', async () => {
    const storage = await freshStorage(engine);
    const logins = loginsRepository(storage);
    await logins.start(newLogin('lapsed', NOW), NOW - 1);
    await logins.start(newLogin('l1'), NOW);
    expect(await logins.get('lapsed')).toBeUndefined();
    await logins.setLink('l1', 'link-hash', NOW + 500, NOW + 1);
    expect(await logins.byLinkHash('link-hash')).toMatchObject({ id: 'l1', expires_at: NOW + 500, last_sent_at: NOW + 1, approved: 0 });
    expect(await logins.approve('l1', 'other-hash')).toBe(false);
    expect(await logins.approve('l1', 'link-hash')).toBe(true);
    expect(await logins.approve('l1', 'link-hash')).toBe(false);
    await logins.setCode('l1', 'code-1', NOW + 600, NOW + 2);
    expect(await logins.claimAttempt('l1', 'stale', LIMITS)).toBeUndefined();
    for (let i = 1; i <= 5; i++) expect(await logins.claimAttempt('l1', 'code-1', LIMITS)).toEqual({ attempts: i, total_attempts: i });
    expect(await logins.claimAttempt('l1', 'code-1', LIMITS)).toBeUndefined();
    await logins.setCode('l1', 'code-2', NOW + 600, NOW + 3);
    expect(await logins.claimAttempt('l1', 'code-2', LIMITS)).toEqual({ attempts: 1, total_attempts: 6 });
    const row = (await logins.get('l1'))!;
    const user = await logins.finish(row, 'user-new', sessionOf('s1'), NOW + 4);
    expect(user).toMatchObject({ id: 'user-new', email: 'alice@example.com' });
    expect(await logins.get('l1')).toMatchObject({ done: 1, code_hash: null, attempts: 0, total_attempts: 5 });
    expect(await logins.finish(row, 'user-other', sessionOf('s2'), NOW + 4)).toBeUndefined();
    const users = authUsersRepository(storage);
    expect(await users.session('s1')).toMatchObject({ user_id: 'user-new' });
    expect(await users.session('s2')).toBeUndefined();
    expect(await users.isKnownDevice('alice@example.com', 'device')).toBe(true);
    await logins.remove('l1');
    expect(await logins.get('l1')).toBeUndefined();
  });

  it('a new account login creates the user, names the device, and ends without a session when the address got an account meanwhile', async () => {
    const storage = await freshStorage(engine);
    const logins = loginsRepository(storage);
    const users = authUsersRepository(storage);
    await logins.start({ ...newLogin('n1'), approved: 1, new_account: 1 }, NOW);
    await logins.setCode('n1', 'code-n1', NOW + 600, NOW);
    expect(await logins.finish((await logins.get('n1'))!, 'user-n1', sessionOf('s-n1'), NOW + 1)).toMatchObject({ id: 'user-n1' });
    expect(await users.devices('alice@example.com', 10)).toEqual([
      { email: 'alice@example.com', device_hash: 'device', name: 'Firefox on Linux', approved_at: NOW + 1, last_used_at: NOW + 1 },
    ]);
    // A second first login of the address, begun before the first ended, on another device.
    await logins.start({ ...newLogin('n2'), device_hash: 'other', approved: 1, new_account: 1 }, NOW);
    await logins.setCode('n2', 'code-n2', NOW + 600, NOW);
    expect(await logins.finish((await logins.get('n2'))!, 'user-n2', sessionOf('s-n2'), NOW + 2)).toBe('account-exists');
    expect(await logins.get('n2')).toMatchObject({ done: 1, code_hash: null });
    expect(await users.session('s-n2')).toBeUndefined();
    expect(await users.byId('user-n2')).toBeUndefined();
    expect(await users.isKnownDevice('alice@example.com', 'other')).toBe(false);
  });

  it('ends a login at its last attempt over all its codes', async () => {
    const logins = loginsRepository(await freshStorage(engine));
    await logins.start(newLogin('l2'), NOW);
    for (let code = 0; code < 2; code++) {
      await logins.setCode('l2', `c${code}`, NOW + 600, NOW);
      for (let i = 0; i < 5; i++) expect(await logins.claimAttempt('l2', `c${code}`, LIMITS)).toBeDefined();
    }
    expect(await logins.get('l2')).toMatchObject({ done: 1, total_attempts: 10 });
    await logins.setCode('l2', 'c3', NOW + 600, NOW);
    expect(await logins.claimAttempt('l2', 'c3', LIMITS)).toBeUndefined();
  });

  it('keeps code-guarded requests: the last mail, a stage’s code, its attempts and one spend', async () => {
    const storage = await freshStorage(engine);
    await authUsersRepository(storage).ensure('a@example.com', 'user-a', NOW);
    const challenges = challengesRepository(storage);
    expect(await challenges.lastSent('user-a', 'export')).toBeUndefined();
    const base = { kind: 'email-change', user_id: 'user-a', stage: 'primary', new_email: 'b@example.com' } as const;
    await challenges.create({ ...base, id: 'lapsed', expires_at: NOW, last_sent_at: NOW - 10 }, NOW - 20);
    await challenges.create({ ...base, id: 'c1', expires_at: NOW + 600, last_sent_at: NOW }, NOW);
    expect(await challenges.get('lapsed')).toBeUndefined();
    expect(await challenges.lastSent('user-a', 'email-change')).toBe(NOW);
    await challenges.unsent('c1');
    expect(await challenges.lastSent('user-a', 'email-change')).toBe(0);
    await challenges.setCode('c1', 'primary', 'h1', NOW + 700, NOW + 1);
    expect(await challenges.claimAttempt('c1', 'h1', 'secondary', LIMITS)).toBeUndefined();
    expect(await challenges.claimAttempt('c1', 'h1', 'primary', LIMITS)).toEqual({ attempts: 1, total_attempts: 1 });
    expect(await challenges.spend('c1', 'h1')).toBe(true);
    expect(await challenges.spend('c1', 'h1')).toBe(false);
    expect(await challenges.get('c1')).toMatchObject({ code_hash: null, attempts: 0, total_attempts: 0, last_sent_at: NOW + 1 });
    await challenges.finish('c1');
    expect(await challenges.get('c1')).toMatchObject({ stage: 'done' });
  });
});

describe('e-mail codes, two instances on one Postgres', () => {
  const two = async (): Promise<[Storage, Storage]> => {
    const url = await postgresUrl();
    return [await openAgain(url), await openAgain(url)];
  };

  it('count an OTP’s attempts exactly, spend a right code once and take an approval link once', async () => {
    const [a, b] = (await two()).map(loginsRepository) as [ReturnType<typeof loginsRepository>, ReturnType<typeof loginsRepository>];
    for (let round = 0; round < 3; round++) {
      const id = `race-${round}`;
      await a.start({ ...newLogin(id), email: `r${round}@example.com` }, NOW);
      await a.setLink(id, `link-${round}`, NOW + 600, NOW);
      const approved = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).approve(id, `link-${round}`)));
      expect(approved.filter(Boolean)).toHaveLength(1);
      await b.setCode(id, `code-${round}`, NOW + 600, NOW);
      const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).claimAttempt(id, `code-${round}`, LIMITS)));
      expect(
        claims
          .filter(Boolean)
          .map((c) => c!.attempts)
          .sort((x, y) => x - y),
      ).toEqual([1, 2, 3, 4, 5]);
      await a.setCode(id, `code2-${round}`, NOW + 600, NOW);
      const row = (await a.get(id))!;
      const finished = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).finish(row, `user-${round}-${i}`, sessionOf(`s-${round}-${i}`), NOW)),
      );
      expect(finished.filter(Boolean)).toHaveLength(1);
    }
  });

  it('make one account of two first logins of one address ending together: the other gets no session', async () => {
    const [a, b] = (await two()).map(loginsRepository) as [ReturnType<typeof loginsRepository>, ReturnType<typeof loginsRepository>];
    for (let round = 0; round < 3; round++) {
      const ids = [`first-${round}-a`, `first-${round}-b`];
      for (const id of ids) {
        await a.start({ ...newLogin(id), email: `n${round}@example.com`, device_hash: id, approved: 1, new_account: 1 }, NOW);
        await a.setCode(id, `code-${id}`, NOW + 600, NOW);
      }
      const rows = await Promise.all(ids.map((id) => a.get(id)));
      const finished = await Promise.all(rows.map((row, i) => (i ? b : a).finish(row!, `user-${row!.id}`, sessionOf(`s-${row!.id}`), NOW)));
      expect(finished.filter((f) => f === 'account-exists')).toHaveLength(1);
      expect(finished.filter((f) => typeof f === 'object')).toHaveLength(1);
    }
  });

  it('spend a challenge’s code once and count its attempts exactly', async () => {
    const [sa, sb] = await two();
    await authUsersRepository(sa).ensure('a@example.com', 'user-a', NOW);
    const [a, b] = [challengesRepository(sa), challengesRepository(sb)];
    for (let round = 0; round < 3; round++) {
      const id = `ch-${round}`;
      await a.create(
        { id, kind: 'export', user_id: 'user-a', stage: 'export', new_email: null, expires_at: NOW + 600, last_sent_at: NOW },
        NOW,
      );
      await a.setCode(id, 'export', `h-${round}`, NOW + 600, NOW);
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).claimAttempt(id, `h-${round}`, 'export', LIMITS)),
      );
      expect(claims.filter(Boolean)).toHaveLength(5);
      const spent = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).spend(id, `h-${round}`)));
      expect(spent.filter(Boolean)).toHaveLength(1);
    }
  });
});
