/**
 * WalletConnect with the browser offline (issue 28, item 19): a laptop with no network running
 * `npm start` has its relay on loopback, which needs no internet. The page sees
 * `navigator.onLine === false` from its first script (as such a laptop's browser does) while
 * loopback still answers; sign-client checks `navigator.onLine` before each dial. The built CDN
 * bundle in Chromium, our backend with its relay, and the WalletConnect test wallet in Node.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/index.js';
import { createWcWallet, type WcWallet } from '../fixtures/wc-wallet.js';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { sign, text, waitConnected, waitText } from './page.js';

let h: Harness;
let backend: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let app: AppSession | undefined;
let wallet: WcWallet | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'w3kit-e2e-wc-offline-'));
  [h, backend] = await Promise.all([startHarness(), startServer({ port: 0, dataDir, seed: true, relayPort: 0 })]);
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([h?.stop(), backend?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await wallet?.close();
  wallet = undefined;
  await closeApp(app);
  app = undefined;
});

const OFFLINE_TEXT = 'No internet connection detected. Please restart your network and try again.';

/** The app page with these options, reloaded with `navigator.onLine` false from its first script. */
async function openOffline(options: string): Promise<Page> {
  app = await openApp(h, [], options);
  const { context, page } = app;
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false }));
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  return page;
}

/** Opens Connect and chooses 'WalletConnect' (the QR view). */
async function openQrView(page: Page): Promise<void> {
  await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.locator('w3-connect-view').getByRole('button', { name: 'WalletConnect' }).click();
}

/** The QR's pairing URI once it shows; fails as soon as the view shows an error in its place. */
async function qrUri(page: Page): Promise<string> {
  const qr = page.locator('w3-qr-code');
  const start = Date.now();
  while (Date.now() - start < 20_000) {
    const uri = (await qr.count()) ? await qr.getAttribute('uri') : null;
    if (uri?.startsWith('wc:')) return uri;
    const shown = await text(page, 'w3-connecting-wallet-connect-view');
    if (shown.includes(OFFLINE_TEXT)) throw new Error(`The QR view shows an error in place of the QR: "${shown}"`);
    await page.waitForTimeout(100);
  }
  throw new Error('The QR view never showed a pairing URI');
}

describe('WalletConnect with the browser offline', { timeout: 120_000 }, () => {
  it('a relay on loopback: the QR shows, the wallet connects and signs, also after an offline event and a reload', async () => {
    const relayUrl = backend.relayUrl as string;
    expect(new URL(relayUrl).hostname).toBe('127.0.0.1');
    const page = await openOffline(`, projectId: 'w3kit-dev', relayUrl: ${JSON.stringify(relayUrl)}, metadata: { name: 'w3kit e2e' }`);
    await openQrView(page);
    const uri = await qrUri(page);

    wallet = await createWcWallet({ relayUrl, rpcUrls: { 31337: h.chainA.url }, chainId: 31337 });
    const address = wallet.addresses[0] as `0x${string}`;
    await wallet.pair(uri);
    await waitConnected(page, address);
    const signature = await sign(page, address, 'offline laptop');
    expect(await verifyMessage({ address, message: 'offline laptop', signature })).toBe(true);

    // The browser reports losing its network (sign-client drops the socket): the loopback relay is dialled again.
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const again = await sign(page, address, 'after an offline event');
    expect(await verifyMessage({ address, message: 'after an offline event', signature: again })).toBe(true);

    // A reload, still offline: the stored session is restored over the loopback relay.
    await page.reload();
    await waitConnected(page, address);
    const restored = await sign(page, address, 'restored offline');
    expect(await verifyMessage({ address, message: 'restored offline', signature: restored })).toBe(true);
  });

  it("a public relay (the WalletConnect network's) still shows the offline message and dials nothing", async () => {
    const sockets: string[] = [];
    const page = await openOffline(
      `, projectId: '0123456789abcdef0123456789abcdef', relayUrl: 'wss://relay.walletconnect.org', metadata: { name: 'w3kit e2e' }`,
    );
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await openQrView(page);
    await waitText(page, 'w3-connecting-wallet-connect-view', OFFLINE_TEXT, 20_000);
    expect(await page.locator('w3-qr-code').count()).toBe(0);
    expect(sockets).toEqual([]);
  });
});
