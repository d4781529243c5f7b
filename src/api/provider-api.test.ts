import { walletEntry } from '../test-utils/wallet-entry.js';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, startLoopback, type LoopbackServer, type Reply } from '../test-utils/loopback-server.js';
import { ApiError, InvalidReplyError } from './errors.js';
import { createProviderApi } from './provider-api.js';
import type { AnalyticsEvent, WalletEntry } from '../wire/provider-api.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const noWait = async () => {};

async function apiFor(reply: (n: number) => Reply) {
  server = await startLoopback((_req, n) => reply(n));
  return { server, api: createProviderApi({ apiUrl: `${server.url}/`, projectId: 'proj-1', sleep: noWait }) };
}

const wallet: WalletEntry = walletEntry('w1', { name: 'Wallet One', image_id: 'img-1', rdns: 'io.one' });

function expectSdkQuery(query: URLSearchParams) {
  expect(query.get('projectId')).toBe('proj-1');
  expect(query.get('st')).toBe('w3kit');
  expect(query.get('sv')).toBe('w3kit-0.1.0');
}

describe('createProviderApi', () => {
  it('GETs the project config with projectId, st and sv in the query', async () => {
    const { server, api } = await apiFor(() => ({ status: 200, json: { features: { email: true, socials: ['google'] } } }));
    await expect(api.getProjectConfig()).resolves.toEqual({ features: { email: true, socials: ['google'] } });
    expect(server.requests[0]!.path).toBe('/appkit/v1/config');
    expectSdkQuery(server.requests[0]!.query);
  });

  it('GETs wallets with paging, search and comma-separated lists', async () => {
    const { server, api } = await apiFor(() => ({ status: 200, json: { count: 1, data: [wallet] } }));
    const reply = await api.getWallets({
      page: 2,
      entries: 40,
      search: 'one',
      include: ['w1', 'w2'],
      exclude: [],
      chains: ['eip155:1', 'eip155:10'],
      badge_type: 'certified',
    });
    expect(reply).toEqual({ count: 1, data: [wallet] });
    const { path, query } = server.requests[0]!;
    expect(path).toBe('/getWallets');
    expectSdkQuery(query);
    expect(Object.fromEntries(query)).toMatchObject({
      page: '2',
      entries: '40',
      search: 'one',
      include: 'w1,w2',
      chains: 'eip155:1,eip155:10',
      badge_type: 'certified',
    });
    expect(query.has('exclude')).toBe(false);
  });

  it('rejects a malformed wallet list with an error naming /getWallets', async () => {
    const { api } = await apiFor(() => ({ status: 200, json: { count: 1, data: [{ ...wallet, id: 'Not An Id' }] } }));
    const err = await api.getWallets().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidReplyError);
    expect((err as InvalidReplyError).shortMessage).toBe('Invalid reply from /getWallets');
    expect((err as InvalidReplyError).details).toMatch(/^data\.0\.id: /);
  });

  it('passes an abort signal to getWallets', async () => {
    const { api } = await apiFor(() => 'hang');
    const controller = new AbortController();
    const pending = api.getWallets({ search: 'x' }, { signal: controller.signal });
    controller.abort(new Error('new search'));
    await expect(pending).rejects.toThrow('new search');
  });

  it('GETs the analytics config', async () => {
    const { server, api } = await apiFor(() => ({ status: 200, json: { isAnalyticsEnabled: true } }));
    await expect(api.getAnalyticsConfig()).resolves.toEqual({ isAnalyticsEnabled: true });
    expect(server.requests[0]!.path).toBe('/getAnalyticsConfig');
    expectSdkQuery(server.requests[0]!.query);
  });

  it('a 403 of the config is an ApiError with the server message', async () => {
    const { api } = await apiFor(() => ({ status: 403, json: { message: 'Unknown project' } }));
    const err = await api.getProjectConfig().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).shortMessage).toBe('HTTP status code: 403');
    expect((err as ApiError).details).toBe('Unknown project');
  });

  it('POSTs an event to /e as text/plain JSON with the SDK query', async () => {
    const { server, api } = await apiFor(() => ({ status: 204 }));
    const event: AnalyticsEvent = {
      eventId: '3b241101-e2bb-4255-8caf-4136c566a962',
      url: 'http://localhost:3000/',
      domain: 'localhost:3000',
      timestamp: 1,
      props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect' } },
    };
    await expect(api.sendEvent(event)).resolves.toBeUndefined();
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/e');
    expect(req.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expectSdkQuery(req.query);
    expect(JSON.parse(req.body)).toEqual(event);
  });

  it('builds image URLs with the SDK query and an encoded id', () => {
    const api = createProviderApi({ apiUrl: 'http://h:4301', projectId: 'p 1' });
    const q = 'projectId=p+1&st=w3kit&sv=w3kit-0.1.0';
    expect(api.walletImageUrl('img/1')).toBe(`http://h:4301/getWalletImage/img%2F1?${q}`);
    expect(api.assetImageUrl('a')).toBe(`http://h:4301/public/getAssetImage/a?${q}`);
    expect(api.currencyImageUrl('usd')).toBe(`http://h:4301/public/getCurrencyImage/usd?${q}`);
    expect(api.tokenImageUrl('USDC')).toBe(`http://h:4301/public/getTokenImage/USDC?${q}`);
  });
});

