/**
 * The sandbox on-ramp against the real backend (startServer over SQLite) and a real Hardhat
 * node: options, quote maths and limits, the URL generator's checks, the checkout page (test
 * card only, CSRF, paid once, expiry), the payout landing on chain, and the default key refused
 * on a chain that is not local.
 */
import { createPublicClient, formatUnits, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { checkoutSessionId, ONRAMP_CHECKOUT_PATH } from '../../../src/wire/onramp-api.js';
import { buildApp } from '../app.js';
import { createIndexer } from '../blockchain/indexer.js';
import { startServer, type RunningServer } from '../index.js';
import { projectsRepository } from '../storage/projects.js';
import { openServerStorage } from '../storage/server-storage.js';
import { seedDevPrices } from '../blockchain/prices.js';
import { cardProblem } from './checkout-page.js';

const ORIGIN = 'http://localhost:5173';
const BUYER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let chain: HardhatNode;
let server: RunningServer;

async function waitFor(test: () => boolean, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  chain = await startHardhat({ port: 0 });
  server = await startServer({ port: 0, relayPort: false, framePort: false, evmRpc: chain.url, evmPollIntervalMs: 100 });
  await server.projects.seedDev();
  await seedDevPrices(server.storage);
  await waitFor(() => server.indexer!.chainId() === 'eip155:31337', 'the indexer');
}, 90_000);
afterAll(async () => {
  await server?.close();
  await chain?.stop();
});

