import { afterEach, describe, expect, it } from 'vitest';
import { startLoopback, type LoopbackServer, type Reply } from '../test-utils/loopback-server.js';
import { ACCOUNT, CHAIN, DUSD } from '../test-utils/blockchain-fixtures.js';
import { NATIVE_TOKEN_ADDRESS } from '../wire/convert-api.js';
import { createSwapApi } from './swap-api.js';
import { ApiError, InvalidReplyError } from './errors.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ETH_ID = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`;
const DUSD_ID = `${CHAIN}:${DUSD}`;
const USER = `${CHAIN}:${ACCOUNT}`;
const TX = { from: ACCOUNT, to: DUSD, data: '0x095ea7b3', value: '0' };

async function apiFor(reply: (path: string) => Reply) {
  server = await startLoopback((req) => reply(req.path));
  return { server, api: createSwapApi({ blockchainApiUrl: server.url, projectId: 'proj-1', sleep: async () => {}, attempts: 1 }) };
}

describe('createSwapApi', () => {
  it('GETs the tokens of a chain with the sdk query', async () => {
    const tokens = [{ name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18, logoUri: '' }];
    const { server, api } = await apiFor(() => ({ status: 200, json: { tokens } }));
    await expect(api.getTokens(CHAIN)).resolves.toEqual(tokens);
    const { path, query } = server.requests[0]!;
    expect(path).toBe('/v1/convert/tokens');
    expect(Object.fromEntries(query)).toEqual({ chainId: CHAIN, projectId: 'proj-1', st: 'w3kit', sv: 'w3kit-0.1.0' });
  });

  it('GETs a quote with amount, user, pair and gas price, and answers the first quote', async () => {
    const quote = { id: null, fromAmount: '1000', fromAccount: ETH_ID, toAmount: '2000', toAccount: DUSD_ID };
    const { server, api } = await apiFor(() => ({ status: 200, json: { quotes: [quote] } }));
    await expect(api.getQuote({ amount: '1000', userAddress: USER, from: ETH_ID, to: DUSD_ID, gasPrice: '7' })).resolves.toEqual(quote);
    const { path, query } = server.requests[0]!;
    expect(path).toBe('/v1/convert/quotes');
    expect([query.get('amount'), query.get('userAddress'), query.get('from'), query.get('to'), query.get('gasPrice')]).toEqual([
      '1000',
      USER,
      ETH_ID,
      DUSD_ID,
      '7',
    ]);
  });

  it('refuses a reply with no quote, or an amount that is not base units, naming what is wrong', async () => {
    let reply: unknown = { quotes: [] };
    const { api } = await apiFor(() => ({ status: 200, json: reply }));
    const params = { amount: '1', userAddress: USER, from: ETH_ID, to: DUSD_ID };
    await expect(api.getQuote(params)).rejects.toThrow(/No quote for/);
    reply = { quotes: [{ id: null, fromAmount: '1.5', fromAccount: ETH_ID, toAmount: '2', toAccount: DUSD_ID }] };
    const err = await api.getQuote(params).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidReplyError);
    expect((err as InvalidReplyError).details).toContain('quotes.0.fromAmount: must be a whole number of base units');
  });

  it('reads the allowance as a bigint, and the gas price', async () => {
    const { server, api } = await apiFor((path) =>
      path.endsWith('allowance')
        ? { status: 200, json: { allowance: '115792089237316195423570985008687907853269984665640564039457584007913129639935' } }
        : { status: 200, json: { standard: '1', fast: '2', instant: '3' } },
    );
    await expect(api.getAllowance({ tokenAddress: DUSD_ID, userAddress: USER })).resolves.toBe(2n ** 256n - 1n);
    await expect(api.getGasPrice(CHAIN)).resolves.toEqual({ standard: '1', fast: '2', instant: '3' });
    expect(server.requests[0]!.query.get('tokenAddress')).toBe(DUSD_ID);
    expect(server.requests[1]!.query.get('chainId')).toBe(CHAIN);
  });

  it('POSTs build-transaction with projectId in the body, and GETs build-approve', async () => {
    const { server, api } = await apiFor(() => ({ status: 200, json: { tx: TX } }));
    const body = { amount: '5', eip155: { slippage: '1' }, from: DUSD_ID, to: ETH_ID, userAddress: USER };
    await expect(api.buildTransaction(body)).resolves.toEqual(TX);
    await expect(api.buildApprove({ userAddress: USER, from: DUSD_ID, to: ETH_ID })).resolves.toEqual(TX);
    const [build, approve] = server.requests;
    expect([build!.method, build!.path]).toEqual(['POST', '/v1/convert/build-transaction']);
    expect(JSON.parse(build!.body)).toEqual({ projectId: 'proj-1', ...body });
    expect([approve!.method, approve!.path]).toEqual(['GET', '/v1/convert/build-approve']);
    expect(Object.fromEntries(approve!.query)).toMatchObject({ userAddress: USER, from: DUSD_ID, to: ETH_ID });
  });

  it("carries the server's refusal as the ApiError's details", async () => {
    const { api } = await apiFor(() => ({ status: 400, json: { message: 'Network not supported for Swaps', field: 'chainId' } }));
    const err = await api.getTokens('eip155:5').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, details: 'Network not supported for Swaps' });
  });
});
