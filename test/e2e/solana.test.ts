/**
 * Solana end to end: the built CDN bundle in Chromium, a real Hardhat node, the local SVM
 * (`w3kit-server svm`), the EVM test wallet (EIP-6963) and the Solana test wallet (Wallet
 * Standard) with the same name, so Connect shows one two-chain wallet. No Blockchain API: the
 * Solana tokens are read from the chain.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOLANA_TEST_WALLET_BUNDLE, TEST_WALLET_BUNDLE } from '../../scripts/bundle-fixtures.mjs';
import { DEV_SOLANA_ADDRESS, DEV_SOLANA_SEED_TEXT, DEV_SPL_MINT, seedDevSolana, startSvm, type LocalSvm } from '../../scripts/lib/svm.mjs';
import { startHarness, type Harness } from './harness.js';
import { afterConnect, waitText } from './page.js';

const SEED = createHash('sha256').update(DEV_SOLANA_SEED_TEXT).digest('hex');
const WALLET = 'w3kit Test Wallet';
let h: Harness;
let svm: LocalSvm;
let dataDir: string;
let context: BrowserContext | undefined;

/** The app: Localhost (31337) first, then the local SVM at this run's ports. */
function page(chainA: string, sol: LocalSvm): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>w3kit solana e2e</title>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  const chainA = { ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(chainA)}] } } };
  const sol = { ...networks.solanaLocal, rpcUrls: { default: { http: [${JSON.stringify(sol.url)}], webSocket: [${JSON.stringify(sol.wsUrl)}] } } };
  window.modal = createW3Modal({ networks: [chainA, sol] });
