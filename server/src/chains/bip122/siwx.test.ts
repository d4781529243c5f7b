/**
 * Sign in with X on bip122 through the real routes (buildApp over SQLite): a BIP-322 simple
 * signature of the CAIP-122 message by a P2WPKH (regtest, the local chain) or P2TR (mainnet,
 * signed by bip322-js, the reference) address gives a session; another message's signature, a
 * legacy address and a signature that is not base64 are refused, naming what is wrong.
 */
import { p2tr, p2wpkh, TEST_NETWORK, WIF } from '@scure/btc-signer';
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js';
import { Signer } from 'bip322-js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCaip122 } from '../../../../src/wire/caip122.js';
import { signBip322 } from '../../../../src/wire/bip122/bip322.js';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/open.js';
import { seedDevProject } from '../../projects.js';
import { BIP122_CHAINS } from './siwx.js';

const DEV = 'w3kit-dev';
const ORIGIN = 'http://localhost:5173';
const KEY = new Uint8Array(32).fill(7);
const REGTEST_WPKH = p2wpkh(pubECDSA(KEY), { ...TEST_NETWORK, bech32: 'bcrt' }).address!;
const MAINNET_TR = p2tr(pubSchnorr(KEY)).address!;
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = openDatabase(undefined);
  seedDevProject(db);
  app = buildApp({ db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  db.close();
});

async function message(address: string, chainId: string): Promise<string> {
  const nonce = await app.inject({ method: 'GET', url: `/v1/siwx/nonce?projectId=${DEV}`, headers: { origin: ORIGIN } });
  return formatCaip122(
    {
      namespace: 'bip122',
      domain: 'localhost:5173',
      address,
      statement: 'Sign in to the test app',
      uri: `${ORIGIN}/`,
      version: '1',
      chainReference: chainId.slice('bip122:'.length),
      nonce: nonce.json().nonce,
      issuedAt: new Date().toISOString(),
    },
    new Map([['bip122', 'Bitcoin']]),
  );
}

const verify = (text: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: `/v1/siwx/verify?projectId=${DEV}`,
    headers: { origin: ORIGIN },
    payload: { message: text, signature },
  });

describe('bip122 sign-in (BIP-322)', () => {
  it('gives a session for a P2WPKH signature on the local chain and a P2TR one signed by bip322-js', async () => {
    const local = await message(REGTEST_WPKH, BIP122_CHAINS.regtest);
    expect(local).toContain('localhost:5173 wants you to sign in with your Bitcoin account:');
    const res = await verify(local, signBip322(KEY, REGTEST_WPKH, local));
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toMatchObject({ namespace: 'bip122', chainId: BIP122_CHAINS.regtest, address: REGTEST_WPKH });

    const mainnet = await message(MAINNET_TR, BIP122_CHAINS.mainnet);
    const theirs = Signer.sign(WIF().encode(KEY), MAINNET_TR, mainnet);
    const tr = await verify(mainnet, theirs);
    expect(tr.statusCode).toBe(200);
    expect(tr.json().session).toMatchObject({ namespace: 'bip122', chainId: BIP122_CHAINS.mainnet, address: MAINNET_TR });
  });

  it("refuses another message's signature, a legacy address and a signature that is not base64", async () => {
    const first = await message(REGTEST_WPKH, BIP122_CHAINS.regtest);
    const second = await message(REGTEST_WPKH, BIP122_CHAINS.regtest);
    const replayed = await verify(second, signBip322(KEY, REGTEST_WPKH, first));
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe('Invalid signature');

    const legacy = await message('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', BIP122_CHAINS.mainnet);
    expect((await verify(legacy, 'AUE=')).json()).toEqual({
      message: 'Invalid bip122 address 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2: must be a P2WPKH or P2TR (bech32) address',
      field: 'address',
    });
    const elsewhere = await message(MAINNET_TR, BIP122_CHAINS.regtest);
    expect((await verify(elsewhere, signBip322(KEY, MAINNET_TR, elsewhere))).json()).toEqual({
      message: `Invalid bip122 address ${MAINNET_TR}: ${BIP122_CHAINS.regtest} addresses start with bcrt1`,
      field: 'address',
    });
    const text = await message(REGTEST_WPKH, BIP122_CHAINS.regtest);
    expect((await verify(text, 'not base64!')).json()).toEqual({
      message: 'Invalid signature: must be a BIP-322 simple signature in base64',
      field: 'signature',
    });
  });
});
