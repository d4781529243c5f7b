/**
 * w3kit/wagmi end to end: a page bundled with esbuild from the built package (`w3kit` and
 * `w3kit/wagmi` from dist/) and @wagmi/core actions, in Chromium, with the test wallet (EIP-6963)
 * and two Hardhat nodes. The wallet connects through the modal and every wagmi action works on
 * that connection; connect, disconnect and chain changes flow both ways; a reload restores both
 * with wagmi never 'disconnected' on the way; cookie storage gives the server the connected state.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { createPublicClient, http, verifyMessage } from 'viem';
import type { Page } from 'playwright-core';
import { createStorage, cookieStorage, cookieToInitialState, W3WagmiAdapter } from '../../src/wagmi/index.js';
import { networks } from '../../src/wire/networks.js';
import { deployDemoContracts, loadArtifact } from '../../scripts/lib/contracts.mjs';
import { TEST_WALLET_BUNDLE } from '../../scripts/bundle-fixtures.mjs';
import { startHarness, type AppSession, type Harness } from './harness.js';
import { connect } from './page.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The page script: the adapter, wagmi's status from the first moment, the modal; `?cookie` uses cookie storage with ssr. */
const PAGE_SCRIPT = `
import { createW3Modal, networks } from 'w3kit';
import { W3WagmiAdapter, createStorage, cookieStorage, cookieToInitialState } from 'w3kit/wagmi';
import * as wagmi from '@wagmi/core';
const { chainA: a, chainB: b, ssr } = window.__W3_WAGMI__;
const chainA = { ...networks.localhost, rpcUrls: { default: { http: [a] } } };
const chainB = { ...networks.localhost, id: 31338, caipNetworkId: 'eip155:31338', name: 'Chain B', rpcUrls: { default: { http: [b] } } };
const adapter = new W3WagmiAdapter({ networks: [chainA, chainB], ...(ssr ? { ssr: true, storage: createStorage({ storage: cookieStorage }) } : {}) });
const config = adapter.wagmiConfig;
window.statuses = [wagmi.getConnection(config).status];
wagmi.watchConnection(config, { onChange: (c) => window.statuses.push(c.status) });
window.wagmi = wagmi;
window.config = config;
window.modal = createW3Modal({ networks: [chainA, chainB], adapters: [adapter] });
if (ssr) {
  // What <WagmiProvider initialState={cookieToInitialState(config, cookie)}> does on the client.
  const { onMount } = wagmi.hydrate(config, { initialState: cookieToInitialState(config, document.cookie), reconnectOnMount: true });
  window.statuses.push(wagmi.getConnection(config).status);
  onMount();
}
`;

