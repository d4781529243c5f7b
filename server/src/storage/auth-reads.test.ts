/**
 * The auth repositories' counts and small writes the route suites read through (so they hold on
 * either engine), on both engines: logins stored and in progress, passkey challenge ids by kind,
 * lapsed social logins, a user's sessions, the recovery share sealed anew and its hash forgotten.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage } from '../../test/engines.js';
import { loginsRepository } from './auth-logins.js';
import { authUsersRepository } from './auth-users.js';
import { passkeysRepository } from './passkeys.js';
import { socialLoginsRepository } from './social-logins.js';

const NOW = 1_800_000_000_000;

describe.each(ENGINES)('auth reads on %s', (engine) => {
  it('counts logins, in progress or all, and lists challenge ids by kind', async () => {
    const storage = await freshStorage(engine);
    const logins = loginsRepository(storage);
    expect(await logins.count()).toBe(0);
    for (const id of ['l1', 'l2']) {
      await logins.start(
        {
          id,
          email: 'alice@example.com',
          device_hash: 'device',
          new_device: 1,
          approved: 1,
          expires_at: NOW + 600_000,
          last_sent_at: NOW,
          ip: '10.0.0.1',
          created_at: NOW,
          requester: '10.0.0.1',
          device_name: 'Firefox on Linux',
          site: null,
          new_account: 0,
          locale: null,
        },
        NOW,
      );
    }
    await logins.setCode('l1', 'hash', NOW + 600_000, NOW);
    await logins.claimAttempt('l1', 'hash', { perCode: 1, perRequest: 1 });
    expect(await logins.count()).toBe(2);
    expect(await logins.count({ inProgress: true })).toBe(1);

    const passkeys = passkeysRepository(storage);
    const limits = { maxLive: 10, keepPerKey: 5 };
    const challenge = { user_id: null, ip: '10.0.0.1', expires_at: NOW + 300_000 };
    await passkeys.saveChallenge({ id: 'b-login', challenge: 'c-b', kind: 'login', ...challenge }, NOW, limits);
    await passkeys.saveChallenge({ id: 'a-login', challenge: 'c-a', kind: 'login', ...challenge }, NOW, limits);
    await authUsersRepository(storage).ensure('a@example.com', 'user-a', NOW);
    await passkeys.saveChallenge({ id: 'c-register', challenge: 'c-c', kind: 'register', ...challenge, user_id: 'user-a' }, NOW, limits);
    expect((await passkeys.challengeIds('login')).sort()).toEqual(['a-login', 'b-login']);
    expect((await passkeys.challengeIds()).sort()).toEqual(['a-login', 'b-login', 'c-register']);
  });

  it('counts lapsed social logins and a user’s sessions, seals the recovery share anew and forgets its hash', async () => {
    const storage = await freshStorage(engine);
    const social = socialLoginsRepository(storage);
    const login = (n: string, expiresAt: number) => ({
      state_hash: `state-${n}`,
      social_id_hash: `social-${n}`,
      provider: 'google',
      project_id: 'shop',
      device_hash: 'device',
      origin: 'https://shop.example',
      created_at: NOW,
      expires_at: expiresAt,
    });
    await social.start(login('lapsed', NOW), 5);
    await social.start(login('live', NOW + 1), 5);
    expect(await social.countLapsed(NOW)).toBe(1);
    expect(await social.countLapsed(NOW - 1)).toBe(0);

    const users = authUsersRepository(storage);
    await users.ensure('a@example.com', 'user-a', NOW);
    await users.ensure('b@example.com', 'user-b', NOW);
    const session = (tokenHash: string, userId: string) => ({
      token_hash: tokenHash,
      user_id: userId,
      device_hash: 'device',
      device_verified: 1,
      expires_at: NOW + 1000,
      social_provider: null,
      user_name: null,
    });
    await users.createSession(session('t1', 'user-a'), NOW);
    await users.createSession(session('t2', 'user-a'), NOW);
    await users.createSession(session('t3', 'user-b'), NOW);
    expect(await users.sessionCount('user-a')).toBe(2);
    expect(await users.sessionCount('user-c')).toBe(0);

    await users.registerKeys('user-a', {
      evmAddress: '0x1',
      solanaAddress: 's',
      serverShare: 'ss',
      sealedRecoveryShare: 'sealed-1',
      recoveryShareHash: 'h',
    });
    await users.sealRecoveryShare('user-a', 'sealed-2');
    await users.setRecoveryShareHash('user-a', null);
    expect(await users.byId('user-a')).toMatchObject({ recovery_share: 'sealed-2', recovery_share_hash: null, server_share: 'ss' });
    expect(await users.byId('user-b')).toMatchObject({ recovery_share: null });
  });
});
