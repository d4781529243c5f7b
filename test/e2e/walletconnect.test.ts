/**
 * WalletConnect end to end: the built CDN bundle in Chromium, our backend with its relay (SQLite
 * in a temp directory, so a restart keeps undelivered messages), a wallet on
 * @walletconnect/sign-client in Node (test/fixtures/wc-wallet.ts) and the Hardhat nodes.
 * The test takes the URI from the QR view, as a phone would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createPublicClient, http, parseEther, stringToHex, verifyMessage } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519';
import bs58 from 'bs58';
import { startServer } from '../../server/src/index.js';
import { createWcWallet, type ApproveOptions, type WcWallet } from '../fixtures/wc-wallet.js';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { afterConnect, axeViolations, sign, waitConnected, waitText } from './page.js';

type Backend = Awaited<ReturnType<typeof startServer>>;

let h: Harness;
let backend: Backend;
let dataDir: string;
let app: AppSession | undefined;
let wallet: WcWallet | undefined;

async function startBackend(port = 0, relayPort = 0): Promise<Backend> {
  return startServer({ port, dataDir, seed: true, relayPort });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'w3kit-e2e-wc-'));
  [h, backend] = await Promise.all([startHarness(), startBackend()]);
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

const options = () =>
  `, apiUrl: ${JSON.stringify(backend.url)}, projectId: 'w3kit-dev', relayUrl: ${JSON.stringify(backend.relayUrl)}, metadata: { name: 'w3kit e2e', url: location.origin }`;

async function newWallet(rpcUrls: Record<number, string> = { 31337: h.chainA.url, 31338: h.chainB.url }): Promise<WcWallet> {
  wallet = await createWcWallet({ relayUrl: backend.relayUrl as string, rpcUrls, chainId: 31337 });
  return wallet;
}

/** Pairs from the QR view with a session the wallet approves with only these options (chains, methods). */
async function pairWith(page: Page, w: WcWallet, approve: ApproveOptions): Promise<void> {
  w.setMode('hang');
  const proposal = await w.pair(await openQr(page));
  await w.approve(proposal, approve);
  w.setMode('approve');
  await waitConnected(page, w.addresses[0] as string);
  await afterConnect(page);
  await page.keyboard.press('Escape');
}

/** Chooses a network in the Networks view opened from the page's network button. */
async function chooseNetwork(page: Page, name: string): Promise<void> {
  await page.locator('w3-network-button').getByRole('button').click();
  await page.locator('w3-modal').getByRole('button', { name }).click();
}

const eventTypes = (page: Page) => page.evaluate(() => (window as unknown as { events: { type: string }[] }).events.map((e) => e.type));
const networkId = (page: Page) =>
  page.evaluate(() => (window as unknown as { modal: { getNetwork(): { caipNetworkId: string } } }).modal.getNetwork().caipNetworkId);

const view = (page: Page) => page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'));

/** Opens Connect, chooses 'WalletConnect' and returns the URI the QR code shows. */
async function openQr(page: Page): Promise<string> {
  await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.locator('w3-connect-view').getByRole('button', { name: 'WalletConnect' }).click();
  return qrUri(page);
}

async function qrUri(page: Page, not?: string): Promise<string> {
  const qr = page.locator('w3-qr-code');
  await expect
    .poll(
      async () => ((await qr.getAttribute('uri', { timeout: 15_000 })) ?? '').startsWith('wc:') && (await qr.getAttribute('uri')) !== not,
      { timeout: 20_000 },
    )
    .toBe(true);
  return (await qr.getAttribute('uri')) as string;
}

