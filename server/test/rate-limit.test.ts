/** The per-IP rate limit over every route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { DEV, getJson, LOCAL_ORIGIN, sleep, start } from './helpers.js';

let server: RunningServer;

beforeAll(async () => {
  server = await start({ seed: { wallets: 0 }, rateLimit: { max: 5, windowMs: 1000 } });
});
afterAll(() => server.close());

describe('rate limit', () => {
  it('answers 429 with Retry-After over the limit, and OK again after the window', async () => {
    const urls = ['/health', `/getAnalyticsConfig?projectId=${DEV}`, '/nope', `/public/getTokenImage/ETH?projectId=${DEV}`, '/health'];
    for (const url of urls) expect((await fetch(`${server.url}${url}`)).status, url).not.toBe(429);
    const limited = await getJson(server, `/getWallets?projectId=${DEV}`, { headers: { origin: LOCAL_ORIGIN } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many requests/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('access-control-allow-origin')).toBe(LOCAL_ORIGIN);
    expect(limited.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    const preflight = await fetch(`${server.url}/getWallets?projectId=${DEV}`, { method: 'OPTIONS', headers: { origin: LOCAL_ORIGIN } });
    expect(preflight.status).toBe(429);
    await sleep(1050);
    const again = await getJson(server, `/getAnalyticsConfig?projectId=${DEV}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ isAnalyticsEnabled: false });
  });
});
