/**
 * Issue 30's proof on the server: a namespace the server has never heard of, registered through
 * the registry (the `chains` of the blockchain repository, here SERVER_CHAINS and one more), is
 * served by supported-chains, balances, history, NFTs and token metadata (POST
 * /v1/fungible/price) and Sign in with X (its account type, chain and address forms, its
 * signature check) with no other file changed; a namespace whose node lacks a read is refused
 * by name.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { SERVER_CHAINS } from '../src/chains/index.js';
import type { ChainReads, ServerChain, TokenBalance } from '../src/chains/types.js';
import { openDatabase } from '../src/db/open.js';
import { HttpError } from '../src/errors.js';
import { seedDevProject } from '../src/projects.js';
import { formatCaip122 } from '../../src/wire/caip122.js';
import { DEV, LOCAL_ORIGIN } from './helpers.js';

const CHAIN_ID = 'tst:main';
/** The test namespace's "signature": a SHA-256 of the signer and the text (what a key would prove). */
const testSignature = (address: string, text: string) => createHash('sha256').update(`${address.toUpperCase()}|${text}`).digest('hex');
/** The addresses the test namespace's node was asked about, normalized. */
const asked: string[] = [];

/** The token ids of the test namespace: `native` or `TOK` and 1 to 3 digits. */
const TOKEN = /^(native|TOK[0-9]{1,3})$/;

const reads: ChainReads = {
  async history(chainId, address, cursor) {
    asked.push(address);
    const metadata = { operationType: 'send' as const, hash: 'h1', minedAt: '2026-01-01T00:00:00Z', sentFrom: address, sentTo: 'ACCT-1' };
    const tx = { id: 'h1', metadata: { ...metadata, status: 'confirmed' as const, nonce: 1, chain: chainId }, transfers: [] };
    return cursor ? { data: [], next: null } : { data: [tx], next: 'p2' };
  },
  async nfts(_chainId, address, tokenIcon) {
    asked.push(address);
    return [{ contract: 'acct-c0', tokenId: '7', name: 'Test NFT #7', imageUrl: tokenIcon('NFT'), collection: 'Test NFTs', spam: false }];
  },
  async tokens(_chainId, tokens, tokenIcon) {
    return tokens.map((t) => ({ name: `Test ${t}`, symbol: t === 'native' ? 'TST' : t, iconUrl: tokenIcon('TST'), price: 2 }));
  },
};

const testChain: ServerChain = {
  namespace: 'tst',
  chainIdPattern: /^tst:[a-z]{1,8}$/,
  chainIdForm: 'tst:<name>',
  address: {
    pattern: /^acct-[0-9A-F]{1,8}$/i,
    rule: 'must be acct- and 1 to 8 hex digits',
    normalize: (a) => a.toUpperCase(),
    display: (a) => a,
  },
  caip10Balances: true,
  missingNode: 'No test chain',
  reads: ['history', 'nfts', 'tokens'],
  tokens: { token: (id) => (TOKEN.test(id) ? id : undefined), rule: 'must be tst:<name>:native or tst:<name>:TOK and 1 to 3 digits' },
  node: () => ({
    ...reads,
    namespace: 'tst',
    publicUrl: 'http://tst.invalid',
    chainId: async () => CHAIN_ID,
    announcedChainId: async () => CHAIN_ID,
    async balances(chainId, address, tokenIcon): Promise<TokenBalance[]> {
      asked.push(address);
      const quantity = { decimals: '2', numeric: '12.5' };
      return [{ name: 'Test coin', symbol: 'TST', chainId, value: 25, price: 2, quantity, iconUrl: tokenIcon('TST') }];
    },
  }),
  siwx: {
    accountType: 'Tester',
    chainForm: 'tst:<name>',
    example: 'tst:main',
    referenceValid: (reference) => /^[a-z]{1,8}$/.test(reference),
    defaultChains: [CHAIN_ID],
    account: (address, signature) => {
      if (!/^acct-[0-9A-F]{1,8}$/i.test(address)) throw new HttpError(400, `Invalid tst address ${address}`, 'address');
      if (!/^[0-9a-f]{64}$/.test(signature)) throw new HttpError(400, 'Invalid tst signature: 64 hex digits', 'signature');
      return { address: address.toUpperCase(), signature: `0x${signature}` };
    },
    verify: async (text, message) => message.signature === `0x${testSignature(message.address, text)}`,
  },
};

let app: FastifyInstance;

beforeAll(async () => {
  const db = openDatabase(undefined);
  seedDevProject(db);
  app = buildApp({ db, blockchain: { chains: [...SERVER_CHAINS, testChain] } });
  await app.ready();
});
afterAll(() => app.close());

async function get(path: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ projectId: DEV, st: 'w3kit', sv: 'w3kit-0.1.0', ...query });
  const res = await app.inject({ url: `${path}?${params}`, headers: { origin: LOCAL_ORIGIN } });
  return { status: res.statusCode, body: res.json() };
}