async function bundlePage(): Promise<string> {
  const dist = (p: string) => path.join(ROOT, 'dist', p);
  const result = await esbuild.build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'w3kit-dist',
        setup(build) {
          build.onResolve({ filter: /^w3kit$/ }, () => ({ path: dist('index.js') }));
          build.onResolve({ filter: /^w3kit\/wagmi$/ }, () => ({ path: dist('wagmi/index.js') }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

let h: Harness;
let app: AppSession | undefined;
let dusd: `0x${string}`;
const erc20 = loadArtifact('DemoToken').abi;

beforeAll(async () => {
  const [harness, script] = await Promise.all([startHarness(), bundlePage()]);
  h = harness;
  h.pages.set('/wagmi-app.js', script);
  dusd = (await deployDemoContracts(h.chainA.url)).dusd as `0x${string}`;
}, 120_000);
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  if (app) expect(app.errors).toEqual([]);
  await app?.context.close();
  app = undefined;
});

/** A fresh context with the test wallet (both chains) on the wagmi page. */
async function openWagmiApp(ssr = false): Promise<AppSession> {
  const pagePath = `/wagmi-${Math.random().toString(36).slice(2)}.html`;
  const params = JSON.stringify({ chainA: h.chainA.url, chainB: h.chainB.url, ssr });
  h.pages.set(
    pagePath,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>wagmi</title>
<script>window.__W3_WAGMI__ = ${params};</script><script type="module" src="/wagmi-app.js"></script></head>
<body><main><w3-network-button></w3-network-button><w3-button></w3-button></main></body></html>`,
  );
  const context = await h.browser.newContext();
  const wallets = [{ chainId: 31337, rpcUrls: { 31337: h.chainA.url, 31338: h.chainB.url } }];
  await context.addInitScript((list) => {
    (window as unknown as { __W3_TEST_WALLETS__: unknown }).__W3_TEST_WALLETS__ = list;
  }, wallets);
  await context.addInitScript({ path: TEST_WALLET_BUNDLE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(h.baseUrl + pagePath);
  await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
  return { context, page, errors };
}

interface WagmiWindow {
  wagmi: typeof import('@wagmi/core');
  config: import('@wagmi/core').Config;
  statuses: string[];
  modal: import('../../src/instance.js').W3ModalInstance;
  testWallets: { requests: { method: string }[] }[];
}

/** wagmi's connection in the page: status, address, chainId, connector id. */
const wagmiConnection = (page: Page) =>
  page.evaluate(() => {
    const { wagmi, config } = window as unknown as WagmiWindow;
    const c = wagmi.getConnection(config);
    return { status: c.status, address: c.address, chainId: c.chainId, connector: c.connector?.id };
  });

const waitStatus = (page: Page, status: string) =>
  expect.poll(async () => (await wagmiConnection(page)).status, { timeout: 15_000 }).toBe(status);

const chainA = () => createPublicClient({ transport: http(h.chainA.url) });

describe('w3kit/wagmi end to end', { timeout: 90_000 }, () => {
  it('the modal connection reaches wagmi: account, chain, balance, contract read and write, receipt, signature, chain switch', async () => {
    app = await openWagmiApp();
    const { page } = app;
    await connect(page);
    await waitStatus(page, 'connected');
    expect(await wagmiConnection(page)).toEqual({ status: 'connected', address: A0, chainId: 31337, connector: 'w3kit' });

    const balance = await page.evaluate(async (address) => {
      const { wagmi, config } = window as unknown as WagmiWindow;
      return String((await wagmi.getBalance(config, { address: address as `0x${string}` })).value);
    }, A0);
    expect(balance).toBe(String(await chainA().getBalance({ address: A0 })));

    const before = (await chainA().readContract({ address: dusd, abi: erc20, functionName: 'balanceOf', args: [A1] })) as bigint;
    const tx = await page.evaluate(
      async ({ token, abi, to }) => {
        const { wagmi, config } = window as unknown as WagmiWindow;
        const read = (await wagmi.readContract(config, { address: token, abi, functionName: 'balanceOf', args: [to] })) as bigint;
        const hash = await wagmi.writeContract(config, { address: token, abi, functionName: 'transfer', args: [to, 5_000_000n] });
        const receipt = await wagmi.waitForTransactionReceipt(config, { hash });
        return { read: String(read), hash, status: receipt.status, from: receipt.from };
      },
      { token: dusd, abi: erc20, to: A1 },
    );
    expect(tx.read).toBe(String(before));
    expect(tx.status).toBe('success');
    expect(tx.from.toLowerCase()).toBe(A0.toLowerCase());
    expect((await chainA().getTransactionReceipt({ hash: tx.hash })).status).toBe('success');
    expect(await chainA().readContract({ address: dusd, abi: erc20, functionName: 'balanceOf', args: [A1] })).toBe(before + 5_000_000n);

    const signature = await page.evaluate(() =>
      (window as unknown as WagmiWindow).wagmi.signMessage((window as unknown as WagmiWindow).config, { message: 'hello wagmi' }),
    );
    expect(await verifyMessage({ address: A0, message: 'hello wagmi', signature })).toBe(true);

    // wagmi -> modal
    await page.evaluate(() =>
      (window as unknown as WagmiWindow).wagmi.switchChain((window as unknown as WagmiWindow).config, { chainId: 31338 }),
    );
    expect(await page.evaluate(() => (window as unknown as WagmiWindow).modal.getNetwork()?.caipNetworkId)).toBe('eip155:31338');
    await expect.poll(async () => (await wagmiConnection(page)).chainId).toBe(31338);
    // modal -> wagmi
    await page.evaluate(() => (window as unknown as WagmiWindow).modal.switchNetwork('eip155:31337'));
    await expect.poll(async () => (await wagmiConnection(page)).chainId).toBe(31337);
  });

  it('disconnect flows both ways, and wagmi connect opens the modal', async () => {
    app = await openWagmiApp();
    const { page } = app;
    await connect(page);
    await waitStatus(page, 'connected');
    await page.keyboard.press('Escape');
    // wagmi -> modal
    await page.evaluate(() => (window as unknown as WagmiWindow).wagmi.disconnect((window as unknown as WagmiWindow).config));
    await expect.poll(() => page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').status)).toBe('disconnected');
    expect((await wagmiConnection(page)).status).toBe('disconnected');

    // wagmi's connect opens the modal's Connect view; the wallet chosen there is wagmi's.
    await page.evaluate(() => {
      const w = window as unknown as WagmiWindow & { connected?: Promise<unknown> };
      w.connected = w.wagmi.connect(w.config, { connector: w.config.connectors[0]! });
    });
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Connect');
    await page.locator('w3-modal').getByRole('button', { name: 'w3kit Test Wallet' }).click();
    const result = await page.evaluate(async () => {
      const r = (await (window as unknown as { connected: Promise<{ accounts: string[]; chainId: number }> }).connected) as {
        accounts: string[];
        chainId: number;
      };
      return { accounts: [...r.accounts], chainId: r.chainId };
    });
    expect(result.accounts[0]).toBe(A0);
    expect(result.chainId).toBe(31337);
    expect(await wagmiConnection(page)).toMatchObject({ status: 'connected', address: A0 });
    expect(await page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').address)).toBe(A0);

    // modal -> wagmi
    await page.evaluate(() => (window as unknown as WagmiWindow).modal.disconnect());
    await waitStatus(page, 'disconnected');
    // Closing the modal before a wallet connects rejects wagmi's connect (4001) and leaves it disconnected.
    const rejected = page.evaluate(() =>
      (window as unknown as WagmiWindow).wagmi
        .connect((window as unknown as WagmiWindow).config, { connector: (window as unknown as WagmiWindow).config.connectors[0]! })
        .then(
          () => 'connected',
          (e: { code?: number; cause?: { code?: number } }) => e.code ?? e.cause?.code,
        ),
    );
    await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'Connect');
    await page.keyboard.press('Escape');
    expect(await rejected).toBe(4001);
    expect((await wagmiConnection(page)).status).toBe('disconnected');
  });

  it('wallet-side account and chain changes and a wallet-side disconnect reach wagmi through the modal', async () => {
    app = await openWagmiApp();
    const { page } = app;
    await connect(page);
    await waitStatus(page, 'connected');
    const wallet = (call: string, arg?: number) =>
      page.evaluate(
        ([name, value]) => {
          const w = (window as unknown as { testWallets: Record<string, (v?: unknown) => void>[] }).testWallets[0]!;
          w[name as string]!(value);
        },
        [call, arg] as const,
      );
    await wallet('switchAccount', 1);
    await expect.poll(async () => (await wagmiConnection(page)).address).toBe(A1);
    expect(await page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').address)).toBe(A1);
    // wagmi signs with the account the wallet switched to.
    const signature = await page.evaluate(() =>
      (window as unknown as WagmiWindow).wagmi.signMessage((window as unknown as WagmiWindow).config, { message: 'second account' }),
    );
    expect(await verifyMessage({ address: A1, message: 'second account', signature })).toBe(true);
    await wallet('setChain', 31338);
    await expect.poll(async () => (await wagmiConnection(page)).chainId).toBe(31338);
    await wallet('disconnectWallet');
    await waitStatus(page, 'disconnected');
    expect(await page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').status)).toBe('disconnected');
  });

  it('a reload restores the modal and wagmi with no prompt and no "disconnected" on the way', async () => {
    app = await openWagmiApp();
    const { page } = app;
    await connect(page);
    await waitStatus(page, 'connected');
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
    await waitStatus(page, 'connected');
    expect(await wagmiConnection(page)).toEqual({ status: 'connected', address: A0, chainId: 31337, connector: 'w3kit' });
    const statuses = await page.evaluate(() => (window as unknown as WagmiWindow).statuses);
    expect(statuses[0]).toBe('reconnecting');
    expect(statuses).not.toContain('disconnected');
    expect(statuses.at(-1)).toBe('connected');
    expect(await page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').address)).toBe(A0);
    const methods = await page.evaluate(() => (window as unknown as WagmiWindow).testWallets[0]!.requests.map((r) => r.method));
    expect(methods).not.toContain('eth_requestAccounts');
    // Still one working connection after the reload: a signature.
    const signature = await page.evaluate(() =>
      (window as unknown as WagmiWindow).wagmi.signMessage((window as unknown as WagmiWindow).config, { message: 'after reload' }),
    );
    expect(await verifyMessage({ address: A0, message: 'after reload', signature })).toBe(true);
  });

  it('with cookie storage the server reads the connected state from the cookie, and hydration reconnects without "disconnected"', async () => {
    app = await openWagmiApp(true);
    const { page } = app;
    await connect(page);
    await waitStatus(page, 'connected');
    const cookie = await page.evaluate(() => document.cookie);
    // The server: one config per request, the request's Cookie header.
    const server = new W3WagmiAdapter({
      networks: [networks.localhost, networks.localhost2],
      ssr: true,
      storage: createStorage({ storage: cookieStorage }),
    });
    const state = cookieToInitialState(server.wagmiConfig, cookie);
    expect(state?.current).toBeTruthy();
    const connection = state!.connections.get(state!.current!);
    expect(connection).toMatchObject({ chainId: 31337, connector: { id: 'w3kit' } });
    expect(connection!.accounts[0]).toBe(A0);
    expect(
      cookieToInitialState(
        new W3WagmiAdapter({ networks: [networks.localhost], ssr: true, storage: createStorage({ storage: cookieStorage }) }).wagmiConfig,
        '',
      ),
    ).toBeUndefined();

    await page.reload();
    await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
    await waitStatus(page, 'connected');
    const statuses = await page.evaluate(() => (window as unknown as WagmiWindow).statuses);
    // The first read (before hydration) is wagmi's own initial state; from the cookie on it is 'reconnecting' then 'connected'.
    expect(statuses.slice(1)).not.toContain('disconnected');
    expect(statuses[1]).toBe('reconnecting');
    expect(statuses.at(-1)).toBe('connected');
    // The modal's disconnect clears the cookie's connection.
    await page.evaluate(() => (window as unknown as WagmiWindow).modal.disconnect());
    await waitStatus(page, 'disconnected');
    await expect
      .poll(async () => cookieToInitialState(server.wagmiConfig, await page.evaluate(() => document.cookie))?.current ?? null)
      .toBeNull();
  });
});
