/**
 * Sign in with X against the real app (buildApp over an in-memory SQLite database): eip155
 * sign-ins signed by Hardhat's dev keys (viem), solana ones by fresh ed25519 keys, the session
 * routes, projects kept apart, CORS, and the rate limits (the caps: ./siwx-limits.test.ts).
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createSiweMessage } from 'viem/siwe';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCaip122 } from '../../../src/wire/caip122.js';
import { base58Encode } from '../../../src/wire/base58.js';
import { networks } from '../../../src/wire/networks.js';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/open.js';
import { createProject, seedDevProject } from '../projects.js';

const DEV = 'w3kit-dev';
const ORIGIN = 'http://localhost:5173';
const ALICE = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

let db: Database;
let app: FastifyInstance;

beforeEach(async () => {
  db = openDatabase(undefined);
  seedDevProject(db);
  createProject(db, { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] });
  app = buildApp({ db });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  db.close();
});

async function nonce(projectId = DEV, origin = ORIGIN, remoteAddress?: string) {
  return app.inject({
    method: 'GET',
    url: `/v1/siwx/nonce?projectId=${projectId}`,
    headers: { origin },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function freshNonce(projectId = DEV, origin = ORIGIN): Promise<string> {
  const res = await nonce(projectId, origin);
  expect(res.statusCode).toBe(200);
  return res.json().nonce;
}

async function verify(message: string, signature: string, projectId = DEV, origin = ORIGIN) {
  return app.inject({
    method: 'POST',
    url: `/v1/siwx/verify?projectId=${projectId}`,
    headers: { origin },
    payload: { message, signature },
  });
}

function withToken(method: 'GET' | 'POST', path: string, token: string, projectId = DEV) {
  return app.inject({ method, url: `${path}?projectId=${projectId}`, headers: { origin: ORIGIN, authorization: `Bearer ${token}` } });
}

async function eip155SignIn(projectId = DEV, origin = ORIGIN) {
  const message = createSiweMessage({
    domain: new URL(origin).host,
    address: ALICE.address,
    statement: 'Sign in to the test app',
    uri: `${origin}/`,
    version: '1',
    chainId: 31337,
    nonce: await freshNonce(projectId, origin),
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 3_600_000),
  });
  return { message, res: await verify(message, await ALICE.signMessage({ message }), projectId, origin) };
}

describe('eip155 sign-in', () => {
  it('gives a token whose session, account sessions and revoke answer, and a revoked token is refused', async () => {
    const { message, res } = await eip155SignIn();
    expect(res.statusCode).toBe(200);
    const { token, session } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({
      namespace: 'eip155',
      chainId: 'eip155:31337',
      address: ALICE.address,
      domain: 'localhost:5173',
      message,
    });
    expect(session.statement).toBe('Sign in to the test app');
    // The token is stored only hashed.
    expect(db.prepare('SELECT COUNT(*) AS n FROM siwx_sessions WHERE token_hash = ?').get(token)).toEqual({ n: 0 });

    expect((await withToken('GET', '/v1/siwx/session', token)).json()).toEqual({ session });
    const second = (await eip155SignIn()).res.json();
    const listed = (await withToken('GET', '/v1/siwx/sessions', token)).json();
    expect(listed.sessions.map((s: { id: string }) => s.id)).toEqual([second.session.id, session.id]);

    expect((await withToken('POST', '/v1/siwx/revoke', token)).json()).toEqual({ revoked: true });
    const after = await withToken('GET', '/v1/siwx/session', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session revoked');
    // Revoking is idempotent; the account's list no longer holds the revoked session.
    expect((await withToken('POST', '/v1/siwx/revoke', token)).statusCode).toBe(200);
    const remaining = (await withToken('GET', '/v1/siwx/sessions', second.token)).json();
    expect(remaining.sessions.map((s: { id: string }) => s.id)).toEqual([second.session.id]);
  });

  it('answers an expired session with 401 Session expired', async () => {
    const { token } = (await eip155SignIn()).res.json();
    db.prepare('UPDATE siwx_sessions SET expires_at = ?').run(Date.now() - 1000);
    const res = await withToken('GET', '/v1/siwx/session', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session expired');
  });

  it('parses the bearer token strictly: missing is 401, malformed 400, unknown 401', async () => {
    const missing = await app.inject({ method: 'GET', url: `/v1/siwx/session?projectId=${DEV}`, headers: { origin: ORIGIN } });
    expect(missing.statusCode).toBe(401);
    const malformed = await app.inject({
      method: 'GET',
      url: `/v1/siwx/session?projectId=${DEV}`,
      headers: { authorization: 'Bearer abc' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'authorization' });
    const unknown = await withToken('GET', '/v1/siwx/session', 'A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Unknown session');
  });

  it('keeps projects apart: a token of one project is unknown to another', async () => {
    const { token } = (await eip155SignIn()).res.json();
    const res = await app.inject({ method: 'GET', url: '/v1/siwx/session?projectId=shop', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unknown session');
    // And a nonce of one project does not sign in to the other.
    const { message } = await eip155SignIn();
    const other = await verify(message.replace(/Nonce: \w+/, `Nonce: ${await freshNonce('shop', 'https://shop.example')}`), '0x00', DEV);
    expect(other.json().message).toBe('Unknown nonce');
  });
});

describe('solana sign-in', () => {
  function solanaKey() {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const x = publicKey.export({ format: 'jwk' }).x!;
    return {
      address: base58Encode(Buffer.from(x, 'base64url')),
      sign: (text: string) => base58Encode(sign(null, Buffer.from(text, 'utf8'), privateKey)),
    };
  }

  async function solanaMessage(address: string) {
    return formatCaip122({
      namespace: 'solana',
      domain: 'localhost:5173',
      address,
      statement: 'Sign in to the test app',
      uri: `${ORIGIN}/`,
      version: '1',
      chainReference: networks.solanaLocal.caipNetworkId.slice('solana:'.length),
      nonce: await freshNonce(),
      issuedAt: new Date().toISOString(),
    });
  }

  it('accepts an ed25519 signature by the address and refuses one by another key', async () => {
    const key = solanaKey();
    const message = await solanaMessage(key.address);
    const res = await verify(message, key.sign(message));
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toMatchObject({ namespace: 'solana', chainId: networks.solanaLocal.caipNetworkId, address: key.address });

    const other = await solanaMessage(key.address);
    const refused = await verify(other, solanaKey().sign(other));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid signature');
  });

  it('names a signature that is not base58 and a chain that is not a Solana genesis hash', async () => {
    const key = solanaKey();
    const message = await solanaMessage(key.address);
    const bad = await verify(message, '0OIl');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'signature' });
    const chain = await verify(message.replace(/Chain ID: \w+/, 'Chain ID: NotAGenesisHash'), key.sign(message));
    expect(chain.json()).toEqual({ message: 'Chain solana:NotAGenesisHash is not supported', field: 'chainId' });
  });
});

describe('access and bounds', () => {
  it('refuses a page whose Origin the project does not allow, like the other allowed-origins routes', async () => {
    const res = await nonce(DEV, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Origin 'https://evil.example' is not allowed for project 'w3kit-dev'");
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: `/v1/siwx/session?projectId=${DEV}`,
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/(^|, )authorization(,|$)/);
  });

  it('limits nonce requests per client IP', async () => {
    const spendAll = db.prepare('UPDATE siwx_nonces SET used_at = created_at');
    // Spent as they come, so the cap on unused nonces (./siwx-limits.test.ts) stays out of the way.
    for (let i = 0; i < 120; i++) {
      expect((await nonce(DEV, ORIGIN, '10.0.0.1')).statusCode).toBe(200);
      spendAll.run();
    }
    const refused = await nonce(DEV, ORIGIN, '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many nonce requests from this address/);
    expect((await nonce(DEV, ORIGIN, '10.0.0.2')).statusCode).toBe(200);
  });

  it('limits sign-in verifications per client address (an IPv6 /64)', async () => {
    const attempt = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: `/v1/siwx/verify?projectId=${DEV}`, remoteAddress, payload: { message: 'x', signature: '0x00' } });
    // One IPv6 /64 is one client, whatever its low 64 bits.
    for (let i = 0; i < 120; i++) expect((await attempt(`2001:db8:3:3::${(i + 1).toString(16)}`)).statusCode).toBe(400);
    const refused = await attempt('2001:db8:3:3:ffff:ffff:ffff:ffff');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-in verifications from this address/);
    expect((await attempt('2001:db8:3:4::1')).statusCode).toBe(400);
    expect((await attempt('10.0.0.4')).statusCode).toBe(400);
  });
});
