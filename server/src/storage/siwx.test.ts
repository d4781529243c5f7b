/**
 * The SIWX repository on both engines (SQLite in memory, a real Postgres): nonces issued,
 * counted per address and spent once; sessions opened, trimmed per account, listed, revoked and
 * swept; and, on Postgres, two instances racing to spend one nonce: exactly one session opens.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { DEV_PROJECT_ID } from '../project-rules.js';
import { SESSION_GRACE_MS, type NewSession } from '../siwx/sessions.js';
import type { Storage } from './engine.js';
import { projectsRepository } from './projects.js';
import { siwxRepository } from './siwx.js';

const HOUR = 3_600_000;
const NOW = 1_800_000_000_000;

const newSession = (nonce: string, address = '0xA11CE'): NewSession => ({
  projectId: DEV_PROJECT_ID,
  namespace: 'eip155',
  chainId: 'eip155:1',
  address,
  domain: 'localhost:5173',
  uri: 'http://localhost:5173/',
  nonce,
  statement: null,
  message: 'signed text',
  signature: '0xsig',
  issuedAt: new Date(NOW).toISOString(),
  expiresAt: NOW + HOUR,
  expirationTime: new Date(NOW + HOUR).toISOString(),
});

async function seeded(storage: Storage) {
  await projectsRepository(storage).seedDev();
  return siwxRepository(storage);
}

describe.each(ENGINES)('the SIWX repository on %s', (engine) => {
  it('issues nonces, counts an address’s unused ones up to a bound, and spends each once', async () => {
    const siwx = await seeded(await freshStorage(engine));
    const a = await siwx.issueNonce(DEV_PROJECT_ID, 'ip-1', NOW, HOUR);
    await siwx.issueNonce(DEV_PROJECT_ID, 'ip-1', NOW + 10, HOUR);
    await siwx.issueNonce(DEV_PROJECT_ID, 'ip-1', NOW - 2 * HOUR, HOUR);
    await siwx.issueNonce(DEV_PROJECT_ID, 'ip-2', NOW, HOUR);
    expect(a.nonce).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await siwx.nonce(DEV_PROJECT_ID, a.nonce)).toEqual(a);
    expect(await siwx.outstandingNonces(DEV_PROJECT_ID, 'ip-1', NOW, 50)).toBe(2);
    expect(await siwx.outstandingNonces(DEV_PROJECT_ID, 'ip-1', NOW, 1)).toBe(1);
    expect(await siwx.firstNonceExpiry(DEV_PROJECT_ID, 'ip-1', NOW)).toBe(NOW + HOUR);
    expect(await siwx.firstNonceExpiry(DEV_PROJECT_ID, 'ip-3', NOW)).toBeUndefined();
    expect(await siwx.spendNonce('another-project', a.nonce, NOW)).toBe(false);
    expect(await siwx.spendNonce(DEV_PROJECT_ID, a.nonce, NOW)).toBe(true);
    expect(await siwx.spendNonce(DEV_PROJECT_ID, a.nonce, NOW)).toBe(false);
    expect((await siwx.nonce(DEV_PROJECT_ID, a.nonce))?.used_at).toBe(NOW);
    expect(await siwx.outstandingNonces(DEV_PROJECT_ID, 'ip-1', NOW, 50)).toBe(1);
  });

  it('opens a session once per nonce, keeps an account’s newest, lists, revokes and sweeps', async () => {
    const siwx = await seeded(await freshStorage(engine));
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { nonce } = await siwx.issueNonce(DEV_PROJECT_ID, 'ip', NOW, HOUR);
      const opened = await siwx.openSession(newSession(nonce), NOW + i, 3);
      expect(opened?.session.reply).toMatchObject({ address: '0xA11CE', nonce, createdAt: NOW + i });
      expect(await siwx.openSession(newSession(nonce), NOW + i, 3)).toBeUndefined();
      tokens.push(opened!.token);
    }
    expect(await siwx.session(DEV_PROJECT_ID, tokens[0]!)).toBeUndefined();
    const newest = await siwx.session(DEV_PROJECT_ID, tokens[3]!);
    expect(newest).toMatchObject({ projectId: DEV_PROJECT_ID, expiresAt: NOW + HOUR, revokedAt: null });
    expect(await siwx.session('another-project', tokens[3]!)).toBeUndefined();
    const listed = await siwx.accountSessions(DEV_PROJECT_ID, 'eip155', '0xA11CE', NOW, 50);
    expect(listed.map((s) => s.reply.createdAt)).toEqual([NOW + 3, NOW + 2, NOW + 1]);
    expect(await siwx.revoke(newest!.reply.id, NOW + 5)).toBe(true);
    expect(await siwx.revoke(newest!.reply.id, NOW + 6)).toBe(false);
    expect((await siwx.session(DEV_PROJECT_ID, tokens[3]!))?.revokedAt).toBe(NOW + 5);
    expect(await siwx.accountSessions(DEV_PROJECT_ID, 'eip155', '0xA11CE', NOW, 50)).toHaveLength(2);
    // Nonces lapse at once; sessions a grace day after they lapsed.
    expect(await siwx.sweep(NOW + HOUR)).toBe(4);
    expect(await siwx.sweep(NOW + HOUR + SESSION_GRACE_MS)).toBe(3);
    expect(await siwx.session(DEV_PROJECT_ID, tokens[2]!)).toBeUndefined();
  });

  it('refuses a namespace no chain module serves before spending the nonce', async () => {
    const siwx = await seeded(await freshStorage(engine));
    const { nonce } = await siwx.issueNonce(DEV_PROJECT_ID, 'ip', NOW, HOUR);
    await expect(siwx.openSession({ ...newSession(nonce), namespace: 'tst' }, NOW, 20)).rejects.toThrow(
      'No chain module of this server serves the namespace tst (served: eip155, solana, bip122)',
    );
    expect((await siwx.nonce(DEV_PROJECT_ID, nonce))?.used_at).toBeNull();
  });
});

describe('the SIWX repository, two instances on one Postgres', () => {
  it('spends a nonce once when both open a session with it at the same time', async () => {
    const url = await postgresUrl();
    const first = await openAgain(url);
    const [a, b] = [await seeded(first), siwxRepository(await openAgain(url))];
    const nonces = await Promise.all(Array.from({ length: 5 }, () => a.issueNonce(DEV_PROJECT_ID, 'ip', NOW, HOUR)));
    for (const { nonce } of nonces) {
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).openSession(newSession(nonce), NOW, 20)));
      expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    }
    expect(await b.accountSessions(DEV_PROJECT_ID, 'eip155', '0xA11CE', NOW, 50)).toHaveLength(5);
  });
});
