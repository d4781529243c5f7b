/**
 * Swap end to end: the built CDN bundle in Chromium with the test wallet, a Hardhat node with the
 * demo tokens and the local DEX (Uniswap V2, `w3kit-server dex deploy`), and the real backend
 * serving the swap routes from the pools' reserves and indexing the chain.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { DEV_PRIVATE_KEY, deployDemoContracts, type DemoContracts } from '../../scripts/lib/contracts.mjs';
import { deployDex, type DeployedDex } from '../../scripts/lib/dex.mjs';
import { createBlockchainApi } from '../../src/api/blockchain-api.js';
import { formatBalance } from '../../src/core/format.js';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { connect, waitText } from './page.js';
import { amountTypedToQuote } from '../../scripts/bench/measures/swap.mjs';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Hardhat's dev account 1: the other trader who moves the price. */
const A1_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const CHAIN = 'eip155:31337';
const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
]);

let h: Harness;
let backend: RunningServer;
let contracts: DemoContracts;
let dex: DeployedDex;
let dataDir: string;
let app: AppSession | undefined;

const chain = () => createPublicClient({ chain: hardhat, transport: http(h.chainA.url) });
const walletOf = (key: `0x${string}`) =>
  createWalletClient({ chain: hardhat, transport: http(h.chainA.url), account: privateKeyToAccount(key) });
const tokenBalance = (token: Address, owner: Address) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const allowance = (token: Address) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [A0, dex.router] });
const amountsOut = (amount: bigint, path: Address[]) =>
  chain().readContract({ address: dex.router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, path] });

beforeAll(async () => {
  h = await startHarness();
  contracts = await deployDemoContracts(h.chainA.url);
  dataDir = mkdtempSync(join(tmpdir(), 'w3kit-swap-e2e-'));
  dex = await deployDex(h.chainA.url, { dataDir, tokens: [contracts.dusd, contracts.dusdt] });
  // The deployer (the test wallet's account) approved the router to add liquidity; a user starts with none.
  const a0 = walletOf(DEV_PRIVATE_KEY);
  for (const token of [contracts.dusd, contracts.dusdt]) {
    const hash = await a0.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [dex.router, 0n] });
    await chain().waitForTransactionReceipt({ hash });
  }
  backend = await startServer({ port: 0, seed: { wallets: 5 }, relayPort: false, evmRpc: h.chainA.url, dataDir });
  const api = createBlockchainApi({ blockchainApiUrl: backend.url, projectId: DEV_PROJECT_ID });
  for (let i = 0; i < 200; i++) {
    if (
      await api.getBalances(A0, { chainId: CHAIN }).then(
        (b) => b.length >= 3,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the backend never indexed the demo tokens');
}, 180_000);
afterAll(async () => {
  await Promise.allSettled([backend?.close()]);
  await h?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

const options = () =>
  `, blockchainApiUrl: ${JSON.stringify(backend.url)}, projectId: ${JSON.stringify(DEV_PROJECT_ID)}, features: { swaps: true }`;
const view = (page: Page) => page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));
const shown = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
const mainButton = (page: Page) => page.locator('w3-swap-view w3-ui-button[data-action]');
/** The number in a shown amount ('1,462.09 DUSD' is 1462.09). */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** Waits until the first match of a Playwright selector (piercing shadow roots) shows `expected`. */
async function waitShown(page: Page, selector: string, expected: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => shown(page, selector), { timeout }).toContain(expected);
}

/** The test wallet in the page (test/fixtures/test-wallet-entry.ts). */
type TestWallets = { testWallets: { setMode(mode: string): void; requests: { method: string; params?: unknown }[] }[] };

/** The transactions the test wallet was asked to send, by their calldata's 4-byte selector. */
const sentSelectors = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as TestWallets).testWallets[0]!.requests.filter((r) => r.method === 'eth_sendTransaction').map((r) =>
      ((r.params as { data?: string }[])[0]?.data ?? '0x').slice(0, 10),
    ),
  );
const APPROVE_SELECTOR = '0x095ea7b3';

async function openSwap(page: Page): Promise<void> {
  await page.locator('w3-account-view').getByRole('button', { name: 'Swap' }).click();
  await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Swap');
  await page.locator('w3-swap-view w3-ui-token-picker[data-side="from"] button.chip').filter({ hasText: 'ETH' }).waitFor();
}

async function pick(page: Page, side: 'from' | 'to', symbol: string): Promise<void> {
  const picker = `w3-swap-view w3-ui-token-picker[data-side="${side}"]`;
  await page.locator(`${picker} button.chip`).click();
  await page.locator(`${picker} [role="option"][data-token="${symbol}"]`).click();
  await page.locator(`${picker} button.chip`).filter({ hasText: symbol }).waitFor();
}