describe('getAllowedOrigins (spec section 8)', () => {
  it('returns the list', async () => {
    const { server, api } = await apiFor(() => ({ status: 200, json: { allowedOrigins: ['http://localhost:*'] } }));
    await expect(api.getAllowedOrigins()).resolves.toEqual(['http://localhost:*']);
    expect(server.requests[0]!.path).toBe('/projects/v1/origins');
    expectSdkQuery(server.requests[0]!.query);
  });

  it('429 gives RATE_LIMITED (after the retries)', async () => {
    const { server, api } = await apiFor(() => ({ status: 429, headers: { 'Retry-After': '0' }, json: { message: 'slow' } }));
    await expect(api.getAllowedOrigins()).resolves.toEqual({ error: 'RATE_LIMITED' });
    expect(server.requests).toHaveLength(3);
  });

  it('429 with a long Retry-After gives RATE_LIMITED at once', async () => {
    const { server, api } = await apiFor(() => ({ status: 429, headers: { 'Retry-After': '60' } }));
    await expect(api.getAllowedOrigins()).resolves.toEqual({ error: 'RATE_LIMITED' });
    expect(server.requests).toHaveLength(1);
  });

  it.each([500, 501, 503, 599])('%i gives SERVER_ERROR', async (status) => {
    const { api } = await apiFor(() => ({ status }));
    await expect(api.getAllowedOrigins()).resolves.toEqual({ error: 'SERVER_ERROR' });
  });

  it.each([400, 403, 404, 413])('%i gives an empty list', async (status) => {
    const { api } = await apiFor(() => ({ status, json: { message: 'no' } }));
    await expect(api.getAllowedOrigins()).resolves.toEqual([]);
  });

  it('a reply that is not JSON gives an empty list', async () => {
    const { api } = await apiFor(() => ({ status: 200, text: 'garbage' }));
    await expect(api.getAllowedOrigins()).resolves.toEqual([]);
  });

  it('a reply of the wrong shape gives an empty list', async () => {
    const { api } = await apiFor(() => ({ status: 200, json: { allowedOrigins: 'http://localhost' } }));
    await expect(api.getAllowedOrigins()).resolves.toEqual([]);
  });

  it('an unreachable server gives an empty list', async () => {
    const api = createProviderApi({ apiUrl: await closedPortUrl(), projectId: 'p', sleep: noWait });
    await expect(api.getAllowedOrigins()).resolves.toEqual([]);
  });
});
