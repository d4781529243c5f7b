/** Image routes: content types, caching headers, ETag/304, 404 and 400; the real marks of wallets, networks, tokens and social providers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWalletEntries, type RunningServer } from '../src/index.js';
import { walletsRepository } from '../src/storage/wallets.js';
import { validateWalletList } from '../src/wallets/import.js';
import { DEV, getJson, start } from './helpers.js';

let server: RunningServer;
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

beforeAll(async () => {
  server = await start({ seed: { wallets: 200 } });
  const base = seedWalletEntries()[0]!.entry;
  const wallets = validateWalletList([
    { ...base, id: 'png-wallet', name: 'PNG Wallet', image_id: 'png-wallet', image: `data:image/png;base64,${PNG_1PX}` },
  ]);
  await walletsRepository(server.storage).store(wallets, 'upsert');
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}?projectId=${DEV}`, { headers });

describe('images', () => {
  it('serves wallet SVGs with cache, ETag, nosniff and CSP headers', async () => {
    const res = await get('/getWalletImage/metamask');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // MetaMask's own mark (web3icons' fox: its orange), not a monogram.
    expect(svg).toContain('#FF5C16');
    expect(svg).not.toContain('<text');
  });

  it('gives a registry wallet without a mark in the icon packages a monogram', async () => {
    const svg = await (await get('/getWalletImage/uniswap')).text();
    expect(svg).toContain('>UW</text>');
  });

  it("serves the social providers' marks, Google's in its four colours, cached for a week", async () => {
    for (const id of ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster']) {
      const res = await get(`/public/getSocialImage/${id}`);
      expect(res.status, id).toBe(200);
      expect(res.headers.get('content-type'), id).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control'), id).toBe('public, max-age=604800');
      expect(res.headers.get('content-security-policy'), id).toBe("default-src 'none'; style-src 'unsafe-inline'");
      const etag = res.headers.get('etag')!;
      expect((await get(`/public/getSocialImage/${id}`, { 'if-none-match': etag })).status, id).toBe(304);
      expect(await res.text(), id).toMatch(/^<svg [^>]*viewBox="[^"]+"[^>]*>.*<path /s);
    }
    const google = (await (await get('/public/getSocialImage/google')).text()).toLowerCase();
    for (const colour of ['#4285f4', '#34a853', '#fbbc05', '#eb4335']) expect(google).toContain(colour);
    expect(await (await get('/public/getSocialImage/github')).text()).toContain('fill="#181717"');
    expect((await get('/public/getSocialImage/myspace')).status).toBe(404);
  });

  it('serves a wallet image given in the wallet file (inline SVG)', async () => {
    const res = await get('/getWalletImage/w3kit-test-wallet');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<path');
  });

  it('serves PNG images with their type and without the SVG CSP', async () => {
    const res = await get('/getWalletImage/png-wallet');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
  });

  it('answers 304 to a matching If-None-Match, 200 to another', async () => {
    const first = await get('/public/getAssetImage/eip155:1');
    const etag = first.headers.get('etag')!;
    const cached = await get('/public/getAssetImage/eip155:1', { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect(await cached.text()).toBe('');
    expect((await get('/public/getAssetImage/eip155:1', { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get('/public/getAssetImage/eip155:1', { 'if-none-match': '"other"' })).status).toBe(200);
    const other = await get('/public/getAssetImage/eip155:137');
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('has network images for the preset networks and the local chains', async () => {
    const ids = [
      'eip155:1',
      'eip155:11155111',
      'eip155:137',
      'eip155:42161',
      'eip155:10',
      'eip155:8453',
      'eip155:56',
      'eip155:43114',
      'eip155:100',
      'eip155:324',
      'eip155:59144',
      'eip155:534352',
      'eip155:31337',
      'eip155:31338',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      'bip122:000000000019d6689c085ae165831e93',
    ];
    for (const id of ids) expect((await get(`/public/getAssetImage/${encodeURIComponent(id)}`)).status, id).toBe(200);
    // Base's own mark (web3icons: its blue square), testnets wearing their mainnet's, the local chains a monogram each.
    const base = await (await get('/public/getAssetImage/eip155:8453')).text();
    expect(base).not.toContain('<text');
    expect(base).toBe(await (await get('/public/getAssetImage/eip155:84532')).text());
    expect(await (await get('/public/getAssetImage/eip155:1')).text()).toContain('#8FFCF3');
    expect(await (await get('/public/getAssetImage/bip122:000000000019d6689c085ae165831e93')).text()).toContain('#F7931A');
    expect(await (await get('/public/getAssetImage/eip155:31337')).text()).toContain('>LOC</text>');
    expect(await (await get('/public/getAssetImage/eip155:31338')).text()).toContain('>LOC2</text>');
  });

  it('has currency and token images (token symbols in any case)', async () => {
    for (const id of ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF'])
      expect((await get(`/public/getCurrencyImage/${id}`)).status, id).toBe(200);
    expect(await (await get('/public/getCurrencyImage/EUR')).text()).toContain('>€</text>');
    for (const id of ['ETH', 'USDC', 'USDT', 'DAI', 'WETH', 'WBTC', 'SOL', 'MATIC', 'POL', 'BNB', 'AVAX', 'ARB', 'OP']) {
      expect((await get(`/public/getTokenImage/${id}`)).status, id).toBe(200);
    }
    expect((await get('/public/getTokenImage/usdc')).status).toBe(200);
    // Real marks: USDC's blue from web3icons, TON's from its network mark; WETH (in no package) a monogram.
    expect(await (await get('/public/getTokenImage/USDC')).text()).toContain('#0B53BF');
    expect(await (await get('/public/getTokenImage/TON')).text()).not.toContain('<text');
    expect(await (await get('/public/getTokenImage/WETH')).text()).toContain('>WETH</text>');
  });

  it('answers 404 JSON for an unknown id', async () => {
    const reply = await getJson(server, `/public/getTokenImage/NOPE?projectId=${DEV}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: "No token image 'NOPE'", field: 'id' });
    expect((await get('/getWalletImage/not-a-wallet')).status).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    for (const id of ['bad%20id', 'a'.repeat(101), 'x%3Cy', '%F0%9F%98%80']) {
      const reply = await getJson(server, `/getWalletImage/${id}?projectId=${DEV}`);
      expect(reply.status, id).toBe(400);
      expect(reply.body.field, id).toBe('id');
    }
  });

  it('needs a known project', async () => {
    expect((await getJson(server, '/getWalletImage/metamask')).status).toBe(400);
    expect((await getJson(server, '/getWalletImage/metamask?projectId=nope')).status).toBe(403);
    const viaHeader = await fetch(`${server.url}/getWalletImage/metamask`, { headers: { 'x-project-id': DEV } });
    expect(viaHeader.status).toBe(200);
  });
});