</script></head><body><main><h1>e2e</h1><w3-network-button></w3-network-button><w3-button></w3-button></main></body></html>`;
}

/** A fresh context with the EVM wallet and (unless `solana: false`) the Solana wallet, both named WALLET. */
async function open(options: { solana?: boolean; mode?: string } = {}): Promise<Page> {
  const path = `/sol-${Math.random().toString(36).slice(2)}.html`;
  h.pages.set(path, page(h.chainA.url, svm));
  context = await h.browser.newContext();
  await context.addInitScript(
    ([evm, sol]) => {
      const w = window as unknown as Record<string, unknown>;
      w.__W3_TEST_WALLETS__ = evm;
      // A test can make the EVM wallet announce late on the next loads (sessionStorage 'w3-late-evm'),
      // so the Solana restore surely finishes first.
      if (sessionStorage.getItem('w3-late-evm')) {
        w.__W3_TEST_WALLETS__ = [];
        setTimeout(() => {
          const late = w as unknown as { w3kitTestWallet: { createTestWallet(o: unknown): unknown }; testWallets: unknown[] };
          late.testWallets.push(late.w3kitTestWallet.createTestWallet(evm?.[0]));
        }, 700);
      }
      // A test can make the Solana wallet disappear for the next load: sessionStorage 'w3-no-solana'.
      w.__W3_SOLANA_TEST_WALLETS__ = sessionStorage.getItem('w3-no-solana') ? [] : sol;
    },
    [
      [{ chainId: 31337, rpcUrls: { 31337: h.chainA.url }, name: WALLET }],
      options.solana === false ? [] : [{ rpcUrl: svm.url, name: WALLET, seed: SEED, mode: options.mode ?? 'approve' }],
    ],
  );
  await context.addInitScript({ path: TEST_WALLET_BUNDLE });
  await context.addInitScript({ path: SOLANA_TEST_WALLET_BUNDLE });
  const p = await context.newPage();
  await p.goto(h.baseUrl + path);
  await p.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
  return p;
}

const modal = (p: Page) => p.locator('w3-modal');
/** The text of the first match (Playwright's locators pierce shadow roots), '' while there is none. */
const shown = async (p: Page, selector: string): Promise<string> =>
  (await p.locator(selector).count()) ? ((await p.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim() : '';
const view = (p: Page) => p.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));
const account = (p: Page, ns: 'eip155' | 'solana') => p.evaluate((n) => (window as any).modal.getAccount(n), ns);
const solBalance = (address: string) => new Connection(svm.url, 'confirmed').getBalance(new PublicKey(address));

async function connectBoth(p: Page): Promise<void> {
  await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  // One row for the wallet with a connector in each namespace.
  const row = modal(p).getByRole('button', { name: WALLET });
  await row.first().waitFor();
  expect(await row.count()).toBe(1);
  await row.click();
  await afterConnect(p, 15_000);
  await expect.poll(() => account(p, 'solana').then((a) => a.address), { timeout: 10_000 }).toBe(DEV_SOLANA_ADDRESS);
  expect((await account(p, 'eip155')).isConnected).toBe(true);
}

/** Makes the Solana connection the active one (both are connected: no prompt). */
async function switchToSolana(p: Page): Promise<void> {
  await p.evaluate(() => {
    const m = (window as any).modal;
    return m.switchNetwork(m.getAccount('solana').caipAddress.split(':').slice(0, 2).join(':'));
  });
  await expect.poll(() => p.evaluate(() => (window as any).modal.getState().activeChain)).toBe('solana');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'w3kit-svm-e2e-'));
  [h, svm] = await Promise.all([startHarness(), startSvm({ port: 0, dataDir })]);
  await seedDevSolana(svm);
}, 120_000);
afterEach(async () => {
  await context?.close().catch(() => undefined);
  context = undefined;
});
afterAll(async () => {
  await svm?.close();
  await h?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Solana end to end', { timeout: 120_000 }, () => {
  it('connects EVM and Solana from one row; signs on Solana; switches the active chain both ways with no prompt; reload restores both; disconnecting one leaves the other', async () => {
    const p = await open();
    await connectBoth(p);
    // Signing: the ed25519 signature over the message's bytes, base58.
    const signature = await p.evaluate(() => (window as any).modal.signMessage('hello solana', { namespace: 'solana' }));
    expect(
      ed25519.verify(bs58.decode(signature), new TextEncoder().encode('hello solana'), new PublicKey(DEV_SOLANA_ADDRESS).toBytes()),
    ).toBe(true);

    // Both connected: Solana Local from the Networks view makes solana active without a prompt.
    await p.keyboard.press('Escape');
    await p.locator('w3-network-button').getByRole('button').click();
    await modal(p).getByRole('heading', { name: 'Solana networks' }).waitFor();
    await modal(p).getByRole('button', { name: 'Solana Local' }).click();
    await expect.poll(() => p.evaluate(() => (window as any).modal.getState().activeChain)).toBe('solana');
    expect((await p.evaluate(() => (window as any).modal.getAccount())).address).toBe(DEV_SOLANA_ADDRESS);
    await waitText(p, 'w3-button', /100(\.000)? SOL/);
    await p.evaluate(() => (window as any).modal.switchNetwork('eip155:31337'));
    expect(await p.evaluate(() => (window as any).modal.getState().activeChain)).toBe('eip155');

    await p.reload();
    await p.waitForFunction(
      () => (window as any).modal?.getAccount('solana').isConnected && (window as any).modal.getAccount('eip155').isConnected,
      null,
      {
        timeout: 15_000,
      },
    );
    await p.evaluate(() => (window as any).modal.disconnect('solana'));
    expect((await account(p, 'solana')).isConnected).toBe(false);
    expect((await account(p, 'eip155')).isConnected).toBe(true);
  });

  it('a reload keeps Localhost active, chosen in the Networks view, even when the Solana restore finishes first (issue 28)', async () => {
    const p = await open();
    await connectBoth(p);
    await switchToSolana(p);
    const active = () =>
      p.evaluate(() => ({
        chain: (window as any).modal.getState().activeChain,
        network: (window as any).modal.getNetwork()?.caipNetworkId,
      }));
    await p.evaluate(() => (window as any).modal.open({ view: 'Networks' }));
    await modal(p).getByRole('button', { name: 'Localhost' }).click();
    await expect.poll(active).toEqual({ chain: 'eip155', network: 'eip155:31337' });
    await p.evaluate(() => sessionStorage.setItem('w3-late-evm', '1'));
    for (let reload = 0; reload < 2; reload++) {
      await p.reload();
      // Solana is back first (the EVM wallet has not announced yet): the active namespace waits.
      await p.waitForFunction(() => (window as any).modal?.getAccount('solana').isConnected, null, { timeout: 15_000 });
      expect((await active()).chain).toBe('eip155');
      await p.waitForFunction(() => (window as any).modal.getAccount('eip155').isConnected, null, { timeout: 15_000 });
      expect(await active()).toEqual({ chain: 'eip155', network: 'eip155:31337' });
      await waitText(p, 'w3-network-button', 'Localhost');
      expect(await p.evaluate(() => document.querySelector('w3-modal')?.hasAttribute('open'))).toBe(false);
    }
  });

  it('a Solana wallet that is gone after a reload restores Solana to disconnected and keeps EVM', async () => {
    const p = await open();
    await connectBoth(p);
    await p.evaluate(() => sessionStorage.setItem('w3-no-solana', '1'));
    await p.reload();
    await p.waitForFunction(() => (window as any).modal?.getAccount('eip155').isConnected, null, { timeout: 15_000 });
    await expect.poll(() => account(p, 'solana').then((a) => a.status), { timeout: 10_000 }).toBe('disconnected');
    expect(await p.evaluate(() => localStorage.getItem('@w3kit/connectedConnectorIds'))).not.toContain('solana');
  });

  it('with no Solana wallet connected, choosing Solana Local opens SwitchActiveChain', async () => {
    const p = await open({ solana: false });
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await modal(p).getByRole('button', { name: WALLET }).click();
    await afterConnect(p, 15_000, false);
    await p.evaluate(() => (window as any).modal.open({ view: 'Networks' }));
    await modal(p).getByRole('button', { name: 'Solana Local' }).click();
    await expect.poll(() => view(p)).toBe('SwitchActiveChain');
  });

  it('sends SOL and W3USD from WalletSend: the balances change on the SVM and in the modal', async () => {
    const p = await open();
    await connectBoth(p);
    await switchToSolana(p);
    const receiver = Keypair.generate().publicKey.toBase58();

    // SOL
    // open({ view: 'WalletSend' }) resolves only once sent: not awaited here.
    await p.evaluate(() => void (window as any).modal.open({ view: 'WalletSend' }));
    await p.locator('w3-wallet-send-view w3-ui-token-picker button.chip').filter({ hasText: 'SOL' }).waitFor();
    await p.locator('w3-wallet-send-view w3-ui-text-input[label="Amount"] input').fill('0.25');
    await p.locator('w3-wallet-send-view w3-ui-text-input[label="To"] input').fill(receiver);
    await p.locator('w3-wallet-send-view').getByRole('button', { name: 'Preview send' }).click();
    await expect.poll(() => shown(p, 'w3-wallet-send-view [data-preview-amount]')).toBe('0.25 SOL');
    await p.locator('w3-wallet-send-view').getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => view(p), { timeout: 15_000 }).toBe('Account');
    await expect.poll(() => solBalance(receiver), { timeout: 15_000 }).toBe(0.25 * LAMPORTS_PER_SOL);
    // The modal's balance follows: 100 - 0.25 - the fee.
    await expect.poll(() => shown(p, 'w3-account-view [data-balance]'), { timeout: 15_000 }).toMatch(/^99\.74\d SOL$/);

    // W3USD: the receiver has no token account yet; the send creates it.
    // open({ view: 'WalletSend' }) resolves only once sent: not awaited here.
    await p.evaluate(() => void (window as any).modal.open({ view: 'WalletSend' }));
    await p.locator('w3-wallet-send-view w3-ui-token-picker button.chip').click();
    await p.locator(`w3-wallet-send-view [role="option"][data-id="${DEV_SPL_MINT.toLowerCase()}"]`).click();
    await p.locator('w3-wallet-send-view w3-ui-text-input[label="Amount"] input').fill('12.5');
    await p.locator('w3-wallet-send-view w3-ui-text-input[label="To"] input').fill(receiver);
    await p.locator('w3-wallet-send-view').getByRole('button', { name: 'Preview send' }).click();
    await p.locator('w3-wallet-send-view').getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => view(p), { timeout: 15_000 }).toBe('Account');
    const conn = new Connection(svm.url, 'confirmed');
    await expect
      .poll(
        async () => {
          const { value } = await conn.getParsedTokenAccountsByOwner(new PublicKey(receiver), { mint: new PublicKey(DEV_SPL_MINT) });
          return value[0]?.account.data.parsed.info.tokenAmount.uiAmountString;
        },
        { timeout: 15_000 },
      )
      .toBe('12.5');
    // The modal's Tokens list follows: 1,000,000 - 12.5 W3USD left.
    await expect.poll(() => shown(p, 'w3-account-view [role="tabpanel"]'), { timeout: 15_000 }).toMatch(/999,987\.500/);
  });

  it('bad input and refusals: an invalid address, bad send options, a rejected signature, a hanging wallet that can be closed', async () => {
    const p = await open();
    await connectBoth(p);
    await switchToSolana(p);
    // open({ view: 'WalletSend' }) resolves only once sent: not awaited here.
    await p.evaluate(() => void (window as any).modal.open({ view: 'WalletSend' }));
    await p.locator('w3-wallet-send-view w3-ui-text-input[label="Amount"] input').fill('0.1');
    await p.locator('w3-wallet-send-view w3-ui-text-input[label="To"] input').fill('0x000000000000000000000000000000000000dEaD');
    await p.locator('w3-wallet-send-view').getByRole('button', { name: 'Preview send' }).click();
    await expect.poll(() => shown(p, 'w3-wallet-send-view w3-ui-text-input[label="To"] p.error')).toBe('Invalid address');

    const badOption = await p.evaluate(() =>
      (window as any).modal
        .sendTransaction(
          { to: 'Vote111111111111111111111111111111111111111', value: 1n },
          { namespace: 'solana', sendOptions: { preflightCommitment: 'soon' } },
        )
        .then(
          () => 'sent',
          (e: Error) => e.message,
        ),
    );
    expect(badOption).toContain('preflightCommitment');

    await p.evaluate(() => (window as any).solanaTestWallets[0].setMode('reject'));
    const refused = await p.evaluate(() =>
      (window as any).modal.signMessage('no', { namespace: 'solana' }).then(
        () => 'signed',
        (e: Error) => e.message,
      ),
    );
    expect(refused).toContain('Signature declined');

    await p.evaluate(() => (window as any).solanaTestWallets[0].setMode('garbage'));
    const malformed = await p.evaluate(() =>
      (window as any).modal.signMessage('x', { namespace: 'solana' }).then(
        () => 'signed',
        (e: Error) => e.message,
      ),
    );
    expect(malformed).toContain('malformed');

    await p.evaluate(() => (window as any).solanaTestWallets[0].setMode('hang'));
    const pending = p.evaluate(() =>
      (window as any).modal.signMessage('later', { namespace: 'solana' }).then(
        () => 'signed',
        () => 'failed',
      ),
    );
    await p.evaluate(() => (window as any).modal.open({ view: 'Account' }));
    await p.keyboard.press('Escape');
    await expect.poll(() => p.evaluate(() => (window as any).modal.getState().open)).toBe(false);
    expect(await Promise.race([pending, new Promise((r) => setTimeout(() => r('still waiting'), 200))])).toBe('still waiting');
  });

  it('an SVM stopped mid-send gives a clear error, and nothing is sent twice', async () => {
    const p = await open();
    await connectBoth(p);
    const receiver = Keypair.generate().publicKey.toBase58();
    await svm.close();
    const outcome = await p.evaluate(
      (to) =>
        (window as any).modal.sendTransaction({ to, value: '1000' }, { namespace: 'solana' }).then(
          () => 'sent',
          (e: Error) => e.message,
        ),
      receiver,
    );
    expect(outcome).not.toBe('sent');
    expect(outcome).toMatch(/HTTP request failed|RPC request failed|request took too long/);
    svm = await startSvm({ port: svm.port, dataDir });
    expect(await solBalance(receiver)).toBe(0);
  });
});