async function api(path: string, body?: unknown, origin = ORIGIN) {
  const res = await fetch(`${server.url}${path}?projectId=w3kit-dev`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const urlBody = (over: Record<string, unknown> = {}) => ({
  destinationWallets: [{ address: BUYER, blockchains: ['localhost'], assets: ['ETH'] }],
  defaultNetwork: 'localhost',
  partnerUserId: BUYER,
  defaultExperience: 'buy',
  presetFiatAmount: 100,
  ...over,
});

async function checkout(over: Record<string, unknown> = {}) {
  const res = await api('/v1/generators/onrampurl', urlBody(over));
  expect(res.status).toBe(200);
  const url = res.body.url as string;
  const page = await fetch(url);
  const html = await page.text();
  return { url, html, csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '' };
}

function pay(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}
const GOOD_CARD = { card: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

describe('options and quote', () => {
  it('lists ETH on the --evm-rpc chain and USDC, and USD and EUR with the spec limits', async () => {
    const { status, body } = await api('/v1/onramp/options');
    expect(status).toBe(200);
    expect(body.purchaseCurrencies.map((c: { id: string }) => c.id)).toEqual(['ETH', 'USDC']);
    expect(body.purchaseCurrencies[0].networks).toEqual([
      { name: 'localhost', display_name: 'Localhost', chain_id: '31337', contract_address: '' },
    ]);
    expect(body.paymentCurrencies).toEqual(
      ['USD', 'EUR'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      })),
    );
  });

  it('quotes ETH at the backend price with a 1.5% fee', async () => {
    const { status, body } = await api('/v1/onramp/quote', {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'localhost',
    });
    expect(status).toBe(200);
    expect(body.coinbaseFee).toEqual({ amount: '1.50', currency: 'USD' });
    expect(body.paymentSubtotal).toEqual({ amount: '98.50', currency: 'USD' });
    expect(body.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' });
    // 98.50 USD at 3000 USD per ETH
    expect(body.purchaseAmount.currency).toBe('ETH');
    expect(body.purchaseAmount.amount).toBe(formatUnits((9850n * 10n ** 18n) / 300000n, 18));
    expect(body.quoteId).toMatch(/^sandbox-/);
  });

  it.each([
    [{ amount: '9.99' }, 'amount', "Invalid body field 'amount': must be from 10.00 to 7,500.00 USD (the card limits)"],
    [{ amount: '7500.01' }, 'amount', 'must be from 10.00 to 7,500.00 USD'],
    [{ amount: '1.234' }, 'amount', 'at most 2 decimals'],
    [{ paymentCurrency: 'JPY' }, 'paymentCurrency', "'JPY' is not offered (offered: USD, EUR)"],
    [{ purchaseCurrency: 'DOGE' }, 'purchaseCurrency', "'DOGE' is not offered"],
    [{ network: 'solana' }, 'network', "ETH is not offered on 'solana'"],
  ])('refuses a quote with %o naming %s', async (over, field, text) => {
    const body = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'localhost', ...over };
    const res = await api('/v1/onramp/quote', body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(text);
  });

  it('answers only the project allowed origins', async () => {
    const res = await api('/v1/onramp/options', undefined, 'https://evil.example');
    expect(res.status).toBe(403);
  });
});

describe('URL generator', () => {
  it('gives a checkout URL on the configured public URL, whatever the Host header says', async () => {
    const res = await fetch(`${server.url}/v1/generators/onrampurl?projectId=w3kit-dev`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-host': 'evil.example' },
      body: JSON.stringify(urlBody()),
    });
    const { url } = (await res.json()) as { url: string };
    expect(url.startsWith(`${server.url}${ONRAMP_CHECKOUT_PATH}`)).toBe(true);
    expect(checkoutSessionId(url)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it.each([
    [{ destinationWallets: [{ address: '0x123', blockchains: ['localhost'] }] }, 'destinationWallets.0.address', 'must be an EVM address'],
    [{ destinationWallets: [{ address: BUYER, blockchains: ['base'] }] }, 'destinationWallets', "no wallet has 'localhost'"],
    [{ destinationWallets: [{ address: BUYER, blockchains: ['localhost'], assets: ['USDC'] }] }, 'destinationWallets', 'ETH only'],
    [{ defaultNetwork: 'base' }, 'defaultNetwork', "pays on 'localhost'"],
    [{ presetFiatAmount: 5 }, 'presetFiatAmount', 'must be from 10.00 to 7,500.00'],
    [{ presetFiatAmount: 20000 }, 'presetFiatAmount', 'must be from 10.00 to 7,500.00'],
    [{ presetFiatAmount: 10.555 }, 'presetFiatAmount', 'at most 2 decimals'],
    [{ presetFiatAmount: undefined }, 'presetFiatAmount', 'required'],
    [{ partnerUserId: '' }, 'partnerUserId', 'partnerUserId'],
    [{ defaultExperience: 'send' }, 'defaultExperience', 'defaultExperience'],
  ])('refuses %o naming %s', async (over, field, text) => {
    const res = await api('/v1/generators/onrampurl', urlBody(over));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(text);
  });
});

describe('checkout', () => {
  const reader = () => createPublicClient({ transport: http(chain.url) });

  it('shows a sandbox page with the amount, the destination and a Pay button, under a strict CSP', async () => {
    const { url, html } = await checkout();
    expect(html).toContain('Sandbox on-ramp: test money only');
    expect(html).toContain(BUYER);
    expect(html).toContain('100.00 USD');
    expect(html).toContain('<button type="submit">Pay</button>');
    const res = await fetch(url);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
  });

  it('pays the quoted ETH once, and a second submit pays nothing', async () => {
    const before = await reader().getBalance({ address: BUYER });
    const { url, csrf } = await checkout({ presetFiatAmount: 300 });
    const quoted = (29550n * 10n ** 18n) / 300000n; // 295.50 USD at 3000
    const first = await pay(url, { csrf, ...GOOD_CARD });
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(page).toContain('Payment complete');
    expect(page).toContain('close this window');
    expect((await reader().getBalance({ address: BUYER })) - before).toBe(quoted);

    const again = await pay(url, { csrf, ...GOOD_CARD });
    expect(await again.text()).toContain('Payment complete');
    expect((await reader().getBalance({ address: BUYER })) - before).toBe(quoted);

    const status = await api(`/v1/onramp/purchases/${checkoutSessionId(url)}`);
    expect(status.body.status).toBe('paid');
    expect(status.body.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(status.body.purchaseAmount).toEqual({ amount: formatUnits(quoted, 18), currency: 'ETH' });
  });

  it('pays once when two submits race', async () => {
    const before = await reader().getBalance({ address: BUYER });
    const { url, csrf } = await checkout({ presetFiatAmount: 50 });
    const quoted = (4925n * 10n ** 18n) / 300000n; // 49.25 USD at 3000
    const replies = await Promise.all([
      pay(url, { csrf, ...GOOD_CARD }),
      pay(url, { csrf, ...GOOD_CARD }),
      pay(url, { csrf, ...GOOD_CARD }),
    ]);
    const pages = await Promise.all(replies.map((r) => r.text()));
    expect(pages.filter((p) => p.includes('Payment complete')).length).toBeGreaterThanOrEqual(1);
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await reader().getBalance({ address: BUYER })) - before).toBe(quoted);
  });

  it('refuses any other card number, a past expiry and a bad CVC, paying nothing', async () => {
    const before = await reader().getBalance({ address: BUYER });
    const { url, csrf } = await checkout();
    const wrong = await pay(url, { csrf, ...GOOD_CARD, card: '4000 0000 0000 0002' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Card declined: this sandbox takes only the test card 4242 4242 4242 4242.');
    const expired = await pay(url, { csrf, ...GOOD_CARD, expiry: '01/20' });
    expect(await expired.text()).toContain('Card expired');
    const cvc = await pay(url, { csrf, ...GOOD_CARD, cvc: '1' });
    expect(await cvc.text()).toContain('Invalid CVC');
    expect(await reader().getBalance({ address: BUYER })).toBe(before);
    expect((await api(`/v1/onramp/purchases/${checkoutSessionId(url)}`)).body.status).toBe('pending');
  });

  it('refuses a submit without the session CSRF token or from another origin', async () => {
    const before = await reader().getBalance({ address: BUYER });
    const { url, csrf } = await checkout();
    const other = await checkout();
    const noToken = await pay(url, { ...GOOD_CARD });
    expect(noToken.status).toBe(403);
    const otherToken = await pay(url, { csrf: other.csrf, ...GOOD_CARD });
    expect(otherToken.status).toBe(403);
    const crossSite = await pay(url, { csrf, ...GOOD_CARD }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain('did not come from this checkout page');
    expect(await reader().getBalance({ address: BUYER })).toBe(before);
  });

  it('answers an unknown session with a clear page', async () => {
    const res = await fetch(`${server.url}${ONRAMP_CHECKOUT_PATH}${'x'.repeat(32)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This checkout link is unknown');
    const post = await pay(`${server.url}${ONRAMP_CHECKOUT_PATH}nope`, { csrf: 'a', ...GOOD_CARD });
    expect(post.status).toBe(404);
    expect((await api(`/v1/onramp/purchases/${'y'.repeat(32)}`)).status).toBe(404);
  });

  it('takes a card expiring this month and refuses one from last month', () => {
    const now = Date.UTC(2030, 5, 15);
    expect(cardProblem(GOOD_CARD.card, '06/30', '123', now)).toBeUndefined();
    expect(cardProblem(GOOD_CARD.card, '05/30', '123', now)).toContain('Card expired');
    expect(cardProblem(GOOD_CARD.card, '13/30', '123', now)).toContain('Invalid expiry');
  });
});

describe('expiry and the default key', () => {
  it('pays nothing on an expired session', async () => {
    let clock = Date.now();
    // A second app over its own database, its clock moved past the 15 minutes.
    // (A fresh storage as a server opens one: SQLite in memory, or on the engines' run a fresh Postgres database.)
    const storage = await openServerStorage(undefined, undefined);
    await projectsRepository(storage).seedDev();
    await seedDevPrices(storage);
    const indexer = createIndexer({ storage, rpcUrl: chain.url, pollIntervalMs: 100 });
    const app = buildApp({ storage, blockchain: { indexer }, onramp: { now: () => clock } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    indexer.start();
    try {
      await waitFor(() => indexer.chainId() !== undefined, 'the indexer');
      const res = await fetch(`${base}/v1/generators/onrampurl?projectId=w3kit-dev`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(urlBody()),
      });
      const { url } = (await res.json()) as { url: string };
      const csrf = /name="csrf" value="([^"]+)"/.exec(await (await fetch(url)).text())![1]!;
      clock += 15 * 60_000 + 1;
      const before = await createPublicClient({ transport: http(chain.url) }).getBalance({ address: BUYER });
      const paid = await pay(url, { csrf, ...GOOD_CARD }, { origin: base });
      expect(paid.status).toBe(410);
      expect(await paid.text()).toContain('This checkout link has expired and nothing was paid');
      expect(await createPublicClient({ transport: http(chain.url) }).getBalance({ address: BUYER })).toBe(before);
    } finally {
      await app.close();
      await indexer.stop();
      await storage.close();
    }
  });

  it('refuses the default key on a chain that is not local', async () => {
    const mainnetLike = await startHardhat({ port: 0, chainId: 5 });
    const other = await startServer({ port: 0, relayPort: false, framePort: false, evmRpc: mainnetLike.url, evmPollIntervalMs: 100 });
    try {
      await other.projects.seedDev();
      await waitFor(() => other.indexer!.chainId() === 'eip155:5', 'the indexer');
      const res = await fetch(`${other.url}/v1/generators/onrampurl?projectId=w3kit-dev`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(urlBody({ destinationWallets: [{ address: BUYER, blockchains: ['eip155-5'] }], defaultNetwork: undefined })),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toContain(
        "The default on-ramp key (Hardhat's public dev account 19) is refused on chain eip155:5",
      );
    } finally {
      await other.close();
      await mainnetLike.stop();
    }
  }, 90_000);

  it('answers the generator with a clear error without --evm-rpc', async () => {
    const plain = await startServer({ port: 0, relayPort: false, framePort: false });
    try {
      await plain.projects.seedDev();
      const res = await fetch(`${plain.url}/v1/generators/onrampurl?projectId=w3kit-dev`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(urlBody()),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The sandbox on-ramp needs an EVM chain: start w3kit-server with --evm-rpc URL',
      );
    } finally {
      await plain.close();
    }
  });
});
