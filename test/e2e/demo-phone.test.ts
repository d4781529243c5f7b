/**
 * The demos on a phone: each page `npm start` serves (scripts/lib/demo-server.mjs over the built
 * dist/: the plain demo at /, the React demo at /react/, the WalletConnect Dev Wallet at
 * /wc-wallet/) in Chromium emulating a 375 px phone, connected, with the Account view open and the
 * page's log or result filled. None scrolls sideways (document.documentElement.scrollWidth stays
 * 375) and the modal's Close button lies inside the viewport. Two Hardhat nodes, the local SVM,
 * the local Bitcoin chain, the backend and its relay run on free ports; the pages' network presets (npm start's fixed
 * ports) are routed to them. Screenshots go to /tmp/shots-phone/.
 *
 *   npm run build && npx vitest run test/e2e/demo-phone.test.ts
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBtcDevChain, type RunningBtcDevChain } from '../../server/src/chains/bip122/devchain/server.js';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { ensureBrowser } from '../../scripts/lib/browser.mjs';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { startDemoServer } from '../../scripts/lib/demo-server.mjs';
import { startChains, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { seedDevSolana, startSvm, type LocalSvm } from '../../scripts/lib/svm.mjs';
import { approveConnect, routePresetPorts } from './page.js';

const WIDTH = 375;
const SHOTS = '/tmp/shots-phone';

let chains: { chainA: HardhatNode; chainB: HardhatNode; stop(): Promise<void> };
let svm: LocalSvm;
let btc: RunningBtcDevChain;
let server: RunningServer;
let demo: { url: string; close(): Promise<void> };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [chains, svm, browser, btc] = await Promise.all([
    startChains(),
    startSvm(),
    ensureBrowser({ quiet: true }).then((executablePath) => chromium.launch({ executablePath, args: CHROMIUM_ARGS })),
    startBtcDevChain({ port: 0, onError: () => undefined }),
  ]);
  await seedDevSolana(svm);
  server = await startServer({ port: 0, seed: { wallets: 5 }, relayPort: 0, framePort: 0, evmRpc: chains.chainA.url, solanaRpc: svm.url });
  demo = await startDemoServer({
    rpcUrls: { 31337: chains.chainA.url, 31338: chains.chainB.url },
    solanaRpcUrl: svm.url,
    apiUrl: server.url,
    relayUrl: server.relayUrl!,
    secureSiteUrl: server.frameUrl!,
    projectId: DEV_PROJECT_ID,
  });
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await demo?.close();
  await server?.close();
  await chains?.stop();
  await svm?.close();
  await btc?.close();
});

/** A phone (375 px, touch, mobile viewport rules: a wide page widens the layout viewport) on a demo page. */
async function openPhone(path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  contexts.push(context);
  const page = await context.newPage();
  // The presets' fixed ports (npm start's Hardhat nodes, SVM and Bitcoin chain) go to this suite's own.
  await routePresetPorts(page, { chainA: chains.chainA.url, chainB: chains.chainB.url, svm: svm.url, btc: btc.url });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(demo.url + path);
  return { page, errors };
}

const view = (page: Page): Promise<string | null> => page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view') ?? null);

/** Approves the Dev Wallet's prompt for `method`. */
async function approve(page: Page, method: string): Promise<void> {
  const dialog = page.locator('#w3kit-dev-wallet dialog[open]').filter({ hasText: `· ${method}` });
  await dialog.waitFor({ timeout: 15_000 });
  // Pressed in the DOM: on a page wider than the phone the prompt may sit partly outside the viewport,
  // and this suite is about the page's width, measured once connected.
  await dialog.getByRole('button', { name: 'Approve' }).evaluate((button: HTMLButtonElement) => button.click());
}

/** Connects the Dev Wallet from the Connect view: EVM, Solana and Bitcoin, one prompt each (both demos offer the three). */
async function connectDevWallet(page: Page): Promise<void> {
  await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.locator('w3-modal').getByRole('button', { name: 'w3kit Dev Wallet' }).first().click();
  const methods = ['eth_requestAccounts', 'standard:connect', 'bitcoin:connect'];
  await approveConnect(page, methods, (button) => button.evaluate((b: HTMLButtonElement) => b.click()));
  await page.waitForFunction((ns) => document.querySelector('w3-modal')?.modal.getAccount(ns).isConnected === true, 'bip122', {
    timeout: 15_000,
  });
  await closeModal(page);
}

