/**
 * What POST /v1/siwx/verify refuses, each with the status and text naming what was wrong:
 * nonces (unknown, expired, replayed, raced, and not spent by a bad signature), domain and URI,
 * times, the message's form, the chain and address, signatures by another key and high-s
 * ones (EIP-2); and the sweep of lapsed rows.
 */
import { recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { useDevApp } from '../../test/dev-app.js';
import { formatCaip122, parseCaip122, type Caip122Fields } from '../../../src/wire/caip122.js';
import { buildApp } from '../app.js';
import { SECP256K1_N } from '../chains/eip155/ecdsa-low-s.js';
import { EIP155_MAX_CHAIN_ID } from '../chains/eip155/siwx.js';

const DEV = 'w3kit-dev';
const ORIGIN = 'http://localhost:5173';
const ALICE = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const BOB = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const HOUR = 3_600_000;

const dev = useDevApp();

async function freshNonce(): Promise<string> {
  const res = await dev.app.inject({ method: 'GET', url: `/v1/siwx/nonce?projectId=${DEV}`, headers: { origin: ORIGIN } });
  return res.json().nonce;
}

async function message(fields: Partial<Caip122Fields> = {}): Promise<string> {
  return formatCaip122({
    namespace: 'eip155',
    domain: 'localhost:5173',
    address: ALICE.address,
    statement: 'Sign in to the test app',
    uri: `${ORIGIN}/`,
    version: '1',
    chainReference: '31337',
    nonce: fields.nonce ?? (await freshNonce()),
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(Date.now() + HOUR).toISOString(),
    ...fields,
  });
}

async function verify(text: string, signature?: string) {
  const payload = { message: text, signature: signature ?? (await ALICE.signMessage({ message: text })) };
  return dev.app.inject({ method: 'POST', url: `/v1/siwx/verify?projectId=${DEV}`, headers: { origin: ORIGIN }, payload });
}

async function refusal(text: string, signature?: string) {
  const res = await verify(text, signature);
  return { status: res.statusCode, ...(res.json() as { message: string; field?: string }) };
}

describe('nonces', () => {
  it('refuses a replayed nonce with 409 Nonce already used', async () => {
    const text = await message();
    expect((await verify(text)).statusCode).toBe(200);
    expect(await refusal(text)).toEqual({ status: 409, message: 'Nonce already used', field: 'nonce' });
  });

  it('lets one of two concurrent verifies of a nonce pass', async () => {
    const text = await message();
    const signature = await ALICE.signMessage({ message: text });
    const codes = (await Promise.all([verify(text, signature), verify(text, signature)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
  });

  it('spends a nonce in one conditional UPDATE: a second spend of it changes nothing', async () => {
    const store = dev.app.siwx;
    const { nonce } = await store.issueNonce(DEV, '127.0.0.1', Date.now(), HOUR);
    expect(await store.spendNonce(DEV, nonce, Date.now())).toBe(true);
    expect(await store.spendNonce(DEV, nonce, Date.now())).toBe(false);
    const expired = await store.issueNonce(DEV, '127.0.0.1', Date.now() - 2 * HOUR, HOUR);
    expect(await store.spendNonce(DEV, expired.nonce, Date.now())).toBe(false);
  });

  it('refuses a nonce it never issued', async () => {
    expect(await refusal(await message({ nonce: 'NeverIssued12345' }))).toEqual({ status: 400, message: 'Unknown nonce', field: 'nonce' });
  });

  it('refuses an expired nonce', async () => {
    const text = await message();
    dev.db.prepare('UPDATE siwx_nonces SET created_at = created_at - ?, expires_at = ?').run(HOUR, Date.now() - 1);
    expect(await refusal(text)).toEqual({ status: 400, message: 'Nonce expired', field: 'nonce' });
  });

  it('checks the signature before spending the nonce: another key or garbage is 401 and the signer still signs in', async () => {
    const text = await message();
    const invalid = { status: 401, message: 'Invalid signature', field: 'signature' };
    expect(await refusal(text, await BOB.signMessage({ message: text }))).toEqual(invalid);
    expect(await refusal(text, `0x${'11'.repeat(65)}`)).toEqual(invalid);
    expect(await refusal(text, '0x00')).toEqual(invalid);
    expect(dev.db.prepare('SELECT used_at FROM siwx_nonces WHERE nonce = ?').get(parseCaip122(text).nonce)).toEqual({ used_at: null });
    expect((await verify(text)).statusCode).toBe(200);
    expect((await refusal(text)).status).toBe(409);
  });
});

describe('domain and URI', () => {
  it('refuses a domain that is not the host of an allowed origin', async () => {
    expect(await refusal(await message({ domain: 'evil.example' }))).toEqual({
      status: 403,
      message: 'Domain evil.example is not an allowed origin of this project',
      field: 'domain',
    });
    expect((await refusal(await message({ domain: 'localhost:5173/path' }))).field).toBe('domain');
  });

  it('refuses a URI of another origin than the domain, or one the project does not allow', async () => {
    expect(await refusal(await message({ uri: 'http://127.0.0.1:5173/' }))).toEqual({
      status: 403,
      message: 'URI http://127.0.0.1:5173/ does not match the domain',
      field: 'uri',
    });
    expect(await refusal(await message({ uri: 'https://localhost:5173/' }))).toEqual({
      status: 403,
      message: 'URI https://localhost:5173/ is not an allowed origin of this project',
      field: 'uri',
    });
  });
});

describe('times', () => {
  it('refuses a message past its expiration', async () => {
    const text = await message({ expirationTime: new Date(Date.now() - 1000).toISOString() });
    expect(await refusal(text)).toEqual({ status: 400, message: 'Message expired', field: 'expirationTime' });
  });

  it('refuses an expiration more than 7 days ahead, and gives a message without one 7 days', async () => {
    const far = await message({ expirationTime: new Date(Date.now() + 8 * 24 * HOUR).toISOString() });
    expect(await refusal(far)).toEqual({ status: 400, message: 'Expiration Time is more than 7 days ahead', field: 'expirationTime' });
    const open = await message({ expirationTime: undefined });
    const { session } = (await verify(open)).json();
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(7 * 24 * HOUR - 60_000);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(7 * 24 * HOUR);
  });

  it('refuses an issued-at in the future or before the nonce, and a not-before in the future', async () => {
    const future = await message({ issuedAt: new Date(Date.now() + 5 * 60_000).toISOString() });
    expect(await refusal(future)).toEqual({ status: 400, message: 'Issued At is in the future', field: 'issuedAt' });
    const early = await message({ issuedAt: new Date(Date.now() - HOUR).toISOString() });
    expect(await refusal(early)).toEqual({ status: 400, message: 'Issued At is before the nonce was issued', field: 'issuedAt' });
    const notBefore = new Date(Date.now() + 5 * 60_000).toISOString();
    expect(await refusal(await message({ notBefore }))).toEqual({
      status: 400,
      message: `The message is not valid before ${notBefore}`,
      field: 'notBefore',
    });
  });
});

describe('form, chain and address', () => {
  it('names the field of a malformed message', async () => {
    const text = (await message()).replace('Version: 1\n', '');
    const res = await refusal(text);
    expect(res.status).toBe(400);
    expect(res.field).toBe('version');
    expect(res.message).toMatch(/^Invalid message: /);
  });

  it('refuses an eip155 chain id outside 1..4503599627370476 (the bound wallets enforce)', async () => {
    expect(await refusal(await message({ chainReference: '0' }))).toEqual({
      status: 400,
      message: 'Chain eip155:0 is not supported',
      field: 'chainId',
    });
    for (const reference of ['4503599627370477', '9007199254740991', '9007199254740993', '01']) {
      expect((await refusal(await message({ chainReference: reference }))).message).toBe(`Chain eip155:${reference} is not supported`);
    }
    // Its form is fine; whether a project takes it is ./siwx-chains.test.ts.
    expect((await refusal(await message({ chainReference: String(EIP155_MAX_CHAIN_ID) }))).message).toBe(
      `This project does not accept sign-in on chain eip155:${EIP155_MAX_CHAIN_ID}`,
    );
  });

  it('refuses a high-s signature (EIP-2) that recovers to the signer, before spending the nonce', async () => {
    const text = await message();
    const good = await ALICE.signMessage({ message: text });
    // The same signature with s' = n - s and the other parity: just as valid an ECDSA signature.
    const s = BigInt(`0x${good.slice(66, 130)}`);
    const v = parseInt(good.slice(130), 16) === 27 ? '1c' : '1b';
    const high: `0x${string}` = `0x${good.slice(2, 66)}${(SECP256K1_N - s).toString(16).padStart(64, '0')}${v}`;
    expect(await recoverMessageAddress({ message: text, signature: high })).toBe(ALICE.address);
    expect(await refusal(text, high)).toEqual({
      status: 400,
      message: 'Invalid signature: its s is above half the curve order (EIP-2 takes only low-s signatures)',
      field: 'signature',
    });
    expect((await verify(text, good)).statusCode).toBe(200);
  });

  it('refuses a mixed-case address with a wrong checksum, and stores a lower-case one checksummed', async () => {
    const wrong = ALICE.address.replace('39Fd', '39fd');
    expect(wrong).not.toBe(ALICE.address);
    const bad = await refusal(await message({ address: wrong }));
    expect(bad).toMatchObject({ status: 400, field: 'address' });
    const res = await verify(await message({ address: ALICE.address.toLowerCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().session.address).toBe(ALICE.address);
  });

  it('refuses a signature that is not hex, naming it, before spending the nonce', async () => {
    const text = await message();
    expect(await refusal(text, 'not-hex')).toEqual({
      status: 400,
      message: 'Invalid signature: must be 0x and hex digits',
      field: 'signature',
    });
    expect((await verify(text)).statusCode).toBe(200);
  });

  it('refuses a contract account on a chain the backend has no RPC for', async () => {
    // A signature by Alice for an address that is not hers: with no RPC nothing can vouch for it.
    const text = await message({ address: BOB.address });
    expect(await refusal(text)).toEqual({ status: 401, message: 'Invalid signature', field: 'signature' });
  });
});

it('sweeps lapsed nonces and sessions when the server starts', async () => {
  const t = Date.now();
  dev.db
    .prepare('INSERT INTO siwx_nonces (nonce, project_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .run('lapsed00', DEV, t - HOUR, t - 1);
  dev.db
    .prepare('INSERT INTO siwx_nonces (nonce, project_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .run('current0', DEV, t, t + HOUR);
  const { token } = (await verify(await message())).json();
  expect(token).toBeTypeOf('string');
  dev.db.prepare('UPDATE siwx_sessions SET expires_at = ?').run(t - 2 * 24 * HOUR);
  const restarted = buildApp({ db: dev.db });
  await restarted.ready();
  await restarted.close();
  const kept = dev.db.prepare("SELECT nonce FROM siwx_nonces WHERE nonce IN ('lapsed00', 'current0')").all();
  expect(kept).toEqual([{ nonce: 'current0' }]);
  expect(dev.db.prepare('SELECT COUNT(*) AS n FROM siwx_sessions').get()).toEqual({ n: 0 });
});
