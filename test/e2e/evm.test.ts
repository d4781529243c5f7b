/**
 * EVM wallets end to end: the built CDN bundle in Chromium, the test EIP-1193 wallet (EIP-6963
 * announced, signing with viem local accounts) and two real Hardhat nodes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, formatEther, http, parseEther, verifyMessage, verifyTypedData } from 'viem';
import type { Page } from 'playwright-core';
import { formatBalance } from '../../src/core/format.js';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { afterConnect, connect, waitText } from './page.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let h: Harness;
let app: AppSession | undefined;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

const isOpen = (page: Page) => page.evaluate(() => document.querySelector('w3-modal')?.hasAttribute('open'));
const walletRequests = (page: Page, i = 0) =>
  page.evaluate(
    (index) => (window as unknown as { testWallets: { requests: { method: string; params: unknown }[] }[] }).testWallets[index]!.requests,
    i,
  );
const setMode = (page: Page, mode: string, i = 0) =>
  page.evaluate(
    ([m, index]) =>
      (window as unknown as { testWallets: { setMode(m: string): void }[] }).testWallets[index as number]!.setMode(m as string),
    [mode, i] as const,
  );

const chainA = () => createPublicClient({ transport: http(h.chainA.url) });

describe('EVM wallets end to end', { timeout: 60_000 }, () => {
  it('connects an announced wallet: Connect -> ConnectingExternal -> Account, balance shown', async () => {
    app = await openApp(h);
    const { page } = app;
    await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    const item = page.locator('w3-modal').getByRole('button', { name: 'w3kit Test Wallet' });
    await waitText(page, 'w3-connect-view', 'Installed');
    await setMode(page, 'hang');
    await item.click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'ConnectingExternal');
    await waitText(page, 'w3-connecting-external-view', 'Continue in w3kit Test Wallet');
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.close());
    await setMode(page, 'approve');
    await connect(page);
    // The balance reads '… ETH' until the chain answered, then its figure.
    const button = await waitText(page, 'w3-account-button', /[\d,]+\.\d{3} ETH 0xf3…b92266/);
    expect(button.trim()).toMatch(/^[\d,]+\.\d{3} ETH 0xf3…b92266$/);
    const events = await page.evaluate(() => (window as unknown as { events: { type: string; detail: { address?: string } }[] }).events);
    expect(events.find((e) => e.type === 'w3-connect')?.detail.address).toBe(A0);
    const account = await page.evaluate(() => document.querySelector('w3-modal')!.modal.getAccount());
    expect(account).toMatchObject({ address: A0, caipAddress: `eip155:31337:${A0}`, status: 'connected', isConnected: true });
  });

  it('a 4001 shows "Connection rejected" and Try again connects', async () => {
    app = await openApp(h, [{ mode: 'reject' }]);
    const { page } = app;
    await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await page.locator('w3-modal').getByRole('button', { name: 'w3kit Test Wallet' }).click();
    await waitText(page, 'w3-connecting-external-view', 'Connection rejected');
    await setMode(page, 'approve');
    await page.locator('w3-modal').getByRole('button', { name: 'Try again' }).click();
    await afterConnect(page);
  });

  it('closing the modal mid-way leaves nothing half-connected', async () => {
    app = await openApp(h, [{ mode: 'hang' }]);
    const { page } = app;
    await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await page.locator('w3-modal').getByRole('button', { name: 'w3kit Test Wallet' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'ConnectingExternal');
    await page.keyboard.press('Escape');
    expect(await isOpen(page)).toBe(false);
    const state = await page.evaluate(() => ({
      account: document.querySelector('w3-modal')!.modal.getAccount(),
      stored: localStorage.getItem('@w3kit/connectedConnectorIds'),
    }));
    expect(state.account.status).toBe('disconnected');
    expect(state.stored).toBeNull();
    await waitText(page, 'w3-button', 'Connect Wallet');
  });

  it('restores the connection on reload without a prompt; a wallet that is gone restores to disconnected', async () => {
    app = await openApp(h);
    const { page } = app;
    const connects = () =>
      page.evaluate(() =>
        (window as unknown as { events: { type: string; detail: { restored?: boolean } }[] }).events
          .filter((e) => e.type === 'w3-connect')
          .map((e) => e.detail.restored),
      );
    await connect(page);
    // A fresh connection closed the modal (issue 28) and says it is not a restore.
    expect(await connects()).toEqual([false]);
    await page.reload();
    await waitText(page, 'w3-account-button', '0xf3…b92266');
    // The button shows the stored account while it restores: wait for the restore itself.
    await expect.poll(() => page.evaluate(() => document.querySelector('w3-modal')!.modal.getAccount().status)).toBe('connected');
    // The restore says so (analytics count the connection once) and opens nothing.
    await expect.poll(connects).toEqual([true]);
    expect(await isOpen(page)).toBe(false);
    const methods = (await walletRequests(page)).map((r) => r.method);
    expect(methods).toContain('eth_accounts');
    expect(methods).not.toContain('eth_requestAccounts');
    // The wallet is gone (extension removed): the reload restores to disconnected.
    await page.evaluate(() => sessionStorage.setItem('w3-test-no-wallet', '1'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('@w3kit/connectedConnectorIds')), { timeout: 10_000 }).toBe('{}');
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.modal.getAccount().status)).toBe('disconnected');
    await waitText(page, 'w3-button', 'Connect Wallet');
    // Back again, connected anew; then the wallet revokes access while the page is away.
    await page.evaluate(() => sessionStorage.removeItem('w3-test-no-wallet'));
    await page.reload();
    await connect(page);
    await page.evaluate(() => (window as unknown as { testWallets: { disconnectWallet(): void }[] }).testWallets[0]!.disconnectWallet());
    await page.reload();
    await waitText(page, 'w3-button', 'Connect Wallet');
    expect(await page.evaluate(() => localStorage.getItem('@w3kit/connectedConnectorIds'))).toBe('{}');
  });

  it('switches to a chain the wallet lacks by adding it, and a rejected switch goes back with the error', async () => {
    app = await openApp(h);
    const { page } = app;
    await connect(page);
    await page.keyboard.press('Escape');
    await setMode(page, 'reject');
    await page.locator('w3-network-button').getByRole('button').click();
    await page.locator('w3-modal').getByRole('button', { name: 'Chain B' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Networks', null, { timeout: 10_000 });
    await waitText(page, 'w3-ui-toast', 'User rejected the request.');
    await setMode(page, 'approve');
    // 1234 ETH on chain B, so the account button cannot pass chain A's figure off as B's.
    await fetch(h.chainB.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_setBalance', params: [A0, `0x${(1234n * 10n ** 18n).toString(16)}`] }),
    });
    await page.locator('w3-modal').getByRole('button', { name: 'Chain B' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')!.modal.getNetwork()?.caipNetworkId === 'eip155:31338', null, {
      timeout: 10_000,
    });
    const add = (await walletRequests(page)).filter((r) => r.method === 'wallet_addEthereumChain').at(-1);
    expect(add?.params).toEqual([
      {
        chainId: '0x7a6a',
        chainName: 'Chain B',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: [h.chainB.url],
        blockExplorerUrls: ['https://explorer.example/b'],
      },
    ]);
    await waitText(page, 'w3-network-button', 'Chain B');
    const account = await page.evaluate(() => document.querySelector('w3-modal')!.modal.getAccount());
    expect(account.caipAddress).toBe(`eip155:31338:${A0}`);
    await waitText(page, 'w3-account-button', /1,?234\.000 ETH/);
    // switchNetwork from the API resolves once the wallet has switched back.
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.switchNetwork('eip155:31337'));
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.modal.getNetwork()?.caipNetworkId)).toBe('eip155:31337');
    // Chain A's own figure, never B's.
    await waitText(page, 'w3-account-button', /^(?!.*1,?234\.000).*\d\.\d{3} ETH/);
  });

  it('signs a message that verifies, and a refusal gives "Signature declined"', async () => {
    app = await openApp(h);
    const { page } = app;
    await connect(page);
    const signature = await page.evaluate(() =>
      document.querySelector('w3-modal')!.modal.signMessage('hello w3kit', { namespace: 'eip155' }),
    );
    expect(await verifyMessage({ address: A0, message: 'hello w3kit', signature })).toBe(true);
    const typed = {
      domain: { name: 'w3kit', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'Hello typed data' },
    };
    const typedSignature = await page.evaluate((data) => document.querySelector('w3-modal')!.modal.signTypedData(data), typed);
    expect(await verifyTypedData({ address: A0, ...typed, signature: typedSignature })).toBe(true);
    await setMode(page, 'reject');
    const error = await page.evaluate(() =>
      document
        .querySelector('w3-modal')!
        .modal.signMessage('again')
        .then(
          () => 'signed',
          (e: { shortMessage?: string; code?: number }) => `${e.shortMessage}|${e.code}`,
        ),
    );
    expect(error).toBe('Signature declined|4001');
  });

  it('sends 0.5 ETH: both balances change on chain and in the modal', async () => {
    app = await openApp(h);
    const { page } = app;
    await connect(page);
    const client = chainA();
    const [before0, before1] = await Promise.all([client.getBalance({ address: A0 }), client.getBalance({ address: A1 })]);
    // 3 decimals, grouped: '9,999.999'.
    const three = (wei: bigint) => formatBalance(formatEther(wei));
    await waitText(page, 'w3-account-button', `${three(before0)} ETH`);
    const hash = await page.evaluate(
      (to) => document.querySelector('w3-modal')!.modal.sendTransaction({ to, value: 500000000000000000n }),
      A1,
    );
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` });
    expect(receipt.status).toBe('success');
    const [after0, after1] = await Promise.all([client.getBalance({ address: A0 }), client.getBalance({ address: A1 })]);
    expect(after1 - before1).toBe(parseEther('0.5'));
    expect(before0 - after0).toBeGreaterThan(parseEther('0.5'));
    await waitText(page, 'w3-account-button', `${three(after0)} ETH`);
    const noFrom = await page.evaluate(async () => {
      await document.querySelector('w3-modal')!.modal.disconnect();
      return document
        .querySelector('w3-modal')!
        .modal.sendTransaction({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
        .catch((e: { shortMessage: string }) => e.shortMessage);
    });
    // The same words as signing without a wallet.
    expect(noFrom).toBe('Not connected');
  });

  it('follows wallet-side account and chain changes, and an unknown chain opens UnsupportedChain', async () => {
    app = await openApp(
      h,
      [{ rpcUrls: { 31337: '', 31338: '' } as unknown as Record<number, string> }].map(() => ({})),
    );
    const { page } = app;
    await connect(page);
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.close());
    await page.evaluate(() =>
      (window as unknown as { testWallets: { switchAccount(i: number): void }[] }).testWallets[0]!.switchAccount(1),
    );
    await waitText(page, 'w3-account-button', '0x70…dc79C8');
    await page.evaluate(() => (window as unknown as { testWallets: { setChain(id: number): void }[] }).testWallets[0]!.setChain(999));
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'UnsupportedChain', null, {
      timeout: 10_000,
    });
    await waitText(page, 'w3-network-button', 'Unknown Network');
    // One state everywhere: no network object, the state names the wallet's chain, the view its id.
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.modal.getNetwork())).toBeUndefined();
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.modal.getState().selectedNetworkId)).toBe('eip155:999');
    await waitText(page, 'w3-unsupported-chain-view', 'chain ID 999');
    await page.locator('w3-modal').getByRole('button', { name: 'Localhost' }).click();
    await page.waitForFunction(() => !document.querySelector('w3-modal')?.hasAttribute('open'), null, { timeout: 10_000 });
    await waitText(page, 'w3-network-button', 'Localhost');
    // An empty accountsChanged means disconnected.
    await page.evaluate(() => (window as unknown as { testWallets: { disconnectWallet(): void }[] }).testWallets[0]!.disconnectWallet());
    await waitText(page, 'w3-button', 'Connect Wallet');
  });

  it('keeps several connections: ProfileWallets lists and switches them; disconnect clears everything', async () => {
    app = await openApp(h, [{}, { name: 'Second Wallet', rdns: 'dev.w3kit.second' }]);
    const { page } = app;
    await connect(page);
    await page.locator('w3-modal').getByRole('button', { name: 'w3kit Test Wallet' }).click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'ProfileWallets');
    await page.locator('w3-modal').getByRole('button', { name: 'Add wallet' }).click();
    await page.locator('w3-modal').getByRole('button', { name: 'Second Wallet' }).click();
    // A wallet added from ProfileWallets goes back there (issue 28), where it now shows.
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'ProfileWallets', null, {
      timeout: 10_000,
    });
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.modal.getAccount().address)).toBe(A0);
    const list = await waitText(page, 'w3-profile-wallets-view', 'Second Wallet');
    // The active wallet is marked once: its check mark (selected, aria-current), no 'Active' tag.
    expect(list).not.toContain('Active');
    const active = page.locator('w3-profile-wallets-view .row w3-ui-list-item[selected]');
    expect(await active.textContent()).toContain('Second Wallet');
    expect(list).toMatch(/w3kit Test Wallet.*Connected/);
    await page
      .locator('w3-modal')
      .getByRole('button', { name: /^w3kit Test Wallet/ })
      .click();
    await expect.poll(() => active.textContent(), { timeout: 5000 }).toContain('w3kit Test Wallet');
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.modal.getAccount().address)).toBe(A0);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('@w3kit/connectedConnectorIds')), { timeout: 5000 })
      .toContain('dev.w3kit.testwallet');
    // Disconnect from the Account view.
    await page.locator('w3-modal').getByRole('button', { name: 'Back' }).click();
    await page.locator('w3-modal').getByRole('button', { name: 'Disconnect' }).click();
    await waitText(page, 'w3-button', 'Connect Wallet');
    const after = await page.evaluate(() => ({
      events: (window as unknown as { events: { type: string }[] }).events.map((e) => e.type),
      stored: localStorage.getItem('@w3kit/connectedConnectorIds'),
      status: localStorage.getItem('@w3kit/connectionStatus'),
    }));
    expect(after.events).toContain('w3-disconnect');
    expect(after.stored).toBe('{}');
    expect(after.status).toBe('"disconnected"');
    await page.reload();
    await waitText(page, 'w3-button', 'Connect Wallet');
  });

  it('wallet_getCapabilities needs an address; with one it asks the wallet', async () => {
    app = await openApp(h);
    const { page } = app;
    const missing = await page.evaluate(() =>
      document
        .querySelector('w3-modal')!
        .modal.getCapabilities()
        .catch((e: { shortMessage: string }) => e.shortMessage),
    );
    expect(missing).toBe('Missing address parameter in wallet_getCapabilities request');
    await connect(page);
    const caps = await page.evaluate(() => document.querySelector('w3-modal')!.modal.getCapabilities());
    expect(Object.keys(caps)).toContain('0x7a69');
  });
});