/** Closes the modal (it may stay open on Account after a connection) so the page's own controls can be used. */
async function closeModal(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('w3-modal')!.modal.close());
  await page.waitForFunction(() => !document.querySelector('w3-modal')?.hasAttribute('open'));
}

/** Opens the Account view (whether or not the modal stayed open after connecting) and lets it settle. */
async function openAccount(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'Account' }));
  await expect.poll(() => view(page)).toBe('Account');
  await page.waitForTimeout(1500); // balances arrive, transitions end
}

/** The page fits the phone's width and the modal's Close button is inside the viewport. */
async function expectFits(page: Page, name: string, withModal = true): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-${WIDTH}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: the page's scroll width`).toBeLessThanOrEqual(WIDTH);
  if (!withModal) return;
  const box = await page.locator('w3-modal').getByRole('button', { name: 'Close' }).boundingBox();
  expect(box, `${name}: the Close button has a box`).not.toBeNull();
  const viewport = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  expect(viewport.width, `${name}: the layout viewport`).toBe(WIDTH);
  expect(box!.x, `${name}: Close's left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${name}: Close's top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name}: Close's right edge`).toBeLessThanOrEqual(WIDTH);
  expect(box!.y + box!.height, `${name}: Close's bottom edge`).toBeLessThanOrEqual(viewport.height);
}

describe('the demos at 375 px, connected, Account open, log filled', () => {
  it('the plain demo', async () => {
    const { page, errors } = await openPhone('/');
    await connectDevWallet(page);
    // The result line filled: a signature from the page's button.
    await page.locator('#sign').click();
    await approve(page, 'personal_sign');
    await expect.poll(() => page.locator('#result').textContent(), { timeout: 10_000 }).toMatch(/^0x[0-9a-f]{130}$/);
    await openAccount(page);
    await expectFits(page, 'plain-demo');
    expect(errors).toEqual([]);
  }, 90_000);

  it('the React demo', async () => {
    const { page, errors } = await openPhone('/react/');
    // The events log filled (each line long, with no space to wrap at): network switches, an open and a close.
    for (const id of ['eip155:31338', 'eip155:31337']) {
      await page.locator('select').selectOption(id);
      await expect.poll(() => page.locator('[data-testid="log"]').textContent()).toContain(`w3-network-change ${id}`);
    }
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'Networks' }));
    await expect.poll(() => view(page)).toBe('Networks');
    await closeModal(page);
    await expectFits(page, 'react-demo-disconnected', false);
    await connectDevWallet(page);
    await openAccount(page);
    const log = page.locator('[data-testid="log"] li');
    expect(await log.count()).toBeGreaterThanOrEqual(4);
    expect(await log.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/w3-connect 0x[0-9a-fA-F]{40}$/)]));
    await expectFits(page, 'react-demo');
    expect(errors).toEqual([]);
  }, 90_000);

  it('the WalletConnect Dev Wallet, paired with the plain demo', async () => {
    const { page: dapp, errors: dappErrors } = await openPhone('/');
    const { page: wallet, errors: walletErrors } = await openPhone('/wc-wallet/');
    await wallet.getByRole('status').filter({ hasText: 'Ready' }).waitFor({ timeout: 20_000 });
    await dapp.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await dapp.locator('w3-connect-view').getByRole('button', { name: 'WalletConnect' }).click();
    const qr = dapp.locator('w3-qr-code');
    await expect.poll(async () => (await qr.getAttribute('uri', { timeout: 15_000 })) ?? '', { timeout: 20_000 }).toMatch(/^wc:/);
    await wallet.getByLabel('WalletConnect URI').fill((await qr.getAttribute('uri'))!);
    await wallet.getByRole('button', { name: 'Pair' }).click();
    await wallet.getByRole('button', { name: /^Approve connection to / }).click({ timeout: 20_000 });
    await dapp.waitForFunction(() => document.querySelector('w3-modal')?.modal.getAccount('eip155').isConnected === true, null, {
      timeout: 20_000,
    });
    await closeModal(dapp);
    // A request waiting in the wallet's list (its message and the dapp's long names fill the page).
    await dapp.locator('#sign').click();
    await wallet.getByRole('listitem').filter({ hasText: 'Hello from the w3kit demo' }).waitFor({ timeout: 20_000 });
    await expectFits(wallet, 'wc-wallet', false);
    await openAccount(dapp);
    await expectFits(dapp, 'plain-demo-walletconnect');
    expect([...dappErrors, ...walletErrors]).toEqual([]);
  }, 120_000);
});
