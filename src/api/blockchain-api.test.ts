import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, startLoopback, type LoopbackServer, type Reply } from '../test-utils/loopback-server.js';
import { ACCOUNT, BALANCES, CHAIN, NFTS, transaction } from '../test-utils/blockchain-fixtures.js';
import { createBlockchainApi } from './blockchain-api.js';
import { ApiError, InvalidReplyError, NetworkRequestError, RequestTimeoutError } from './errors.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const noWait = async () => {};

async function apiFor(reply: (n: number) => Reply) {
  server = await startLoopback((_req, n) => reply(n));
  return { server, api: createBlockchainApi({ blockchainApiUrl: `${server.url}/`, projectId: 'proj-1', sleep: noWait }) };
}

function expectSdkQuery(query: URLSearchParams) {
  expect(query.get('projectId')).toBe('proj-1');
  expect(query.get('st')).toBe('w3kit');
  expect(query.get('sv')).toBe('w3kit-0.1.0');
}

describe('createBlockchainApi', () => {
  it('GETs the supported chains', async () => {
    const { server, api } = await apiFor(() => ({ status: 200, json: { http: [CHAIN], ws: [] } }));
    await expect(api.getSupportedChains()).resolves.toEqual({ http: [CHAIN], ws: [] });
    expect(server.requests[0]!.path).toBe('/v1/supported-chains');
    expectSdkQuery(server.requests[0]!.query);
  });

  it('GETs balances in usd for a chain, with forceUpdate only when asked', async () => {
    const { server, api } = await apiFor(() => ({ status: 200, json: { balances: BALANCES } }));
    await expect(api.getBalances(ACCOUNT, { chainId: CHAIN })).resolves.toEqual(BALANCES);
    await api.getBalances(ACCOUNT, { chainId: CHAIN, forceUpdate: true });
    const [first, second] = server.requests;
    expect(first!.path).toBe(`/v1/account/${ACCOUNT}/balance`);
    expectSdkQuery(first!.query);
    expect(first!.query.get('currency')).toBe('usd');
    expect(first!.query.get('chainId')).toBe(CHAIN);
    expect(first!.query.has('forceUpdate')).toBe(false);
    expect(second!.query.get('forceUpdate')).toBe('true');
  });

  it('POSTs fungible prices with projectId, currency and addresses in the body', async () => {
    const fungibles = [{ name: 'Demo USD', symbol: 'DUSD', iconUrl: 'https://i.example/d.png', price: 1 }];
    const { server, api } = await apiFor(() => ({ status: 200, json: { fungibles } }));
    await expect(api.getFungiblePrices([`${CHAIN}:0xabc`])).resolves.toEqual(fungibles);
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/fungible/price');
    expectSdkQuery(request.query);
    expect(JSON.parse(request.body)).toEqual({ projectId: 'proj-1', currency: 'usd', addresses: [`${CHAIN}:0xabc`] });
  });

  it('GETs history pages with the cursor', async () => {
    const page = { data: [transaction('1')], next: 'c2' };
    const { server, api } = await apiFor(() => ({ status: 200, json: page }));
    await expect(api.getHistory(ACCOUNT, { chainId: CHAIN })).resolves.toEqual(page);
    await api.getHistory(ACCOUNT, { chainId: CHAIN, cursor: 'c2' });
    expect(server.requests[0]!.path).toBe(`/v1/account/${ACCOUNT}/history`);
    expect(server.requests[0]!.query.has('cursor')).toBe(false);
    expect(server.requests[1]!.query.get('cursor')).toBe('c2');
    expect(server.requests[1]!.query.get('chainId')).toBe(CHAIN);
  });

  it('GETs NFTs and identity', async () => {
    const { server, api } = await apiFor((n) =>
      n === 0 ? { status: 200, json: { data: NFTS } } : { status: 200, json: { name: 'alice.w3', avatar: null } },
    );
    await expect(api.getNfts(ACCOUNT, { chainId: CHAIN })).resolves.toEqual(NFTS);
    await expect(api.getIdentity(ACCOUNT, { sender: ACCOUNT, chainId: CHAIN })).resolves.toEqual({ name: 'alice.w3', avatar: null });
    expect(server.requests[0]!.path).toBe(`/v1/account/${ACCOUNT}/nfts`);
    expect(server.requests[1]!.path).toBe(`/v1/identity/${ACCOUNT}`);
    expect(server.requests[1]!.query.get('sender')).toBe(ACCOUNT);
    expectSdkQuery(server.requests[1]!.query);
  });

  it('a malformed reply is an InvalidReplyError naming the field', async () => {
    const bad = { balances: [{ ...BALANCES[0], quantity: { decimals: 'x', numeric: '1' } }] };
    const { api } = await apiFor(() => ({ status: 200, json: bad }));
    const err = await api.getBalances(ACCOUNT, { chainId: CHAIN }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidReplyError);
    expect((err as InvalidReplyError).details).toMatch(/^balances\.0\.quantity\.decimals: /);
  });

  it('a 500 is retried 3 times, then an ApiError', async () => {
    const { server, api } = await apiFor(() => ({ status: 500, json: { message: 'boom' } }));
    const err = await api.getHistory(ACCOUNT, { chainId: CHAIN }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).shortMessage).toBe('HTTP status code: 500');
    expect(server.requests).toHaveLength(3);
  });

  it('no reply in time is a RequestTimeoutError; a closed port a NetworkRequestError', async () => {
    server = await startLoopback(() => 'hang');
    const slow = createBlockchainApi({ blockchainApiUrl: server.url, projectId: 'p', timeoutMs: 100, sleep: noWait });
    await expect(slow.getNfts(ACCOUNT, { chainId: CHAIN })).rejects.toBeInstanceOf(RequestTimeoutError);
    const down = createBlockchainApi({ blockchainApiUrl: await closedPortUrl(), projectId: 'p', sleep: noWait });
    await expect(down.getSupportedChains()).rejects.toBeInstanceOf(NetworkRequestError);
  });
});