/** Types the amount and waits for the quote; returns the amount shown to receive. */
async function quote(page: Page, amount: string, action: 'Review swap' | RegExp): Promise<string> {
  await page.locator('w3-swap-view w3-ui-text-input[data-amount] input').fill(amount);
  await expect.poll(() => shown(page, 'w3-swap-view w3-ui-button[data-action]'), { timeout: 10_000 }).toMatch(action);
  return shown(page, 'w3-swap-view [data-to-amount]');
}

async function confirmSwap(page: Page): Promise<void> {
  await page.locator('w3-swap-preview-view w3-ui-button[data-confirm]').click();
  await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Account', null, { timeout: 20_000 });
  await waitText(page, 'w3-ui-toast', 'Transaction confirmed', 15_000);
}

describe('Swap end to end', { timeout: 120_000 }, () => {
  it('swaps ETH for DUSD at the quote; the chain and the modal agree', async () => {
    app = await openApp(h, [{}], options());
    const { page } = app;
    await connect(page);
    await openSwap(page);
    // The amount has focus when the view opens.
    const focused = await page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      const host = (el?.getRootNode() as ShadowRoot | undefined)?.host;
      return `${el?.tagName} in ${host?.tagName} ${host?.hasAttribute('data-amount')}`;
    });
    expect(focused).toBe('INPUT in W3-UI-TEXT-INPUT true');
    await pick(page, 'to', 'DUSD');
    const weth = dex.weth;
    const [, expected] = await amountsOut(parseEther('0.5'), [weth, contracts.dusd]);
    const before = await tokenBalance(contracts.dusd, A0);
    const out = await quote(page, '0.5', 'Review swap');
    // The quote shown is the router's getAmountsOut (6 decimals shown: DUSD has 6).
    expect(amountOf(out)).toBe(Number(expected) / 1e6);
    const minimum = await shown(page, 'w3-swap-view [data-minimum]');
    expect(amountOf(minimum)).toBeCloseTo((Number(expected) * 0.99) / 1e6, 5);
    await mainButton(page).click();
    await page.locator('w3-swap-preview-view').waitFor();
    expect(await page.locator('w3-swap-preview-view w3-ui-button[data-approve]').count()).toBe(0);
    await confirmSwap(page);
    const received = (await tokenBalance(contracts.dusd, A0)) - before;
    // Nobody else traded: exactly the quote, and in any case at least the minimum.
    expect(received).toBe(expected!);
    expect(received >= (expected! * 99n) / 100n).toBe(true);
    const now = formatBalance((Number(await tokenBalance(contracts.dusd, A0)) / 1e6).toString());
    await waitShown(page, 'w3-account-view li[data-symbol="DUSD"]', `${now} DUSD`);
    // Activity lists the swap (the latest block's one transaction).
    const [hash] = (await chain().getBlock()).transactions;
    await page.locator('w3-account-view').getByRole('tab', { name: 'Activity' }).click();
    await expect.poll(() => page.locator(`w3-account-view li[data-hash="${hash}" i]`).count(), { timeout: 15_000 }).toBe(1);
  });

  it('swaps DUSD for DUSDT: approval once, then not again for a second swap', async () => {
    app = await openApp(h, [{}], options());
    const { page } = app;
    await connect(page);
    expect(await allowance(contracts.dusd)).toBe(0n);
    await openSwap(page);
    await pick(page, 'from', 'DUSD');
    await pick(page, 'to', 'DUSDT');
    const [, first] = await amountsOut(100_000_000n, [contracts.dusd, contracts.dusdt]);
    const before = await tokenBalance(contracts.dusdt, A0);
    await quote(page, '100', /^Approve DUSD$/);
    await mainButton(page).click();
    await page.locator('w3-swap-preview-view w3-ui-button[data-approve]').click();
    // Once approved, the allowance is read again and the step becomes Swap.
    await page.locator('w3-swap-preview-view w3-ui-button[data-confirm]').waitFor({ timeout: 20_000 });
    expect(await allowance(contracts.dusd)).toBeGreaterThanOrEqual(100_000_000n);
    await confirmSwap(page);
    expect((await tokenBalance(contracts.dusdt, A0)) - before).toBe(first!);

    await openSwap(page);
    await pick(page, 'from', 'DUSD');
    await pick(page, 'to', 'DUSDT');
    const [, second] = await amountsOut(50_000_000n, [contracts.dusd, contracts.dusdt]);
    const middle = await tokenBalance(contracts.dusdt, A0);
    // No approval this time: straight to Review swap, and the preview offers Swap only.
    await quote(page, '50', 'Review swap');
    await mainButton(page).click();
    await page.locator('w3-swap-preview-view w3-ui-button[data-confirm]').waitFor();
    expect(await page.locator('w3-swap-preview-view w3-ui-button[data-approve]').count()).toBe(0);
    await confirmSwap(page);
    expect((await tokenBalance(contracts.dusdt, A0)) - middle).toBe(second!);
    // The wallet was asked for one approval and two swaps.
    const sent = await sentSelectors(page);
    expect(sent.filter((s) => s === APPROVE_SELECTOR)).toHaveLength(1);
    expect(sent).toHaveLength(3);
    const dusdt = formatBalance((Number(await tokenBalance(contracts.dusdt, A0)) / 1e6).toString());
    await waitShown(page, 'w3-account-view li[data-symbol="DUSDT"]', `${dusdt} DUSDT`);
  });

  it("a price moved past the slippage fails with the router's error; the inputs stay and nothing is lost", async () => {
    app = await openApp(h, [{}], options());
    const { page } = app;
    await connect(page);
    await openSwap(page);
    await pick(page, 'to', 'DUSD');
    await quote(page, '1', 'Review swap');
    await mainButton(page).click();
    await page.locator('w3-swap-preview-view w3-ui-button[data-confirm]').waitFor();
    // Between the build (its minimum out from the current price) and the wallet's send, another account buys a lot of DUSD.
    await page.route('**/v1/convert/build-transaction**', async (route) => {
      const response = await route.fetch();
      const trader = walletOf(A1_KEY);
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
      const hash = await trader.writeContract({
        address: dex.router,
        abi: ROUTER_ABI,
        functionName: 'swapExactETHForTokens',
        args: [0n, [dex.weth, contracts.dusd], trader.account.address, deadline],
        value: parseEther('20'),
      });
      await chain().waitForTransactionReceipt({ hash });
      await route.fulfill({ response });
    });
    const [eth, dusd] = [await chain().getBalance({ address: A0 }), await tokenBalance(contracts.dusd, A0)];
    await page.locator('w3-swap-preview-view w3-ui-button[data-confirm]').click();
    await waitShown(page, 'w3-swap-preview-view [data-swap-error]', 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT', 20_000);
    expect(await view(page)).toBe('SwapPreview');
    expect(await page.locator('w3-swap-preview-view w3-ui-button[data-retry]').count()).toBe(1);
    // Nothing was sent: the balances are those before.
    expect(await chain().getBalance({ address: A0 })).toBe(eth);
    expect(await tokenBalance(contracts.dusd, A0)).toBe(dusd);
    await page.unroute('**/v1/convert/build-transaction**');
    // Back to the form: everything as typed.
    await page.locator('w3-swap-preview-view').getByRole('button', { name: 'Back to edit' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Swap');
    expect(await page.locator('w3-swap-view w3-ui-text-input[data-amount] input').inputValue()).toBe('1');
    expect(await shown(page, 'w3-swap-view w3-ui-token-picker[data-side="to"] button.chip')).toBe('DUSD');
  });

  it("a wallet's refusal shows its error with the inputs kept; Try again then swaps", async () => {
    app = await openApp(h, [{}], options());
    const { page } = app;
    await connect(page);
    await openSwap(page);
    await pick(page, 'to', 'DUSDT');
    await quote(page, '0.25', 'Review swap');
    await mainButton(page).click();
    await page.locator('w3-swap-preview-view w3-ui-button[data-confirm]').waitFor();
    const before = await tokenBalance(contracts.dusdt, A0);
    await page.evaluate(() => (window as unknown as TestWallets).testWallets[0]!.setMode('reject'));
    await page.locator('w3-swap-preview-view w3-ui-button[data-confirm]').click();
    await waitShown(page, 'w3-swap-preview-view [data-swap-error]', 'User rejected the request');
    expect(await view(page)).toBe('SwapPreview');
    expect(await tokenBalance(contracts.dusdt, A0)).toBe(before);
    await page.evaluate(() => (window as unknown as TestWallets).testWallets[0]!.setMode('approve'));
    const [, expected] = await amountsOut(parseEther('0.25'), [dex.weth, contracts.dusdt]);
    await page.locator('w3-swap-preview-view w3-ui-button[data-retry]').click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Account', null, { timeout: 20_000 });
    expect((await tokenBalance(contracts.dusdt, A0)) - before).toBe(expected!);
  });

  it("the bench's measure (amount typed to quote shown) runs on this page and waits for the quote's pause", async () => {
    app = await openApp(h, [{}], options());
    const { page } = app;
    const ms = await amountTypedToQuote.run({ page, guard: <T>(p: Promise<T>) => p, click: 'w3-button w3-connect-button button' });
    // The view waits for typing to pause (300 ms) before asking; the local route answers well within a few seconds.
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(ms).toBeLessThan(5000);
    expect(await shown(page, 'w3-swap-view w3-ui-token-picker[data-side="to"] button.chip')).toBe('DUSD');
  });

  it('hides the Swap button on chain B (no DEX, not a swap network)', async () => {
    app = await openApp(h, [{}], options());
    const { page } = app;
    await connect(page);
    await page.locator('w3-account-view').getByRole('button', { name: 'Swap' }).waitFor();
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.switchNetwork('eip155:31338'));
    await waitText(page, 'w3-network-button', 'Chain B');
    await expect.poll(() => page.locator('w3-account-view .feature[data-feature="swaps"]').count()).toBe(0);
    expect(await page.locator('w3-account-view .feature[data-feature="send"]').count()).toBe(1);
  });
});
