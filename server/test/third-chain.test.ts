/**
 * Issue 30's proof on the server: a namespace the server has never heard of, registered through
 * the registry (the `chains` of the blockchain repository, here SERVER_CHAINS and one more), is
 * served by supported-chains and the balances route with no other file changed.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { SERVER_CHAINS } from '../src/chains/index.js';
import type { ServerChain, TokenBalance } from '../src/chains/types.js';
import { openDatabase } from '../src/db/open.js';
import { HttpError } from '../src/errors.js';
import { seedDevProject } from '../src/projects.js';
import { DEV, LOCAL_ORIGIN } from './helpers.js';

const CHAIN_ID = 'tst:main';
/** The addresses the test namespace's node was asked about, normalized. */
const asked: string[] = [];

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
  node: () => ({
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
    chainForm: 'tst:<name>',
    referenceValid: () => false,
    defaultChains: [],
    account: () => {
      throw new HttpError(400, 'No sign-in on tst', 'chainId');
    },
    verify: async () => false,
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
});
