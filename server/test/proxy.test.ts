/**
 * Behind reverse proxies: the client IP is the right-most X-Forwarded-For entry a trusted proxy
 * appended (a client's own entries further left never count), and URLs in replies come from the
 * configured public URL, never from Host or X-Forwarded-Host.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import type { RunningServer, StartServerOptions } from '../src/index.js';
import { ACCOUNTS, api, CHAIN, waitFor } from './blockchain-helpers.js';
import { getJson, start } from './helpers.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const healthFrom = async (forwardedFor: string) =>
  (await fetch(`${server!.url}/health`, { headers: { 'x-forwarded-for': forwardedFor } })).status;

describe('X-Forwarded-For behind one trusted proxy', () => {
  for (const trustProxy of [1, true, ['127.0.0.1']] satisfies StartServerOptions['trustProxy'][]) {
    it(`counts the address the proxy appended, whatever the client put before it (trustProxy ${JSON.stringify(trustProxy)})`, async () => {
      server = await start({ relayPort: false, trustProxy, rateLimit: { max: 3, windowMs: 60_000 } });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push(await healthFrom(`10.0.0.${i}, 203.0.113.7`));
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another client behind the same proxy has its own count.
      expect(await healthFrom('10.0.0.9, 203.0.113.8')).toBe(200);
      expect(await healthFrom('203.0.113.8')).toBe(200);
    });
  }

  it('takes two hops from the right with trustProxy 2', async () => {
    server = await start({ relayPort: false, trustProxy: 2, rateLimit: { max: 2, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await healthFrom(`10.0.0.${i}, 203.0.113.7, 198.51.100.1`));
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('ignores X-Forwarded-For without trustProxy', async () => {
    server = await start({ relayPort: false, rateLimit: { max: 2, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await healthFrom(`203.0.113.${i}`));
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('URLs in replies', () => {
  let chain: HardhatNode;
  beforeAll(async () => {
    chain = await startHardhat({ port: 0 });
  }, 60_000);
  afterAll(() => chain?.stop());

  const nativeIcon = async (headers: Record<string, string>): Promise<string> => {
    const reply = await waitFor('the chain known', async () => {
      const r = await api(server!, `/v1/account/${ACCOUNTS[0]}/balance`, { currency: 'usd', chainId: CHAIN }, { headers });
      return r.status === 200 ? r : undefined;
    });
    return reply.body.balances[0].iconUrl as string;
  };

  const spoof = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' };

  it('are built from the listen address, not from X-Forwarded-Host or Host, behind a trusted proxy', async () => {
    server = await start({ seed: { wallets: 1 }, relayPort: false, evmRpc: chain.url, trustProxy: 1 });
    const expected = `${server.url}/public/getTokenImage/ETH?projectId=w3kit-dev`;
    expect(await nativeIcon({})).toBe(expected);
    expect(await nativeIcon(spoof)).toBe(expected);
  });

  it('are built from the configured public URL', async () => {
    server = await start({
      seed: { wallets: 1 },
      relayPort: false,
      evmRpc: chain.url,
      trustProxy: 1,
      publicUrl: 'https://api.example.com/w3kit',
    });
    expect(await nativeIcon(spoof)).toBe('https://api.example.com/w3kit/public/getTokenImage/ETH?projectId=w3kit-dev');
    expect((await getJson(server, '/health')).status).toBe(200);
  });
});
