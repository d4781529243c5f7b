/**
 * The demo pages as `npm start` serves them (scripts/lib/demo-server.mjs, the built dist/), with
 * two Hardhat nodes, the backend and its relay: the network lists hold both local chains (and
 * the public ones only with ?public), the favicon is served, and no page logs a warning or an
 * error (the WalletConnect Dev Wallet's metadata url matches its page).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { ensureBrowser } from '../../scripts/lib/browser.mjs';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { startDemoServer } from '../../scripts/lib/demo-server.mjs';
import { startChains, type HardhatNode } from '../../scripts/lib/hardhat.mjs';

let chains: { chainA: HardhatNode; chainB: HardhatNode; stop(): Promise<void> };
let server: RunningServer;
let demo: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [chains, browser] = await Promise.all([
    startChains(),
    ensureBrowser({ quiet: true }).then((executablePath) => chromium.launch({ executablePath, args: CHROMIUM_ARGS })),
  ]);
  server = await startServer({ port: 0, seed: { wallets: 5 }, relayPort: 0, evmRpc: chains.chainA.url });
  demo = await startDemoServer({
    rpcUrls: { 31337: chains.chainA.url, 31338: chains.chainB.url },
    apiUrl: server.url,
    relayUrl: server.relayUrl!,
    projectId: DEV_PROJECT_ID,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await demo?.close();
  await server?.close();
  await chains?.stop();
});

/** Opens a page and records what it logs and every failed request. */
async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(demo.url + path);
  return { page, problems };
}

async function networkList(page: Page): Promise<string[]> {
  await page.locator('w3-network-button button').click();
  const items = page.locator('w3-networks-view w3-ui-list-item');
  await items.first().waitFor();
  return items.evaluateAll((els) => els.map((el) => el.getAttribute('data-network') ?? ''));
}

describe('demo pages', () => {
  it('the plain demo offers both local chains, the public ones only with ?public, and serves its favicon', async () => {
    const { page, problems } = await open('/');
    expect(await networkList(page)).toEqual(['eip155:31337', 'eip155:31338']);
    const icon = await page.locator('link[rel="icon"]').evaluate((el) => (el as HTMLLinkElement).href);
    const reply = await page.request.get(icon);
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toContain('image/svg+xml');
    await expect.poll(() => page.evaluate(() => 'w3kitDevWallet' in window)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();

    const withPublic = await open('/?public');
    expect(await networkList(withPublic.page)).toEqual(['eip155:31337', 'eip155:31338', 'eip155:1', 'eip155:11155111']);
    expect(await withPublic.page.locator('#public-note').isVisible()).toBe(true);
    await withPublic.page.close();
  });

  it('the React demo has the Dev Wallet and both local chains, with no warnings', async () => {
    const { page, problems } = await open('/react/');
    await expect.poll(() => page.locator('[data-testid="network"]').textContent()).toBe('Localhost (eip155:31337)');
    await expect.poll(() => page.evaluate(() => 'w3kitDevWallet' in window)).toBe(true);
    const options = await page.locator('select option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
    expect(options).toEqual(['eip155:31337', 'eip155:31338']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the WalletConnect Dev Wallet page starts with no metadata warning', async () => {
    const { page, problems } = await open('/wc-wallet/');
    await page.getByText('Ready: paste a WalletConnect URI').waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await page.close();
  });
});
