/**
 * The Account view, Receive and Send end to end: the built CDN bundle in Chromium, the test
 * EIP-1193 wallet, a Hardhat node with the demo contracts, and the real backend indexing it as
 * the Blockchain API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, parseEther, type Address } from 'viem';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { deployDemoContracts, type DemoContracts } from '../../scripts/lib/contracts.mjs';
import { createBlockchainApi } from '../../src/api/blockchain-api.js';
import { formatBalance } from '../../src/core/format.js';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { connect, waitText } from './page.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CHAIN = 'eip155:31337';

let h: Harness;
let backend: RunningServer;
let contracts: DemoContracts;
let app: AppSession | undefined;

/** Starts the backend indexing chain A and waits until it has indexed the demo tokens. */
async function startIndexingBackend(port = 0): Promise<RunningServer> {
  // No relay or frame site: a restart on the same port then needs only that one port.
  const server = await startServer({ port, seed: { wallets: 5 }, relayPort: false, framePort: false, evmRpc: h.chainA.url });
  const api = createBlockchainApi({ blockchainApiUrl: server.url, projectId: DEV_PROJECT_ID });
  for (let i = 0; i < 200; i++) {
    const ready = await api.getBalances(A0, { chainId: CHAIN }).then(
      (b) => b.length >= 3,
      () => false,
    );
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the backend never indexed the demo tokens');
}

beforeAll(async () => {
  h = await startHarness();
  contracts = await deployDemoContracts(h.chainA.url);
  backend = await startIndexingBackend();
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([backend?.close()]);
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

const withApi = (url: string) => `, blockchainApiUrl: ${JSON.stringify(url)}, projectId: ${JSON.stringify(DEV_PROJECT_ID)}`;
const chain = () => createPublicClient({ transport: http(h.chainA.url) });
const tokenBalance = (token: Address, owner: Address) =>
  chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const view = (page: Page) => page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));

/** Text of the first match of a Playwright selector (its CSS pierces open shadow roots), spaces collapsed. */
async function shown(page: Page, selector: string): Promise<string> {
  const loc = page.locator(selector).first();
  if ((await loc.count()) === 0) return '';
  return ((await loc.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

async function waitShown(page: Page, selector: string, expected: string | RegExp, timeout = 15_000): Promise<string> {
  const match = (t: string) => (typeof expected === 'string' ? t.includes(expected) : expected.test(t));
  await expect.poll(() => shown(page, selector), { timeout }).toSatisfy(match);
  return shown(page, selector);
}

const tokenRowText = (page: Page, symbol: string, expected: string | RegExp) =>
  waitShown(page, `w3-account-view li[data-symbol="${symbol}"]`, expected);

async function fillSend(page: Page, amount: string, receiver: string): Promise<void> {
  await page.locator('w3-wallet-send-view w3-ui-text-input[label="Amount"] input').fill(amount);
  await page.locator('w3-wallet-send-view w3-ui-text-input[label="To"] input').fill(receiver);
  await page.locator('w3-wallet-send-view').getByRole('button', { name: 'Preview send' }).click();
}

const sendError = (page: Page) => page.locator('w3-wallet-send-view p[data-send-error]');
/** The message a Send field is marked with (its input has aria-invalid="true"), or '' when it is not. */
async function fieldError(page: Page, label: 'Amount' | 'To'): Promise<string> {
  const field = page.locator(`w3-wallet-send-view w3-ui-text-input[label="${label}"]`);
  if ((await field.locator('input').getAttribute('aria-invalid')) !== 'true') return '';
  return ((await field.locator('p.error').textContent()) ?? '').trim();
}

describe('Account, Receive and Send end to end', { timeout: 90_000 }, () => {
  it('shows the balance, tokens and NFTs (spam hidden) with the values on the chain', async () => {
    app = await openApp(h, [{}], withApi(backend.url));
    const { page } = app;
    await connect(page);
    const dusd = await tokenBalance(contracts.dusd, A0);
    await tokenRowText(page, 'DUSD', `${formatBalance(formatUnits(dusd, 6))} DUSD`);
    const dusdt = await tokenBalance(contracts.dusdt, A0);
    await tokenRowText(page, 'DUSDT', `${formatBalance(formatUnits(dusdt, 6))} DUSDT`);
    const eth = formatBalance(formatEther(await chain().getBalance({ address: A0 })));
    await waitShown(page, 'w3-account-view [data-balance]', `${eth} ETH`);
    expect(await shown(page, 'w3-account-view li[data-symbol="DUSD"] .fiat')).toMatch(/^\$[\d,]+\.\d{2}$/);
    // Receive: the address as a QR code.
    await page.locator('w3-account-view').getByRole('button', { name: 'Receive' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'WalletReceive');
    expect(await page.locator('w3-wallet-receive-view w3-qr-code').getAttribute('uri')).toBe(A0);
    await page.locator('w3-modal').getByRole('button', { name: 'Back' }).click();
    // NFTs: the three demo NFTs, not the spam one.
    await page.locator('w3-account-view').getByRole('tab', { name: 'NFTs' }).click();
    await expect.poll(() => page.locator('w3-account-view li[data-token-id]').count(), { timeout: 10_000 }).toBe(3);
    expect(await shown(page, 'w3-account-view [role="tabpanel"]')).not.toContain('Claim Free ETH');
  });

  it('validates, then sends ETH and a USDT-style token; chain, balances and Activity follow', async () => {
    app = await openApp(h, [{}], withApi(backend.url));
    const { page } = app;
    await connect(page);
    await tokenRowText(page, 'DUSDT', /DUSDT/);
    await page.locator('w3-account-view').getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'WalletSend');

    await page.locator('w3-wallet-send-view').getByRole('button', { name: 'Preview send' }).click();
    await expect.poll(() => sendError(page).textContent()).toBe('An amount and receiver address are required');
    await fillSend(page, '0.5', '0x1234');
    await expect.poll(() => fieldError(page, 'To')).toBe('Invalid address');
    expect(await fieldError(page, 'Amount')).toBe('');
    await fillSend(page, '1.5.0', A1);
    await expect.poll(() => fieldError(page, 'Amount')).toBe('Enter a number such as 1.5');
    expect(await fieldError(page, 'To')).toBe('');
    // 'Insufficient funds' as the amount is typed, before Preview.
    await page.locator('w3-wallet-send-view w3-ui-text-input[label="Amount"] input').fill('1000000');
    await expect.poll(() => fieldError(page, 'Amount')).toBe('Insufficient funds');
    expect(await page.locator('w3-wallet-send-view w3-ui-text-input[label="Amount"] input').getAttribute('inputmode')).toBe('decimal');

    // ETH
    const before = await chain().getBalance({ address: A1 });
    await fillSend(page, '0.5', A1);
    await waitShown(page, 'w3-wallet-send-view [data-preview-amount]', '0.5 ETH');
    // The fee estimated on the chain, and amount plus fee as the total.
    await waitShown(page, 'w3-wallet-send-view [data-preview-fee]', /^0\.0000\d\d ETH$/);
    await waitShown(page, 'w3-wallet-send-view [data-preview-total]', /^0\.5000\d\d ETH$/);
    await page.locator('w3-wallet-send-view').getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Account', null, { timeout: 10_000 });
    // Sent (pending), then confirmed once mined; Localhost has no explorer, so the toast copies the hash.
    await waitText(page, 'w3-ui-toast', /Transaction (sent|confirmed) Copy hash/);
    await waitText(page, 'w3-ui-toast', 'Transaction confirmed Copy hash');
    await expect.poll(() => chain().getBalance({ address: A1 }), { timeout: 10_000 }).toBe(before + parseEther('0.5'));
    const eth = formatBalance(formatEther(await chain().getBalance({ address: A0 })));
    await waitShown(page, 'w3-account-view [data-balance]', `${eth} ETH`);
    await page.locator('w3-account-view').getByRole('tab', { name: 'Activity' }).click();
    await waitShown(page, 'w3-account-view li[data-hash]', /Sent (now|\d+ min) -0\.500 ETH/, 10_000);

    // A USDT-style token (transfer returns nothing) through open({ view: 'WalletSend' }), which resolves with the hash.
    const tokenBefore = await tokenBalance(contracts.dusdt, A1);
    const sent = page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'WalletSend' }));
    await page.locator('w3-wallet-send-view w3-ui-token-picker button.chip').click();
    await page.locator(`w3-wallet-send-view [role="option"][data-id="${contracts.dusdt.toLowerCase()}"]`).click();
    await fillSend(page, '12.5', A1);
    await waitShown(page, 'w3-wallet-send-view [data-preview-amount]', '12.5 DUSDT');
    await page.locator('w3-wallet-send-view').getByRole('button', { name: 'Send', exact: true }).click();
    const hash = (await sent) as `0x${string}`;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await chain().waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(contracts.dusdt.toLowerCase());
    expect(await tokenBalance(contracts.dusdt, A1)).toBe(tokenBefore + 12_500_000n);
    expect(await view(page)).toBe('Account');
    await page.locator('w3-account-view').getByRole('tab', { name: 'Activity' }).click();
    await waitShown(page, 'w3-account-view li[data-hash]', /-12\.500 DUSDT/, 10_000);
    await page.locator('w3-account-view').getByRole('tab', { name: 'Tokens' }).click();
    const left = await tokenBalance(contracts.dusdt, A0);
    await tokenRowText(page, 'DUSDT', `${formatBalance(formatUnits(left, 6))} DUSDT`);
  });

  it("a stopped Blockchain API shows 'Token Balance Unavailable', is not asked again for 30 s, then refetches by itself (the page's clock moved, no 30 s wait)", async () => {
    const own = await startIndexingBackend();
    const port = own.port;
    let server: RunningServer | undefined = own;
    try {
      app = await openApp(h, [{}], withApi(own.url));
      const { page } = app;
      await connect(page);
      await tokenRowText(page, 'DUSD', /DUSD/);
      const balanceRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/balance')) balanceRequests.push(r.url());
      });
      // The page's clock (Date and timers) from here on moves only as it runs or is fast-forwarded.
      await page.clock.install();
      const showTokens = async () => {
        await page.locator('w3-account-view').getByRole('tab', { name: 'NFTs' }).click();
        await page.locator('w3-account-view').getByRole('tab', { name: 'Tokens' }).click();
      };

      await server.close();
      server = undefined;
      // The portfolio cache (30 s) is over: the next look asks the server, which is gone.
      await page.clock.fastForward(31_000);
      await showTokens();
      await waitText(page, 'w3-ui-toast', 'Token Balance Unavailable');
      expect(await page.locator('w3-modal w3-ui-toast [role="alert"]').textContent()).toContain('Token Balance Unavailable');
      await page.locator('w3-account-view').getByRole('button', { name: 'Try again' }).waitFor();

      const asked = balanceRequests.length;
      // 20 s after the failure, plus the real time of the steps (under 10 s even on a busy machine): still blocked.
      await page.clock.fastForward(20_000);
      await showTokens();
      await page.waitForTimeout(500);
      expect(balanceRequests.length).toBe(asked);

      server = await startIndexingBackend(port);
      await page.clock.fastForward(11_000); // past 30 s whatever the real time: the tab fetches again by itself (no tab switch)
      await expect.poll(() => balanceRequests.length, { timeout: 5000 }).toBeGreaterThan(asked);
      await tokenRowText(page, 'DUSD', /DUSD/);
      expect(await shown(page, 'w3-account-view [role="tabpanel"]')).not.toContain('Token Balance Unavailable');
    } finally {
      await server?.close();
    }
  });
});
