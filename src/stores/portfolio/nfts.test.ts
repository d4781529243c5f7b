import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_LIFETIME_MS } from '../../core/constants.js';
import { ACCOUNT, CHAIN, NFTS } from '../../test-utils/blockchain-fixtures.js';
import { connectWithApi } from '../../test-utils/blockchain-setup.js';
import { startLoopback, type LoopbackServer } from '../../test-utils/loopback-server.js';
import { setBlockchainApiDeps, setClock } from './blockchain.js';
import { $nfts, fetchNfts, resetNfts } from './nfts.js';
import { resetOptions } from '../app/options.js';

let server: LoopbackServer | undefined;
let time = 0;

beforeEach(() => {
  time = 7_000_000;
  setClock(() => time);
  setBlockchainApiDeps({ timeoutMs: 500, sleep: async () => {} });
  resetNfts();
});
afterEach(async () => {
  setClock(undefined);
  setBlockchainApiDeps({});
  resetOptions();
  await server?.close();
  server = undefined;
});

describe('fetchNfts', () => {
  it('hides spam and serves the cache for 30 s', async () => {
    server = await startLoopback(() => ({ status: 200, json: { data: NFTS } }));
    connectWithApi(server.url);
    await fetchNfts();
    expect($nfts.get().status).toBe('ready');
    expect($nfts.get().items.map((n) => n.name)).toEqual(['Demo #1']);
    expect(server.requests[0]!.path).toBe(`/v1/account/${ACCOUNT}/nfts`);
    expect(server.requests[0]!.query.get('chainId')).toBe(CHAIN);
    time += CACHE_LIFETIME_MS.portfolio - 1;
    await fetchNfts();
    expect(server.requests).toHaveLength(1);
    await fetchNfts({ force: true });
    expect(server.requests).toHaveLength(2);
  });

  it('a failure gives an error status and no items', async () => {
    server = await startLoopback(() => ({ status: 500, text: 'down' }));
    connectWithApi(server.url);
    await fetchNfts();
    expect($nfts.get()).toMatchObject({ status: 'error', items: [] });
  });
});
