/**
 * Passkeys and their challenges on both engines; on Postgres, two instances answering with one
 * challenge at once: one takes it, the others find it gone.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { authUsersRepository } from './auth-users.js';
import type { Storage } from './engine.js';
import { passkeysRepository, type PasskeyChallengeRow, type PasskeyRow } from './passkeys.js';

const NOW = 1_800_000_000_000;
const LIMITS = { maxLive: 6, keepPerKey: 3 };
const challenge = (id: string, over: Partial<PasskeyChallengeRow> = {}): PasskeyChallengeRow => ({
  id,
  challenge: `c-${id}`,
  kind: 'login',
  user_id: null,
  ip: '10.0.0.1',
  expires_at: NOW + 300_000,
  ...over,
});
const passkey = (id: string, createdAt: number, wrapped: string | null): PasskeyRow => ({
  id,
  user_id: 'user-a',
  public_key: Buffer.from([1, 2, 3, id.length]),
  counter: 0,
  transports: '["internal"]',
  name: `Passkey ${id}`,
  created_at: createdAt,
  last_used_at: null,
  wrapped_recovery_share: wrapped,
});

async function withUser(storage: Storage): Promise<Storage> {
  const users = authUsersRepository(storage);
  await users.ensure('a@example.com', 'user-a', NOW);
  await users.registerKeys('user-a', {
    evmAddress: '0x1',
    solanaAddress: 's',
    serverShare: 'ss',
    sealedRecoveryShare: 'sealed',
    recoveryShareHash: 'h',
  });
  return storage;
}

describe.each(ENGINES)('passkeys on %s', (engine) => {
  it('keeps a few live challenges per IP and per user, caps them in all, and gives each once', async () => {
    const passkeys = passkeysRepository(await withUser(await freshStorage(engine)));
    for (let i = 0; i < 4; i++)
      expect(await passkeys.saveChallenge(challenge(`l${i}`, { expires_at: NOW + i }), NOW - 1, LIMITS)).toBe(true);
    expect(await passkeys.takeChallenge({ kind: 'login', id: 'l0' })).toBeUndefined();
    const register = { kind: 'register', user_id: 'user-a' } as const;
    for (let i = 0; i < 3; i++) expect(await passkeys.saveChallenge(challenge(`r${i}`, register), NOW, LIMITS)).toBe(true);
    expect(await passkeys.saveChallenge(challenge('full', { ip: '10.0.0.2' }), NOW, LIMITS)).toBe(false);
    expect(await passkeys.takeChallenge({ kind: 'register', challenge: 'c-r1', userId: 'other' })).toBeUndefined();
    expect(await passkeys.takeChallenge({ kind: 'login', id: 'r1' })).toBeUndefined();
    expect(await passkeys.takeChallenge({ kind: 'register', challenge: 'c-r1', userId: 'user-a' })).toEqual({
      challenge: 'c-r1',
      expires_at: NOW + 300_000,
    });
    expect(await passkeys.takeChallenge({ kind: 'register', challenge: 'c-r1', userId: 'user-a' })).toBeUndefined();
    expect(await passkeys.takeChallenge({ kind: 'login', id: 'l3' })).toEqual({ challenge: 'c-l3', expires_at: NOW + 3 });
    // Lapsed ones go before the cap counts.
    expect(await passkeys.saveChallenge(challenge('later', { ip: '10.0.0.3' }), NOW + 10, LIMITS)).toBe(true);
  });

  it('stores passkeys with their key bytes; one holding the recovery share drops the sealed copy, the last one reseals it', async () => {
    const storage = await withUser(await freshStorage(engine));
    const [passkeys, users] = [passkeysRepository(storage), authUsersRepository(storage)];
    await passkeys.add(passkey('p1', NOW, null), false);
    expect((await users.byId('user-a'))!.recovery_share).toBe('sealed');
    await passkeys.add(passkey('p2', NOW + 1, 'wrapped-2'), true);
    expect((await users.byId('user-a'))!.recovery_share).toBeNull();
    expect(await passkeys.ofUser('user-a')).toEqual([passkey('p1', NOW, null), passkey('p2', NOW + 1, 'wrapped-2')]);
    expect(await passkeys.wrappedShares('user-a')).toEqual([{ credentialId: 'p2', share: 'wrapped-2' }]);
    await passkeys.markUsed('p1', 7, NOW + 5);
    expect(await passkeys.byId('p1')).toMatchObject({ counter: 7, last_used_at: NOW + 5 });
    await passkeys.remove('p1');
    await passkeys.remove('p2', { userId: 'user-a', sealed: 'resealed' });
    expect(await passkeys.ofUser('user-a')).toEqual([]);
    expect((await users.byId('user-a'))!.recovery_share).toBe('resealed');
    await expect(passkeys.add(passkey('p3', NOW, null), false)).resolves.toBeUndefined();
    await expect(passkeys.add(passkey('p3', NOW, null), false)).rejects.toThrow();
  });
});

describe('passkey challenges, two instances on one Postgres', () => {
  it('are taken once when both answer with one at the same time', async () => {
    const url = await postgresUrl();
    const [a, b] = [passkeysRepository(await withUser(await openAgain(url))), passkeysRepository(await openAgain(url))];
    for (let round = 0; round < 5; round++) {
      await a.saveChallenge(challenge(`l${round}`, { ip: `10.2.0.${round}` }), NOW, { maxLive: 100, keepPerKey: 5 });
      await b.saveChallenge(challenge(`r${round}`, { kind: 'register', user_id: 'user-a' }), NOW, { maxLive: 100, keepPerKey: 5 });
      const logins = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).takeChallenge({ kind: 'login', id: `l${round}` })),
      );
      expect(logins.filter(Boolean)).toHaveLength(1);
      const registers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? a : b).takeChallenge({ kind: 'register', challenge: `c-r${round}`, userId: 'user-a' }),
        ),
      );
      expect(registers.filter(Boolean)).toHaveLength(1);
    }
  });
});
