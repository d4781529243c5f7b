/**
 * Issue 35 (designer's pass) on the real backend over SQLite with a real Hardhat node (the sandbox sells ETH there): the sandbox checkout shows its
 * amounts with the decimals the Buy form shows (money with 2, the crypto with 6, truncated), and a
 * declined card keeps what was typed in the card fields, marked as the field in error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { seedDevPrices } from '../blockchain/prices.js';
import { startServer, type RunningServer } from '../index.js';
import { shownAmount } from './checkout-page.js';

const ORIGIN = 'http://localhost:5173';
const BUYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let server: RunningServer;
let chain: HardhatNode;

beforeAll(async () => {
  chain = await startHardhat({ port: 0 });
  server = await startServer({ port: 0, relayPort: false, framePort: false, evmRpc: chain.url, evmPollIntervalMs: 100 });
  await server.projects.seedDev();
  await seedDevPrices(server.storage);
  const end = Date.now() + 20_000;
  while (server.indexer?.chainId() !== 'eip155:31337' && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}, 90_000);
afterAll(async () => {
  await server?.close();
  await chain?.stop();
});

async function checkout(presetFiatAmount: number): Promise<{ url: string; html: string; csrf: string }> {
  const res = await fetch(`${server.url}/v1/generators/onrampurl?projectId=w3kit-dev`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      destinationWallets: [{ address: BUYER, blockchains: ['localhost'], assets: ['ETH'] }],
      defaultNetwork: 'localhost',
      partnerUserId: BUYER,
      defaultExperience: 'buy',
      presetFiatAmount,
    }),
  });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const html = await (await fetch(url)).text();
  return { url, html, csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '' };
}

const field = (html: string, id: string) => new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('the sandbox checkout page', () => {
  it('shows money with 2 decimals and the crypto with 6, truncated, as the Buy form does', async () => {
    expect(shownAmount('1234.5', 2)).toBe('1,234.50');
    expect(shownAmount('0.0331666666666666', 6)).toBe('0.033166');
    expect(shownAmount('7', 6)).toBe('7.000000');
    const { html } = await checkout(100);
    const pay = /<dt>You pay<\/dt><dd>([^<]+)<\/dd>/.exec(html)?.[1] ?? '';
    expect(pay).toMatch(/^[\d,]+\.\d{2} USD \(fee [\d,]+\.\d{2} USD\)$/);
    const get = /<dt>You get<\/dt><dd>([^<]+)<\/dd>/.exec(html)?.[1] ?? '';
    expect(get).toMatch(/^[\d,]+\.\d{6} ETH$/);
  });

  it('keeps the card fields after a decline, marking the card number and naming the problem', async () => {
    const { url, csrf } = await checkout(50);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ csrf, card: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' }).toString(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Card declined: this sandbox takes only the test card 4242 4242 4242 4242.');
    expect(field(html, 'card')).toContain('value="4000 0000 0000 0002"');
    expect(field(html, 'card')).toContain('aria-invalid="true" aria-describedby="problem"');
    expect(field(html, 'expiry')).toContain('value="12/40"');
    expect(field(html, 'cvc')).toContain('value="123"');
    // What was typed is escaped, never markup.
    const odd = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ csrf, card: '"><b>x', expiry: '12/40', cvc: '123' }).toString(),
    });
    const page = await odd.text();
    expect(field(page, 'card')).toContain('value="&quot;&gt;&lt;b&gt;x"');
    expect(page).not.toContain('<b>x');
  });
});