describe('a fourth namespace, registered in the test', () => {
  it('is listed by supported-chains (the only chain with a node here)', async () => {
    expect(await get('/v1/supported-chains')).toEqual({ status: 200, body: { http: [CHAIN_ID], ws: [] } });
  });

  it('answers balances by its address form, its chainId and its CAIP-10 account', async () => {
    asked.length = 0;
    for (const [address, query] of [
      ['acct-7f', {}],
      ['acct-7f', { chainId: CHAIN_ID }],
      [`${CHAIN_ID}:acct-7f`, {}],
    ] as const) {
      const { status, body } = await get(`/v1/account/${address}/balance`, query);
      expect(status, address).toBe(200);
      expect(body.balances).toEqual([
        expect.objectContaining({ symbol: 'TST', chainId: CHAIN_ID, value: 25, quantity: { decimals: '2', numeric: '12.5' } }),
      ]);
    }
    expect(asked).toEqual(['ACCT-7F', 'ACCT-7F', 'ACCT-7F']);
  });

  it("refuses another chain of the namespace, and an address not of the asked chain's form", async () => {
    expect(await get('/v1/account/acct-7f/balance', { chainId: 'tst:other' })).toMatchObject({
      status: 400,
      body: { message: "Invalid query parameter 'chainId': chain 'tst:other' is not supported (supported: tst:main)" },
    });
    expect(await get('/v1/account/0x12/balance', { chainId: CHAIN_ID })).toMatchObject({
      status: 400,
      body: { message: "Invalid path parameter 'address': must be acct- and 1 to 8 hex digits" },
    });
  });

  it('leaves the other namespaces as they were: no node, a 503 naming the flag', async () => {
    const evm = await get(`/v1/account/0x${'1'.repeat(40)}/balance`);
    expect(evm).toMatchObject({ status: 503, body: { message: 'No EVM chain is indexed: start w3kit-server with --evm-rpc URL' } });
  });

  it('answers history, a page at a time, and NFTs, through its node', async () => {
    asked.length = 0;
    const first = await get('/v1/account/acct-7f/history', { chainId: CHAIN_ID });
    expect(first).toMatchObject({
      status: 200,
      body: { data: [{ id: 'h1', metadata: { chain: CHAIN_ID, sentFrom: 'ACCT-7F' } }], next: 'p2' },
    });
    expect(await get('/v1/account/acct-7f/history', { cursor: 'p2' })).toEqual({ status: 200, body: { data: [], next: null } });
    const nfts = await get('/v1/account/acct-7f/nfts');
    expect(nfts).toMatchObject({
      status: 200,
      body: { data: [{ contract: 'acct-c0', tokenId: '7', collection: 'Test NFTs', spam: false }] },
    });
    expect(asked).toEqual(['ACCT-7F', 'ACCT-7F', 'ACCT-7F']);
  });

  it('answers token metadata and prices, in the order asked, and refuses a token of no form it takes', async () => {
    const post = (addresses: string[]) =>
      app.inject({
        method: 'POST',
        url: `/v1/fungible/price?projectId=${DEV}`,
        headers: { origin: LOCAL_ORIGIN },
        payload: { currency: 'usd', addresses },
      });
    const reply = await post([`${CHAIN_ID}:TOK1`, `${CHAIN_ID}:native`]);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().fungibles).toEqual([
      expect.objectContaining({ name: 'Test TOK1', symbol: 'TOK1', price: 2 }),
      expect.objectContaining({ name: 'Test native', symbol: 'TST', price: 2 }),
    ]);
    expect((await post([`${CHAIN_ID}:native`, `${CHAIN_ID}:0x12`])).json()).toEqual({
      message: "Invalid body field 'addresses.1': must be tst:<name>:native or tst:<name>:TOK and 1 to 3 digits",
      field: 'addresses.1',
    });
  });

  it('refuses a read a namespace does not serve, naming the namespace', async () => {
    const solanaAccount = 'So11111111111111111111111111111111111111112';
    expect(await get(`/v1/account/${solanaAccount}/history`)).toMatchObject({
      status: 400,
      body: { message: 'This server has no account history on the solana namespace (only on eip155, bip122, tst)', field: 'address' },
    });
    expect(await get('/v1/account/acct-7f/nfts', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toMatchObject({
      status: 400,
      body: { message: 'This server has no NFTs on the solana namespace (only on eip155, tst)', field: 'chainId' },
    });
  });

  it('signs in over HTTP: its account type in the message, its address and signature forms, its check', async () => {
    const verify = async (address: string, sign: (text: string) => string) => {
      const nonce = await app.inject({ url: `/v1/siwx/nonce?projectId=${DEV}`, headers: { origin: LOCAL_ORIGIN } });
      const message = formatCaip122(
        {
          namespace: 'tst',
          domain: new URL(LOCAL_ORIGIN).host,
          address,
          uri: `${LOCAL_ORIGIN}/`,
          version: '1',
          chainReference: 'main',
          nonce: nonce.json().nonce,
          issuedAt: new Date().toISOString(),
        },
        new Map([['tst', 'Tester']]),
      );
      expect(message).toContain('wants you to sign in with your Tester account:\nacct-7f\n');
      const reply = await app.inject({
        method: 'POST',
        url: `/v1/siwx/verify?projectId=${DEV}`,
        headers: { origin: LOCAL_ORIGIN },
        payload: { message, signature: sign(message) },
      });
      return { status: reply.statusCode, body: reply.json() };
    };
    const signed = await verify('acct-7f', (text) => testSignature('acct-7f', text));
    expect(signed).toMatchObject({ status: 200, body: { session: { chainId: CHAIN_ID, address: 'ACCT-7F' } } });
    expect(await verify('acct-7f', (text) => testSignature('acct-8f', text))).toMatchObject({
      status: 401,
      body: { message: 'Invalid signature', field: 'signature' },
    });
    expect(await verify('acct-7f', () => 'not hex')).toMatchObject({ status: 400, body: { field: 'signature' } });
  });
});
