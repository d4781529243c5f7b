/**
 * w3kit/wagmi end to end: a page bundled with esbuild from the built package (`w3kit` and
 * `w3kit/wagmi` from dist/) and @wagmi/core actions, in Chromium, with the test wallet (EIP-6963)
 * and two Hardhat nodes. The wallet connects through the modal and every wagmi action works on
 * that connection; connect, disconnect and chain changes flow both ways; a reload restores both
 * with wagmi never 'disconnected' on the way; cookie storage gives the server the connected state.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, verifyMessage } from 'viem';
import { createStorage, cookieStorage, cookieToInitialState, W3WagmiAdapter } from '../../src/wagmi/index.js';
import { networks } from '../../src/wire/networks.js';
import { deployDemoContracts, loadArtifact } from '../../scripts/lib/contracts.mjs';
import { type AppSession, closeApp, type Harness, startHarness } from './harness.js';
import { bundleWagmiPage, openWagmiApp, waitWagmiStatus, wagmiConnection, type WagmiWindow } from './wagmi-page.js';
import { connect } from './page.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let h: Harness;
let app: AppSession | undefined;
let dusd: `0x${string}`;
const erc20 = loadArtifact('DemoToken').abi;

beforeAll(async () => {
  const [harness, script] = await Promise.all([startHarness(), bundleWagmiPage()]);
  h = harness;
  h.pages.set('/wagmi-app.js', script);
  dusd = (await deployDemoContracts(h.chainA.url)).dusd as `0x${string}`;
}, 120_000);
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

const chainA = () => createPublicClient({ transport: http(h.chainA.url) });

describe('w3kit/wagmi end to end', { timeout: 90_000 }, () => {
  it('the modal connection reaches wagmi: account, chain, balance, contract read and write, receipt, signature, chain switch', async () => {
    app = await openWagmiApp(h);
    const { page } = app;
    await connect(page);
    await waitWagmiStatus(page, 'connected');
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
    app = await openWagmiApp(h);
    const { page } = app;
    await connect(page);
    await waitWagmiStatus(page, 'connected');
    await page.keyboard.press('Escape');
    // wagmi -> modal
    await page.evaluate(() => (window as unknown as WagmiWindow).wagmi.disconnect((window as unknown as WagmiWindow).config));
    await expect.poll(() => page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').status)).toBe('disconnected');
    expect((await wagmiConnection(page)).status).toBe('disconnected');

    // wagmi's connect opens the modal's Connect view; the wallet chosen there is wagmi's, on the chain wagmi asked for.
    await page.evaluate(() => {
      const w = window as unknown as WagmiWindow & { connected?: Promise<unknown> };
      w.connected = w.wagmi.connect(w.config, { connector: w.config.connectors[0]!, chainId: 31338 });
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
    // The chain asked for: the modal switched to it once the wallet connected.
    expect(result.chainId).toBe(31338);
    expect(await page.evaluate(() => (window as unknown as WagmiWindow).modal.getNetwork()?.caipNetworkId)).toBe('eip155:31338');
    expect(await wagmiConnection(page)).toMatchObject({ status: 'connected', address: A0 });
    expect(await page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').address)).toBe(A0);

    // modal -> wagmi
    await page.evaluate(() => (window as unknown as WagmiWindow).modal.disconnect());
    await waitWagmiStatus(page, 'disconnected');
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
    app = await openWagmiApp(h);
    const { page } = app;
    await connect(page);
    await waitWagmiStatus(page, 'connected');
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
    await waitWagmiStatus(page, 'disconnected');
    expect(await page.evaluate(() => (window as unknown as WagmiWindow).modal.getAccount('eip155').status)).toBe('disconnected');
  });

  it('a reload restores the modal and wagmi with no prompt and no "disconnected" on the way', async () => {
    app = await openWagmiApp(h);
    const { page } = app;
    await connect(page);
    await waitWagmiStatus(page, 'connected');
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { modal?: unknown }).modal !== undefined);
    await waitWagmiStatus(page, 'connected');
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
    app = await openWagmiApp(h, { ssr: true });
    const { page } = app;
    await connect(page);
    await waitWagmiStatus(page, 'connected');
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
    await waitWagmiStatus(page, 'connected');
    const statuses = await page.evaluate(() => (window as unknown as WagmiWindow).statuses);
    // The first read (before hydration) is wagmi's own initial state; from the cookie on it is 'reconnecting' then 'connected'.
    expect(statuses.slice(1)).not.toContain('disconnected');
    expect(statuses[1]).toBe('reconnecting');
    expect(statuses.at(-1)).toBe('connected');
    // The modal's disconnect clears the cookie's connection.
    await page.evaluate(() => (window as unknown as WagmiWindow).modal.disconnect());
    await waitWagmiStatus(page, 'disconnected');
    await expect
      .poll(async () => cookieToInitialState(server.wagmiConfig, await page.evaluate(() => document.cookie))?.current ?? null)
      .toBeNull();
  });
});
