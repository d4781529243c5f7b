/**
 * The sign-in limits of issue 29, item 5, against the real app over SQLite: the attack run's
 * scenario scaled down. Nonces are capped per client address (an IPv6 /64), so a few
 * addresses holding many nonces are refused while a new address still gets one; sessions are
 * capped per account (the oldest deleted), so one key signing in again and again never stops
 * another account; and the counts read an index, never the whole table.
 */
import type { Compilable } from 'kysely';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { useDevApp } from '../../test/dev-app.js';
import { formatCaip122 } from '../../../src/wire/caip122.js';
import { NONCE_TTL_MS } from '../../../src/wire/siwx-api.js';
import { DEFAULT_SIWX_LIMITS } from './routes.js';
import { sqliteStorage } from '../storage/engine.js';
import { siwxQueries } from '../storage/siwx.js';

const DEV = 'w3kit-dev';
const ORIGIN = 'http://localhost:5173';
const ALICE = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const BOB = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const { outstandingNoncesPerIp: NONCE_CAP, sessionsPerAccount: SESSION_CAP } = DEFAULT_SIWX_LIMITS;

const dev = useDevApp();

const nonce = (remoteAddress: string) =>
  dev.app.inject({ method: 'GET', url: `/v1/siwx/nonce?projectId=${DEV}`, headers: { origin: ORIGIN }, remoteAddress });

async function signIn(account: PrivateKeyAccount, remoteAddress = '10.1.0.1') {
  const text = formatCaip122({
    namespace: 'eip155',
    domain: 'localhost:5173',
    address: account.address,
    uri: `${ORIGIN}/`,
    version: '1',
    chainReference: '31337',
    nonce: (await nonce(remoteAddress)).json().nonce,
    issuedAt: new Date().toISOString(),
  });
  const payload = { message: text, signature: await account.signMessage({ message: text }) };
  return dev.app.inject({ method: 'POST', url: `/v1/siwx/verify?projectId=${DEV}`, headers: { origin: ORIGIN }, remoteAddress, payload });
}

const session = (token: string) =>
  dev.app.inject({
    method: 'GET',
    url: `/v1/siwx/session?projectId=${DEV}`,
    headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
  });

describe('nonces per client address', () => {
  it('refuses the few addresses that hold many nonces, and a new address still gets one', async () => {
    // The attack run: 90 addresses asked 115 nonces each; here 3 addresses ask the cap and 5 more.
    const attackers = ['10.9.0.1', '10.9.0.2', '2001:db8:9:9::1'];
    for (const address of attackers) {
      for (let i = 0; i < NONCE_CAP; i++) expect((await nonce(address)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        const refused = await nonce(address);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(
          new RegExp(`^Too many unused nonces from this address: at most ${NONCE_CAP} in 5 minutes; please try again after \\d+ seconds$`),
        );
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(NONCE_TTL_MS / 1000);
      }
    }
    // Another host of the same IPv6 /64 is the same client; another /64 is not.
    expect((await nonce('2001:db8:9:9:ffff::2')).statusCode).toBe(429);
    expect((await nonce('2001:db8:9:a::1')).statusCode).toBe(200);
    // The project's new users still get nonces and sign in.
    expect((await nonce('10.9.0.3')).statusCode).toBe(200);
    expect((await signIn(BOB, '10.9.0.4')).statusCode).toBe(200);
  });

  it('counts only unused, unexpired nonces: using one or letting one lapse frees a place', async () => {
    for (let i = 0; i < NONCE_CAP; i++) expect((await nonce('10.8.0.1')).statusCode).toBe(200);
    expect((await nonce('10.8.0.1')).statusCode).toBe(429);
    dev.db
      .prepare("UPDATE siwx_nonces SET used_at = created_at WHERE rowid = (SELECT MIN(rowid) FROM siwx_nonces WHERE ip_key = '10.8.0.1')")
      .run();
    expect((await nonce('10.8.0.1')).statusCode).toBe(200);
    expect((await nonce('10.8.0.1')).statusCode).toBe(429);
    dev.db
      .prepare("UPDATE siwx_nonces SET expires_at = ? WHERE rowid = (SELECT MAX(rowid) FROM siwx_nonces WHERE ip_key = '10.8.0.1')")
      .run(Date.now() - 1);
    expect((await nonce('10.8.0.1')).statusCode).toBe(200);
  });

  it('gives a nonce for 5 minutes', async () => {
    const before = Date.now();
    const { expiresAt } = (await nonce('10.7.0.1')).json();
    expect(expiresAt - before).toBeGreaterThanOrEqual(NONCE_TTL_MS);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(NONCE_TTL_MS);
    expect(NONCE_TTL_MS).toBe(5 * 60_000);
  });
});

describe('sessions per account', () => {
  it('keeps an account’s newest sessions, deleting the oldest, and another account still signs in', async () => {
    // The attack run: one key made 99,996 sessions; here one key signs in the cap and 5 more times.
    const tokens: string[] = [];
    for (let i = 0; i < SESSION_CAP + 5; i++) {
      const res = await signIn(ALICE, `10.6.0.${1 + (i % 3)}`);
      expect(res.statusCode).toBe(200);
      tokens.push(res.json().token);
    }
    const count = dev.db.prepare('SELECT COUNT(*) AS n FROM siwx_sessions WHERE address = ?');
    expect(count.get(ALICE.address)).toEqual({ n: SESSION_CAP });
    for (const token of tokens.slice(0, 5)) expect((await session(token)).json().message).toBe('Unknown session');
    for (const token of tokens.slice(5)) expect((await session(token)).statusCode).toBe(200);
    const bob = await signIn(BOB);
    expect(bob.statusCode).toBe(200);
    expect((await session(bob.json().token)).statusCode).toBe(200);
    expect(count.get(ALICE.address)).toEqual({ n: SESSION_CAP });
  });
});

describe('query plans', () => {
  const plan = (query: Compilable) => {
    const { sql, parameters } = query.compile();
    return (dev.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[]).map((row) => row.detail).join('\n');
  };
  const queries = () => siwxQueries(sqliteStorage(dev.db).db, 'sqlite');

  it('counts an address’s nonces through a covering index, never scanning the table', () => {
    const detail = plan(queries().outstanding(DEV, '10.0.0.1', 0, NONCE_CAP));
    expect(detail).toMatch(
      /SEARCH siwx_nonces USING COVERING INDEX siwx_nonces_by_client \(project_id=\? AND ip_key=\? AND expires_at>\?\)/,
    );
    expect(detail).not.toMatch(/SCAN siwx_nonces/);
  });

  it('trims an account’s sessions through the account index, without sorting', () => {
    const detail = plan(queries().trimAccount(DEV, 'eip155', ALICE.address, SESSION_CAP));
    expect(detail).toMatch(
      /SEARCH siwx_sessions USING (COVERING )?INDEX siwx_sessions_by_account \(project_id=\? AND namespace=\? AND address=\?\)/,
    );
    expect(detail).not.toMatch(/SCAN siwx_sessions|TEMP B-TREE/);
  });
});
