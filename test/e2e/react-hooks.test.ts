/**
 * The React wallet hooks on a real chain: a React app bundled from src/react with esbuild (no
 * CDN file: the hooks read the stores of the modal they come with), the test wallet (EIP-6963)
 * and Hardhat. useW3Balance shows the chain's figure and follows a send; useW3SendTransaction's
 * `data` is the hash of a transaction that lands. The hooks' other behaviours are covered in
 * Chromium by test/react/wallet-hooks.test.tsx.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, formatEther, http } from 'viem';
import type { Page } from 'playwright-core';
import { TEST_WALLET_BUNDLE } from '../../scripts/bundle-fixtures.mjs';
import { type AppSession, bundlePageScript, closeApp, type Harness, startHarness } from './harness.js';
import { connect } from './page.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const APP = `
import { createRoot } from 'react-dom/client';
import { createW3Modal, networks, useW3Balance, useW3SendTransaction, W3Button, W3Modal } from './src/react/index.ts';

function Probe() {
  const send = useW3SendTransaction();
  const balance = useW3Balance();
  window.hooks = { send, balance };
  return null;
}

const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(<><W3Button /><Probe /><W3Modal /></>);
const chainA = { ...networks.localhost, rpcUrls: { default: { http: [window.__CHAIN_A__] } } };
window.modal = createW3Modal({ networks: [chainA] });
`;

let h: Harness;
let app: AppSession | undefined;

beforeAll(async () => {
  const [harness, script] = await Promise.all([
    startHarness(),
    bundlePageScript(APP, {
      loader: 'tsx',
      jsx: 'automatic',
      conditions: ['production'],
      define: { 'process.env.NODE_ENV': '"production"' },
    }),
  ]);
  h = harness;
  h.pages.set('/react-hooks.js', script);
  h.pages.set(
    '/react-hooks.html',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hooks</title><script type="module" src="/react-hooks.js"></script></head><body></body></html>',
  );
}, 120_000);
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

interface HookState {
  send: { data?: string; error?: { message: string }; isPending: boolean };
  balance: { balance?: string; symbol?: string; isLoading: boolean };
}
const hooks = (page: Page) =>
  page.evaluate(() => {
    const { send, balance } = (window as unknown as { hooks: HookState }).hooks;
    return { send: { data: send.data, error: send.error?.message, isPending: send.isPending }, balance: { ...balance } };
  });

describe('React wallet hooks on Hardhat', { timeout: 60_000 }, () => {
  it('useW3Balance shows the chain balance; useW3SendTransaction sends a transaction that lands, and the balance follows', async () => {
    const context = await h.browser.newContext();
    await context.addInitScript((url) => {
      const w = window as unknown as Record<string, unknown>;
      w.__CHAIN_A__ = url;
      w.__W3_TEST_WALLETS__ = [{ chainId: 31337, rpcUrls: { 31337: url } }];
    }, h.chainA.url);
    await context.addInitScript({ path: TEST_WALLET_BUNDLE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    app = { context, page, errors };
    await page.goto(`${h.baseUrl}/react-hooks.html`);
    await page.waitForFunction(() => 'modal' in window && 'hooks' in window);
    expect((await hooks(page)).balance).toEqual({ balance: undefined, symbol: undefined, isLoading: false });

    await connect(page);
    await page.evaluate(() => (window as unknown as { modal: { close(): void } }).modal.close());
    const client = createPublicClient({ transport: http(h.chainA.url) });
    const before = formatEther(await client.getBalance({ address: A0 }));
    await expect
      .poll(async () => (await hooks(page)).balance, { timeout: 10_000 })
      .toEqual({ balance: before, symbol: 'ETH', isLoading: false });

    const hash = await page.evaluate(
      (to) =>
        (window as unknown as { hooks: { send: { sendTransaction(tx: object): Promise<string> } } }).hooks.send.sendTransaction({
          to,
          value: 10n ** 18n,
        }),
      A1,
    );
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await expect
      .poll(async () => (await hooks(page)).send, { timeout: 10_000 })
      .toEqual({ data: hash, error: undefined, isPending: false });
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(A1.toLowerCase());
    const after = formatEther(await client.getBalance({ address: A0 }));
    expect(after).not.toBe(before);
    await expect.poll(async () => (await hooks(page)).balance.balance, { timeout: 10_000 }).toBe(after);
  });
});
