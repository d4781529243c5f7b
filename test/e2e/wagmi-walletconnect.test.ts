/**
 * A WalletConnect session made in the modal reaches wagmi through the one w3kit connector: the
 * wagmi page (wagmi-page.ts) with our backend and relay, a sign-client wallet in Node
 * (test/fixtures/wc-wallet.ts) and the Hardhat nodes; no injected wallet at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http, parseEther, verifyMessage } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/src/index.js';
import { createWcWallet, type WcWallet } from '../fixtures/wc-wallet.js';
import { type AppSession, closeApp, type Harness, startHarness } from './harness.js';
import { bundleWagmiPage, openWagmiApp, waitWagmiStatus, wagmiConnection, type WagmiWindow } from './wagmi-page.js';

let h: Harness;
let backend: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let app: AppSession | undefined;
let wallet: WcWallet | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'w3kit-e2e-wagmi-wc-'));
  const [harness, server, script] = await Promise.all([
    startHarness(),
    startServer({ port: 0, dataDir, seed: true, relayPort: 0 }),
    bundleWagmiPage(),
  ]);
  h = harness;
  backend = server;
  h.pages.set('/wagmi-app.js', script);
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

describe('w3kit/wagmi over WalletConnect', { timeout: 120_000 }, () => {
  it('a session paired in the modal is wagmi’s connection: send, receipt, sign, chain change, disconnect from wagmi ends it', async () => {
    app = await openWagmiApp(h, {
      wallets: [],
      modal: { apiUrl: backend.url, projectId: 'w3kit-dev', relayUrl: backend.relayUrl },
    });
    const { page } = app;
    wallet = await createWcWallet({
      relayUrl: backend.relayUrl as string,
      rpcUrls: { 31337: h.chainA.url, 31338: h.chainB.url },
      chainId: 31337,
    });
    const address = wallet.addresses[0]!;

    await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await page.locator('w3-connect-view').getByRole('button', { name: 'WalletConnect' }).click();
    const qr = page.locator('w3-qr-code');
    await expect.poll(async () => ((await qr.getAttribute('uri')) ?? '').startsWith('wc:'), { timeout: 20_000 }).toBe(true);
    await wallet.pair((await qr.getAttribute('uri'))!);
    await waitWagmiStatus(page, 'connected');
    expect(await wagmiConnection(page)).toEqual({ status: 'connected', address, chainId: 31337, connector: 'w3kit' });
    await page.keyboard.press('Escape');

    const to = '0x00000000000000000000000000000000000beef2';
    const receipt = await page.evaluate(async (target) => {
      const { wagmi, config } = window as unknown as WagmiWindow;
      const hash = await wagmi.sendTransaction(config, { to: target as `0x${string}`, value: 250_000_000_000_000_000n });
      const r = await wagmi.waitForTransactionReceipt(config, { hash });
      return { status: r.status, from: r.from };
    }, to);
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    expect(await createPublicClient({ transport: http(h.chainA.url) }).getBalance({ address: to })).toBe(parseEther('0.25'));

    const signature = await page.evaluate(() =>
      (window as unknown as WagmiWindow).wagmi.signMessage((window as unknown as WagmiWindow).config, { message: 'over the relay' }),
    );
    expect(await verifyMessage({ address, message: 'over the relay', signature })).toBe(true);

    // The wallet moves to chain B (session_event): the modal follows, and wagmi with it.
    await wallet.emitChainChanged(31338);
    await expect.poll(async () => (await wagmiConnection(page)).chainId, { timeout: 15_000 }).toBe(31338);

    // wagmi's disconnect ends the modal's WalletConnect session at the wallet too.
    await page.evaluate(() => (window as unknown as WagmiWindow).wagmi.disconnect((window as unknown as WagmiWindow).config));
    await expect.poll(() => page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').status)).toBe('disconnected');
    await expect.poll(() => wallet!.sessions().length, { timeout: 15_000 }).toBe(0);
  });
});