describe('WalletConnect end to end', { timeout: 120_000 }, () => {
  it('pairs from the QR view, signs, sends, restores after reload, survives a relay restart, and a wallet delete disconnects', async () => {
    app = await openApp(h, [], options());
    const { page } = app;
    const w = await newWallet();
    const address = w.addresses[0] as `0x${string}`;
    const uri = await openQr(page);
    expect(await view(page)).toBe('ConnectingWalletConnect');
    await w.pair(uri);
    await waitConnected(page, address);
    await afterConnect(page);
    await waitText(page, 'w3-account-view', 'w3kit Test Wallet');

    const signature = await sign(page, address, 'hello from e2e');
    expect(await verifyMessage({ address, message: 'hello from e2e', signature })).toBe(true);

    const chain = createPublicClient({ transport: http(h.chainA.url) });
    const to = '0x00000000000000000000000000000000000beef1';
    const hash = await page.evaluate(
      ([from, target]) =>
        (window as unknown as { modal: { getWalletProvider(ns: string): { request(r: object): Promise<`0x${string}`> } } }).modal
          .getWalletProvider('eip155')
          .request({ method: 'eth_sendTransaction', params: [{ from, to: target, value: '0x6f05b59d3b20000' }] }),
      [address, to] as const,
    );
    await chain.waitForTransactionReceipt({ hash });
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.5'));

    // Reload: the session comes back from sign-client's storage without a new pairing.
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
    await waitConnected(page, address);
    expect(await sign(page, address, 'after reload').then((s) => verifyMessage({ address, message: 'after reload', signature: s }))).toBe(
      true,
    );

    // The relay goes away and comes back on the same port and database: the next request succeeds.
    const { port, relayPort } = { port: Number(new URL(backend.url).port), relayPort: backend.relayPort };
    await backend.close();
    backend = await startBackend(port, relayPort);
    const again = await sign(page, address, 'after relay restart');
    expect(await verifyMessage({ address, message: 'after relay restart', signature: again })).toBe(true);

    // The wallet ends the session: the modal disconnects and says so.
    await w.disconnect();
    await page.waitForFunction(
      () => (window as unknown as { modal: { getAccount(): { isConnected: boolean } } }).modal.getAccount().isConnected === false,
      null,
      {
        timeout: 15_000,
      },
    );
    await waitText(page, 'w3-ui-toast', 'The wallet ended the WalletConnect session');
  });

  it('replaces an expiring pairing URI without user action (browser clock moved, no 4-minute wait); Copy link copies it', async () => {
    app = await openApp(h, [], options());
    const { page, context } = app;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    const first = await openQr(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('w3-connecting-wallet-connect-view').getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await page.clock.fastForward('03:40'); // 3 min 40 s (+ the few real seconds of this test) < 3 min 50 s
    await page.waitForTimeout(300);
    expect(await page.locator('w3-qr-code').getAttribute('uri')).toBe(first);
    await page.clock.fastForward('00:12');
    const second = await qrUri(page, first);
    expect(second).not.toBe(first);
    const w = await newWallet();
    await w.pair(second);
    await waitConnected(page, w.addresses[0] as string);
  });

  it('a registry wallet shows its deep links carrying the URI; the user disconnect deletes the session at the wallet', async () => {
    app = await openApp(h, [], options());
    const { page } = app;
    await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await page
      .locator('w3-connect-view')
      .getByRole('button', { name: /MetaMask/ })
      .click();
    const uri = await qrUri(page);
    const link = page.locator('w3-connecting-wallet-connect-view').getByRole('link', { name: 'Open MetaMask app' });
    expect(await link.getAttribute('href')).toBe(`metamask://wc?uri=${encodeURIComponent(uri)}`);
    expect(await page.locator('w3-qr-code').getByRole('img', { name: 'QR code to connect with MetaMask' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // Opening the app hands it the request: the view says so (the test stays on the page and pairs instead).
    await link.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await link.click();
    await waitText(page, 'w3-connecting-wallet-connect-view', 'Accept connection request in the wallet');
    expect(await page.locator('w3-qr-code').count()).toBe(0);
    const w = await newWallet();
    await w.pair(uri);
    await waitConnected(page, w.addresses[0] as string);
    await afterConnect(page);
    await waitText(page, 'w3-account-view', 'MetaMask');
    await page.evaluate(() => (window as unknown as { modal: { disconnect(): Promise<void> } }).modal.disconnect());
    await expect.poll(() => w.sessions().length, { timeout: 10_000 }).toBe(0);
  });

  it('switching to a chain the session did not approve adds it through the wallet and keeps the session', async () => {
    app = await openApp(h, [], options());
    const { page } = app;
    // The wallet has no node for 31338: it answers the switch with 4902, then is asked to add the chain.
    const w = await newWallet({ 31337: h.chainA.url });
    const address = w.addresses[0] as `0x${string}`;
    await pairWith(page, w, { chains: [31337] });
    await chooseNetwork(page, 'Chain B');
    await expect.poll(() => networkId(page), { timeout: 15_000 }).toBe('eip155:31338');
    await waitText(page, 'w3-network-button', 'Chain B');
    expect(w.requests.map((r) => r.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain']);
    expect(w.sessions()).toHaveLength(1);
    expect(w.sessions()[0]?.namespaces['eip155']?.chains).toEqual(['eip155:31337', 'eip155:31338']);
    const signature = await sign(page, address, 'on chain B');
    expect(await verifyMessage({ address, message: 'on chain B', signature })).toBe(true);
    expect(w.requests.at(-1)?.chainId).toBe('eip155:31338');
    expect(await eventTypes(page)).not.toContain('w3-disconnect');
    expect(
      await page.evaluate(
        () => (window as unknown as { modal: { getAccount(): { isConnected: boolean } } }).modal.getAccount().isConnected,
      ),
    ).toBe(true);
  });

  it('switching to a chain the session did not approve, with a wallet that cannot switch, says so and keeps the session', async () => {
    app = await openApp(h, [], options());
    const { page } = app;
    const w = await newWallet();
    const address = w.addresses[0] as `0x${string}`;
    await pairWith(page, w, { chains: [31337], methods: ['personal_sign', 'eth_sendTransaction', 'eth_accounts', 'eth_chainId'] });
    await chooseNetwork(page, 'Chain B');
    await waitText(page, 'w3-ui-toast', 'Chain is not supported');
    const rejected = page.evaluate(() =>
      (window as unknown as { modal: { switchNetwork(id: string): Promise<unknown> } }).modal.switchNetwork('eip155:31338').then(
        () => 'switched',
        (e: Error) => e.message,
      ),
    );
    expect(await rejected).toContain('Chain is not supported');
    expect(await networkId(page)).toBe('eip155:31337');
    expect(w.sessions()).toHaveLength(1);
    expect(await eventTypes(page)).not.toContain('w3-disconnect');
    const signature = await sign(page, address, 'still here');
    expect(await verifyMessage({ address, message: 'still here', signature })).toBe(true);
  });

  it('a request waiting in the wallet shows Approve in your wallet with its name; the answer clears it, Cancel rejects and keeps the session', async () => {
    app = await openApp(h, [], options());
    const { page } = app;
    let answer: ((ok: boolean) => void) | undefined;
    wallet = await createWcWallet({
      relayUrl: backend.relayUrl as string,
      rpcUrls: { 31337: h.chainA.url },
      chainId: 31337,
      prompt: () => new Promise<boolean>((resolve) => (answer = resolve)),
    });
    const w = wallet;
    const address = w.addresses[0] as `0x${string}`;
    await w.pair(await openQr(page));
    await waitConnected(page, address);
    await afterConnect(page);
    await page.keyboard.press('Escape');
    w.setMode('prompt');

    // The modal was closed: it opens on the pending request and closes once the wallet answers.
    const signing = sign(page, address, 'waits in the wallet');
    await expect.poll(() => w.pendingRequests().length, { timeout: 15_000 }).toBe(1);
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'ApproveInWallet');
    await waitText(page, 'w3-approve-in-wallet-view', 'Continue in w3kit Test Wallet');
    await waitText(page, 'w3-approve-in-wallet-view', 'Sign the message in w3kit Test Wallet.');
    expect(await axeViolations(page)).toEqual([]);
    answer?.(true);
    expect(await verifyMessage({ address, message: 'waits in the wallet', signature: await signing })).toBe(true);
    await page.waitForFunction(() => !document.querySelector('w3-modal')?.hasAttribute('open'));

    // The modal shows Account: the request pushes the state, Cancel rejects it with 4001 and goes back.
    await page.locator('w3-button').getByRole('button').first().click();
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Account');
    const cancelled = page.evaluate(
      ([a, m]) =>
        (window as unknown as { modal: { getWalletProvider(ns: string): { request(r: object): Promise<unknown> } } }).modal
          .getWalletProvider('eip155')
          .request({ method: 'personal_sign', params: [m, a] })
          .then(
            () => 'signed',
            (e: { code?: number; message?: string }) => `${e.code}: ${e.message}`,
          ),
      [address, stringToHex('to be cancelled')] as const,
    );
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'ApproveInWallet');
    await page.locator('w3-approve-in-wallet-view').getByRole('button', { name: 'Cancel' }).click();
    expect(await cancelled).toBe('4001: User rejected the request.');
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Account');
    expect(w.sessions()).toHaveLength(1);
    expect(await eventTypes(page)).not.toContain('w3-disconnect');
    // The wallet still holds the cancelled request (and the ones after it) until it answers it.
    await w.rejectPending();
    w.setMode('approve');
    const again = await sign(page, address, 'after cancel');
    expect(await verifyMessage({ address, message: 'after cancel', signature: again })).toBe(true);
  });
  it('a session with eip155 and solana gives both accounts; Solana signs over the relay; disconnecting solana keeps the session for eip155', async () => {
    // The app configures Localhost and the local SVM (the later `networks` key wins).
    app = await openApp(h, [], `${options()}, networks: [chainA, networks.solanaLocal]`);
    const { page } = app;
    const w = await newWallet();
    const address = w.addresses[0] as `0x${string}`;
    await w.pair(await openQr(page));
    await waitConnected(page, address);
    const solana = await page.waitForFunction(
      () => (window as unknown as { modal: { getAccount(ns: string): { address?: string } } }).modal.getAccount('solana').address,
      null,
      { timeout: 15_000 },
    );
    expect(await solana.jsonValue()).toBe(w.solana.address);
    expect(w.sessions()[0]?.namespaces['solana']?.accounts[0]).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32}:/);

    const signature = await page.evaluate(() =>
      (window as unknown as { modal: { signMessage(m: string, o: object): Promise<string> } }).modal.signMessage('gm over the relay', {
        namespace: 'solana',
      }),
    );
    expect(ed25519.verify(bs58.decode(signature), new TextEncoder().encode('gm over the relay'), bs58.decode(w.solana.address))).toBe(true);

    await page.evaluate(() => (window as unknown as { modal: { disconnect(ns: string): Promise<void> } }).modal.disconnect('solana'));
    expect(
      await page.evaluate(
        () => (window as unknown as { modal: { getAccount(ns: string): { isConnected: boolean } } }).modal.getAccount('solana').isConnected,
      ),
    ).toBe(false);
    expect(w.sessions()).toHaveLength(1);
    expect(await sign(page, address, 'eip155 still').then((s) => verifyMessage({ address, message: 'eip155 still', signature: s }))).toBe(
      true,
    );
  });
});
