/**
 * Small screens and focus, end to end: the plain demo's own styles and button row
 * (demo/index.html) around the built CDN bundle in Chromium emulating a 375 px phone, the test
 * EIP-1193 wallet on a Hardhat node (10,000 ETH, the widest balance a dev account shows).
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TEST_WALLET_BUNDLE } from '../../scripts/bundle-fixtures.mjs';
import { startHarness, type Harness } from './harness.js';
import { connect, waitText } from './page.js';

const WIDTH = 375;

let h: Harness;
let context: BrowserContext | undefined;
let errors: string[] = [];

beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  expect(errors).toEqual([]);
  await context?.close();
  context = undefined;
});

/** The demo page's styles and <main> (its button row), with the modal configured for the test chain. */
function demoPage(rpcUrl: string): string {
  const demo = readFileSync('demo/index.html', 'utf8');
  const style = /<style>[\s\S]*?<\/style>/.exec(demo)?.[0] ?? '';
  const main = /<main>[\s\S]*?<\/main>/.exec(demo)?.[0] ?? '';
  if (!style || !main.includes('<w3-button>')) throw new Error('demo/index.html has no <style> or no <main> with <w3-button>');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" /><title>w3kit layout</title>${style}
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  const localhost = { ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(rpcUrl)}] } } };
  window.modal = createW3Modal({ networks: [localhost, networks.mainnet, networks.sepolia] });
</script></head><body>${main}</body></html>`;
}

/** A phone-sized context (375 px, touch, mobile viewport rules) on the demo row, with the test wallet. */
async function openPhone(): Promise<Page> {
  const path = `/layout-${Math.random().toString(36).slice(2)}.html`;
  h.pages.set(path, demoPage(h.chainA.url));
  context = await h.browser.newContext({ viewport: { width: WIDTH, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await context.addInitScript(
    (list) => {
      (window as unknown as { __W3_TEST_WALLETS__: unknown }).__W3_TEST_WALLETS__ = list;
    },
    [{ chainId: 31337, rpcUrls: { 31337: h.chainA.url } }],
  );
  await context.addInitScript({ path: TEST_WALLET_BUNDLE });
  const page = await context.newPage();
  errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(h.baseUrl + path);
  await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
  return page;
}

/** Right edge of the first match of a Playwright selector, in CSS px. */
async function rightEdge(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box.x + box.width;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The focused element, looking inside shadow roots. */
const deepFocus = (page: Page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    const host = a?.getRootNode() instanceof ShadowRoot ? (a.getRootNode() as ShadowRoot).host.localName : null;
    return { tag: a?.localName ?? null, host, text: a?.textContent?.trim() ?? '' };
  });

describe('at 375 px, connected', () => {
  it('the page does not scroll sideways, the account button fits, and the bottom sheet spans the viewport', async () => {
    const page = await openPhone();
    await connect(page);
    const balance = page.locator('w3-account-view [data-balance]');
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toMatch(/^10,?000\.000 ETH$/);
    await page.screenshot({ path: '/tmp/w3-layout-375-account.png' });

    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    const dialog = await page.locator('w3-modal [role="dialog"]').boundingBox();
    expect(dialog!.x).toBeGreaterThanOrEqual(0);
    expect(dialog!.x + dialog!.width).toBeLessThanOrEqual(WIDTH);
    const close = page.locator('w3-modal').getByRole('button', { name: 'Close' });
    const closeBox = await close.boundingBox();
    expect(closeBox!.x + closeBox!.width).toBeLessThanOrEqual(WIDTH);

    await close.click();
    await page.waitForFunction(() => !document.querySelector('w3-modal')?.hasAttribute('open'));
    await page.screenshot({ path: '/tmp/w3-layout-375-page.png' });
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    expect(await rightEdge(page, 'w3-account-button button')).toBeLessThanOrEqual(WIDTH);
    expect(await rightEdge(page, 'w3-network-button button')).toBeLessThanOrEqual(WIDTH);
  });

  it("Disconnect closes the sheet and puts focus on the page's connect button", async () => {
    const page = await openPhone();
    await connect(page);
    await page.locator('w3-modal').getByRole('button', { name: 'Close' }).click();
    await page.locator('w3-account-button').getByRole('button').click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Account');
    await page.locator('w3-account-view').getByRole('button', { name: 'Disconnect' }).click();
    await waitText(page, 'w3-button', 'Connect Wallet');
    await expect
      .poll(() => deepFocus(page), { timeout: 5000 })
      .toEqual({ tag: 'button', host: 'w3-connect-button', text: 'Connect Wallet' });
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  });
});
