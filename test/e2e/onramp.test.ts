/**
 * Buying ETH through the sandbox on-ramp end to end: the built CDN bundle in Chromium, the test
 * EIP-1193 wallet, a Hardhat node, and the real backend indexing it (the Blockchain API and the
 * sandbox checkout, paying from Hardhat's dev account 19). Buy -> sandbox -> amount -> Continue
 * opens the checkout in a popup; the test card pays; the modal's ETH balance grows by the quoted
 * amount and Activity shows the purchase. Where nothing can be bought (the Blockchain API out of
 * reach on Localhost, or another chain than the sandbox's) the views say so and nothing opens.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, formatEther, formatUnits, http } from 'viem';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { formatAmount, formatBalance } from '../../src/core/format.js';
import { closedPortUrl } from '../../src/test-utils/loopback-server.js';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { connect } from './page.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

let h: Harness;
let backend: RunningServer;
let app: AppSession | undefined;

beforeAll(async () => {
  h = await startHarness();
  backend = await startServer({ port: 0, seed: { wallets: 5 }, relayPort: false, framePort: false, evmRpc: h.chainA.url });
  for (let i = 0; i < 200 && backend.indexer!.chainId() !== 'eip155:31337'; i++) await new Promise((r) => setTimeout(r, 100));
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([backend?.close()]);
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

const options = (url: string) =>
  `, blockchainApiUrl: ${JSON.stringify(url)}, projectId: ${JSON.stringify(DEV_PROJECT_ID)}, features: { onramp: true }`;
const chain = () => createPublicClient({ transport: http(h.chainA.url) });
/** Text of the first match of a Playwright selector (its CSS pierces open shadow roots), spaces collapsed. */
async function shown(page: Page, selector: string): Promise<string> {
  const loc = page.locator(selector).first();
  if ((await loc.count()) === 0) return '';
  return ((await loc.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

async function waitShown(page: Page, selector: string, expected: string | RegExp, timeout = 10_000): Promise<void> {
  const match = (t: string) => (typeof expected === 'string' ? t.includes(expected) : expected.test(t));
  await expect.poll(() => shown(page, selector), { timeout }).toSatisfy(match);
}

const view = (page: Page) => page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));

async function toBuyView(page: Page): Promise<void> {
  await page.locator('w3-account-view').getByRole('button', { name: 'Buy' }).click();
  await expect.poll(() => view(page)).toBe('OnRampProviders');
  await page.locator('w3-on-ramp-providers-view w3-ui-list-item[data-provider="sandbox"] button').click();
  await expect.poll(() => view(page)).toBe('OnRampBuy');
}

describe('the sandbox on-ramp end to end', { timeout: 120_000 }, () => {
  it('buys ETH in the checkout popup with the test card; the balance grows by the quote and Activity shows it', async () => {
    app = await openApp(h, [{}], options(backend.url));
    const { page } = app;
    await connect(page);
    await toBuyView(page);
    // The backend sells ETH on this chain, so ETH (not USDC) is chosen; USD by default.
    await waitShown(page, 'w3-on-ramp-buy-view [data-purchase-currency]', 'ETH');
    await waitShown(page, 'w3-on-ramp-buy-view [data-payment-currency]', 'USD');
    await page.locator('w3-on-ramp-buy-view w3-ui-text-input input').fill('5');
    await waitShown(page, 'w3-on-ramp-buy-view w3-ui-text-input .error', 'The minimum is 10.00 USD');
    await page.locator('w3-on-ramp-buy-view w3-ui-text-input input').fill('100');
    // 98.50 USD after the 1.5% fee, at the seeded 3000 USD per ETH.
    const quoted = (9850n * 10n ** 18n) / 300000n;
    // Shown with 6 decimals, truncated; the checkout pays the exact amount.
    const shown = formatAmount(formatUnits(quoted, 18), { decimals: 6 });
    expect(shown).toBe('0.032833');
    await waitShown(page, 'w3-on-ramp-buy-view [data-you-get]', `${shown} ETH`);
    await waitShown(page, 'w3-on-ramp-buy-view [data-total]', '100.00 USD');
    const before = await chain().getBalance({ address: A0 });

    const popupOpened = page.waitForEvent('popup');
    await page.locator('w3-on-ramp-buy-view w3-ui-button[data-continue] button').click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/onramp\/sandbox\/checkout\//);
    expect(popup.url().startsWith(`${backend.url}/onramp/sandbox/checkout/`)).toBe(true);
    expect(await view(page)).toBe('BuyInProgress');
    await waitShown(page, 'w3-buy-in-progress-view h3', 'Waiting for your purchase');
    expect(await popup.locator('body').textContent()).toContain('Sandbox on-ramp: test money only');
    const size = await popup.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
    expect(size.w).toBeLessThanOrEqual(500);

    await popup.locator('#card').fill('4000 0000 0000 0002');
    await popup.locator('#expiry').fill('12/40');
    await popup.locator('#cvc').fill('123');
    await popup.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => popup.locator('[role="alert"]').textContent()).toContain('Card declined');
    expect(await chain().getBalance({ address: A0 })).toBe(before);

    await popup.locator('#card').fill('4242 4242 4242 4242');
    await popup.locator('#expiry').fill('12/40');
    await popup.locator('#cvc').fill('123');
    const closed = popup.waitForEvent('close', { timeout: 15_000 });
    await popup.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => popup.locator('h1').textContent()).toBe('Payment complete');
    await closed; // the checkout closes itself

    expect(await chain().getBalance({ address: A0 })).toBe(before + quoted);
    const { tx_hash: hash } = backend.db.prepare(`SELECT tx_hash FROM onramp_sessions WHERE status = 'paid'`).get() as { tx_hash: string };
    await waitShown(page, 'w3-buy-in-progress-view [data-bought]', `You received ${shown} ETH`, 15_000);
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Account', null, { timeout: 10_000 });
    const eth = formatBalance(formatEther(await chain().getBalance({ address: A0 })));
    await waitShown(page, 'w3-account-view [data-balance]', `${eth} ETH`, 15_000);
    await page.locator('w3-account-view').getByRole('tab', { name: 'Activity' }).click();
    await waitShown(page, `w3-account-view li[data-hash="${hash}"]`, /^Bought .*\+0\.032 ETH \$98\.50$/, 15_000);
  });

  it('a checkout popup closed before paying is said so, pays nothing, and can be opened again', async () => {
    app = await openApp(h, [{}], options(backend.url));
    const { page } = app;
    await connect(page);
    await toBuyView(page);
    await waitShown(page, 'w3-on-ramp-buy-view [data-purchase-currency]', 'ETH');
    await page.locator('w3-on-ramp-buy-view w3-ui-text-input input').fill('20');
    await waitShown(page, 'w3-on-ramp-buy-view [data-total]', '20.00 USD');
    const before = await chain().getBalance({ address: A0 });
    const popupOpened = page.waitForEvent('popup');
    await page.locator('w3-on-ramp-buy-view w3-ui-button[data-continue] button').click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/onramp\/sandbox\/checkout\//);
    await popup.close();
    await waitShown(page, 'w3-buy-in-progress-view h3', 'The checkout window was closed before paying', 15_000);
    expect(await chain().getBalance({ address: A0 })).toBe(before);
    const again = page.waitForEvent('popup');
    await page.locator('w3-buy-in-progress-view w3-ui-button[data-reopen] button').click();
    const reopened = await again;
    await reopened.waitForURL(/\/onramp\/sandbox\/checkout\//);
    await waitShown(page, 'w3-buy-in-progress-view h3', 'Waiting for your purchase');
    await reopened.close();
  });

  it('with the Blockchain API out of reach nothing can be bought on Localhost: said before anything opens', async () => {
    app = await openApp(h, [{}], options(await closedPortUrl()));
    const { page } = app;
    await connect(page);
    let popups = 0;
    page.on('popup', () => popups++);
    await page.locator('w3-account-view').getByRole('button', { name: 'Buy' }).click();
    await expect.poll(() => view(page)).toBe('OnRampProviders');
    // The sandbox is the unreachable API; Meld and Coinbase sell real money, never on a local chain.
    await waitShown(page, 'w3-on-ramp-providers-view [data-nothing-to-buy]', 'No provider sells crypto on Localhost.', 15_000);
    await waitShown(page, 'w3-on-ramp-providers-view [data-provider="sandbox"]', 'the on-ramp service cannot be reached');
    await waitShown(page, 'w3-on-ramp-providers-view [data-provider="meld"]', 'Not available on Localhost: sells on main networks only');
    expect(await page.locator('w3-on-ramp-providers-view w3-ui-list-item[disabled]').count()).toBe(3);
    expect(popups).toBe(0);
    expect(await view(page)).toBe('OnRampProviders');
  });

  it('on Chain B (the sandbox pays on Localhost only) the sandbox says where it sells and Buy offers no Continue', async () => {
    app = await openApp(h, [{}], options(backend.url));
    const { page } = app;
    await connect(page);
    let popups = 0;
    page.on('popup', () => popups++);
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.switchNetwork('eip155:31338'));
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'OnRampProviders' }));
    await waitShown(page, 'w3-on-ramp-providers-view [data-nothing-to-buy]', 'No provider sells crypto on Chain B.', 15_000);
    await waitShown(page, 'w3-on-ramp-providers-view [data-provider="sandbox"]', 'Not available on Chain B: sells on Localhost only');
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'OnRampBuy' }));
    await waitShown(page, 'w3-on-ramp-buy-view [data-nothing-to-buy]', 'Nothing to buy from w3kit sandbox on this network');
    expect(await page.locator('w3-on-ramp-buy-view [data-continue]').count()).toBe(0);
    // Back on Localhost the sandbox sells ETH again.
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.switchNetwork('eip155:31337'));
    await waitShown(page, 'w3-on-ramp-buy-view [data-purchase-currency]', 'ETH');
    expect(await page.locator('w3-on-ramp-buy-view [data-nothing-to-buy]').count()).toBe(0);
    expect(popups).toBe(0);
  });
});
