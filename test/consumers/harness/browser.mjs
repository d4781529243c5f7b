/**
 * Chromium for the consumer suite: one browser, a fresh context per app with the test wallet
 * (test/fixtures, bundled by scripts/bundle-fixtures.mjs) and the app's environment (the Hardhat
 * node's URL, the test ERC-20) injected before the page's scripts run.
 */
import { chromium } from 'playwright-core';
import { TEST_WALLET_BUNDLE } from '../../../scripts/bundle-fixtures.mjs';
import { ensureBrowser } from '../../../scripts/lib/browser.mjs';
import { CHROMIUM_ARGS } from '../../../scripts/lib/chromium.mjs';
import { waitFor } from './report.mjs';
import { recordScripts } from './sizes.mjs';

export const WALLET_NAME = 'w3kit Test Wallet';
/** Hardhat's dev account 0: the test wallet's account. */
export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export async function launchBrowser() {
  const executablePath = await ensureBrowser({ quiet: true });
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * Opens `url` in a fresh context. Resolves to the page, its console messages and page errors, and
 * the gzip size of the scripts it loaded before any interaction.
 */
export async function openApp(browser, url, consumer) {
  const context = await browser.newContext();
  await context.addInitScript(
    ({ consumer, wallets }) => {
      Object.assign(window, { __W3_CONSUMER__: consumer, __W3_TEST_WALLETS__: wallets });
    },
    {
      consumer,
      wallets: [{ chainId: 31337, rpcUrls: { 31337: consumer.rpcUrl, ...(consumer.rpcUrlB ? { 31338: consumer.rpcUrlB } : {}) } }],
    },
  );
  await context.addInitScript({ path: TEST_WALLET_BUNDLE });
  const page = await context.newPage();
  const consoleMessages = [];
  const errors = [];
  page.on('console', (m) => consoleMessages.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => errors.push(e.message));
  const scripts = recordScripts(page);
  await page.goto(url);
  const firstLoad = await scripts.firstLoad();
  return { context, page, consoleMessages, errors, firstLoad };
}

/** Visible text of the first element matching `selector`, through open shadow roots. */
export function shadowText(page, selector) {
  return page.evaluate((sel) => {
    const find = (root) => {
      const direct = root.querySelector(sel);
      if (direct) return direct;
      for (const el of root.querySelectorAll('*')) {
        const hit = el.shadowRoot && find(el.shadowRoot);
        if (hit) return hit;
      }
      return null;
    };
    const el = find(document);
    if (!el) return '';
    let out = '';
    const walk = (n) => {
      if (n.nodeType === Node.TEXT_NODE) out += n.textContent;
      if (n.shadowRoot) walk(n.shadowRoot);
      if (n instanceof HTMLSlotElement) n.assignedNodes({ flatten: true }).forEach(walk);
      else n.childNodes.forEach(walk);
    };
    walk(el);
    return out.replace(/\s+/g, ' ').trim();
  }, selector);
}

/** The text of a light-DOM element of the app (an `<output>`). */
export const outputText = (page, selector) => page.evaluate((sel) => document.querySelector(sel)?.textContent ?? null, selector);

const modalView = (page) => page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));
const modalOpen = (page) => page.evaluate(() => document.querySelector('w3-modal')?.hasAttribute('open') ?? false);

/** The page's w3-button shows 'Connect Wallet' (rendered and upgraded). */
export function buttonRenders(page) {
  return waitFor(
    'w3-button text',
    () => shadowText(page, 'w3-button'),
    (t) => t.includes('Connect Wallet'),
  );
}

/** Clicks the button; the modal opens on Connect and lists the test wallet. */
export async function modalOpens(page) {
  await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  await waitFor(
    'modal open',
    () => modalOpen(page),
    (open) => open === true,
  );
  await waitFor(
    'modal view',
    () => modalView(page),
    (view) => view === 'Connect',
  );
  await page.locator('w3-modal').getByRole('button', { name: WALLET_NAME }).waitFor({ timeout: 10_000 });
}

/** Picks the test wallet in the open modal; the modal reports the account and closes (issue 28: a connection made from Connect closes it). */
export async function walletConnects(page) {
  await page.locator('w3-modal').getByRole('button', { name: WALLET_NAME }).click();
  await waitFor(
    'modal account',
    () => page.evaluate(() => document.querySelector('w3-modal')?.modal?.getAccount().address),
    (address) => address === ACCOUNT,
  );
  await waitFor(
    'modal closed after connecting',
    () => modalOpen(page),
    (open) => open === false,
  );
}

/** Closes the modal (Escape) and waits until it is closed. */
export async function closeModal(page) {
  await page.keyboard.press('Escape');
  await waitFor(
    'modal closed',
    () => modalOpen(page),
    (open) => open === false,
  );
}

/** Opens the modal on Account and clicks its 'Disconnect'. */
export async function disconnectInModal(page) {
  await page.evaluate(() => document.querySelector('w3-modal')?.modal?.open({ view: 'Account' }));
  await page.locator('w3-modal').getByRole('button', { name: 'Disconnect' }).click();
  await waitFor(
    'modal account after Disconnect',
    () => page.evaluate(() => document.querySelector('w3-modal')?.modal?.getAccount().isConnected),
    (connected) => connected === false,
  );
}
