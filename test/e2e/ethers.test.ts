/**
 * The modal's EIP-1193 provider (src/integrations/modal-provider.ts) and `w3kit/ethers` over it,
 * end to end: the built CDN modal in Chromium, the test wallet (EIP-6963) and two Hardhat nodes.
 * Both entries are bundled with esbuild from src/ into one page script (window.w3int), which
 * gets the modal as `window.modal`, as an app does.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyMessage } from 'ethers';
import { createPublicClient, http } from 'viem';
import type { Page } from 'playwright-core';
import { type AppSession, bundlePageScript, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { connect } from './page.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SCRIPT = '/w3-integrations.js';

let h: Harness;
let app: AppSession | undefined;

beforeAll(async () => {
  const [harness, script] = await Promise.all([
    startHarness(),
    bundlePageScript(`import { createModalProvider } from './src/integrations/modal-provider.ts';
import { getEthersProvider, getEthersSigner } from './src/ethers/index.ts';
window.w3int = { createModalProvider, getEthersProvider, getEthersSigner };`),
  ]);
  h = harness;
  h.pages.set(SCRIPT, script);
}, 120_000);
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

/** The app page with the integrations script; `window.p` is a modal provider logging its events to `window.log`. */
async function open(): Promise<Page> {
  app = await openApp(h);
  const { page } = app;
  await page.addScriptTag({ url: SCRIPT, type: 'module' });
  await page.waitForFunction(() => 'w3int' in window);
  await page.evaluate(() => {
    const w = window as unknown as Record<string, any>;
    w.log = [];
    w.p = w.w3int.createModalProvider(w.modal);
    for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'])
      w.p.on(event, (arg: unknown) => w.log.push([event, arg instanceof Error ? (arg as { code?: number }).code : arg]));
  });
  return page;
}

/** `window.p.request(args)`: the result, or the error's `{ code, message }`. */
const request = (page: Page, method: string, params?: unknown) =>
  page.evaluate(
    ([m, p]) =>
      (window as unknown as Record<string, any>).p.request({ method: m, params: p }).then(
        (result: unknown) => ({ result }),
        (e: { code?: number; message?: string }) => ({ error: { code: e.code, message: e.message } }),
      ),
    [method, params] as const,
  ) as Promise<{ result?: any; error?: { code?: number; message: string } }>;

const log = (page: Page) => page.evaluate(() => (window as unknown as { log: [string, unknown][] }).log);
const closeModal = (page: Page) => page.evaluate(() => document.querySelector('w3-modal')!.modal.close());
const viewIs = (page: Page, view: string) =>
  page.waitForFunction((v) => document.querySelector('w3-modal')?.getAttribute('view') === v, view, { timeout: 10_000 });

describe('the modal EIP-1193 provider', { timeout: 60_000 }, () => {
  it('answers from the modal while disconnected: no accounts, the chain, 4900 for the rest', async () => {
    const page = await open();
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] });
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a69' });
    expect((await request(page, 'eth_blockNumber')).error?.code).toBe(4900);
    expect((await request(page, 'eth_sendTransaction', [{ from: A0, to: A1, value: '0x1' }])).error?.code).toBe(4900);
  });

  it('eth_requestAccounts opens the modal: closing it rejects with 4001, connecting resolves with the account', async () => {
    const page = await open();
    const first = page.evaluate(() =>
      (window as unknown as Record<string, any>).p.request({ method: 'eth_requestAccounts' }).then(
        () => 'resolved',
        (e: { code?: number }) => e.code,
      ),
    );
    await viewIs(page, 'Connect');
    await closeModal(page);
    expect(await first).toBe(4001);

    const second = request(page, 'eth_requestAccounts');
    await viewIs(page, 'Connect');
    await page.locator('w3-modal').getByRole('button', { name: 'w3kit Test Wallet' }).click();
    const { result } = await second;
    expect(result[0]).toBe(A0);
    expect(await request(page, 'eth_accounts')).toEqual({ result });
    // Connected already: no modal, the accounts at once.
    await closeModal(page);
    expect(await request(page, 'eth_requestAccounts')).toEqual({ result });
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.hasAttribute('open'))).toBe(false);
    // One connect and one accountsChanged for the one connection.
    expect(await log(page)).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', result],
    ]);
  });

  it('forwards other requests to the wallet, and follows account changes once each', async () => {
    const page = await open();
    await connect(page);
    await page.evaluate(() => ((window as unknown as { log: unknown[] }).log.length = 0));
    const block = await request(page, 'eth_blockNumber');
    expect(block.result).toMatch(/^0x[0-9a-f]+$/);
    const signed = await request(page, 'personal_sign', ['0x68656c6c6f', A0]);
    expect(verifyMessage('hello', signed.result as string)).toBe(A0);
    const methods = await page.evaluate(() =>
      (window as unknown as { testWallets: { requests: { method: string }[] }[] }).testWallets[0]!.requests.map((r) => r.method),
    );
    expect(methods).toContain('eth_blockNumber');
    expect(methods).toContain('personal_sign');

    await page.evaluate(() =>
      (window as unknown as { testWallets: { switchAccount(i: number): void }[] }).testWallets[0]!.switchAccount(1),
    );
    await expect.poll(async () => (await request(page, 'eth_accounts')).result?.[0], { timeout: 10_000 }).toBe(A1);
    await page.waitForTimeout(300); // any second event for the same change would be in by now
    const events = await log(page);
    expect(events).toHaveLength(1);
    expect(events[0]![0]).toBe('accountsChanged');
    expect((events[0]![1] as string[])[0]).toBe(A1);
  });

  it('wallet_switchEthereumChain moves the modal (chainChanged once); a malformed chainId is -32602 naming it', async () => {
    const page = await open();
    await connect(page);
    await closeModal(page);
    await page.evaluate(() => ((window as unknown as { log: unknown[] }).log.length = 0));
    expect(await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({ result: null });
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.modal.getNetwork()?.caipNetworkId)).toBe('eip155:31338');
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a6a' });
    await page.waitForTimeout(300);
    expect(await log(page)).toEqual([['chainChanged', '0x7a6a']]);

    for (const bad of [[{ chainId: '31337' }], [{ chainId: 31337 }], [{ chainId: '0x0' }], [{ chainId: '0xffffffffffffffff' }], [], 'x']) {
      const { error } = await request(page, 'wallet_switchEthereumChain', bad);
      expect(error?.code).toBe(-32602);
      expect(error?.message).toContain('chainId');
    }
    expect((await request(page, 'wallet_switchEthereumChain', [{ chainId: '31337' }])).error?.message).toContain('"31337"');
    // A chain the modal was not configured with: 4902 (EIP-3326), naming it.
    const unknown = await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]);
    expect(unknown.error).toEqual({ code: 4902, message: "Chain 0x1 is not one of the modal's networks" });
    // The modal went nowhere.
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.modal.getNetwork()?.caipNetworkId)).toBe('eip155:31338');
  });

  it("the modal's disconnect: accountsChanged [] and disconnect (4900) once, then 4900 for wallet requests", async () => {
    const page = await open();
    await connect(page);
    await page.evaluate(() => ((window as unknown as { log: unknown[] }).log.length = 0));
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.disconnect());
    await page.waitForTimeout(300);
    expect(await log(page)).toEqual([
      ['accountsChanged', []],
      ['disconnect', 4900],
    ]);
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] });
    expect((await request(page, 'personal_sign', ['0x68656c6c6f', A0])).error?.code).toBe(4900);
    // A removed listener hears nothing more; destroy stops the provider following the modal.
    await page.evaluate(() => (window as unknown as Record<string, any>).p.destroy());
    await closeModal(page);
    await connect(page);
    await page.waitForTimeout(300);
    expect(await log(page)).toHaveLength(2);
  });
});

describe('w3kit/ethers', { timeout: 60_000 }, () => {
  it('getEthersSigner rejects with NotConnectedError while disconnected, without opening the modal', async () => {
    const page = await open();
    const result = await page.evaluate(() => {
      const w = window as unknown as Record<string, any>;
      return w.w3int.getEthersSigner(w.modal).then(
        () => 'signer',
        (e: Error) => `${e.name}: ${e.message}`,
      );
    });
    expect(result).toMatch(/^NotConnectedError: getEthersSigner: no eip155 account is connected/);
    const bad = await page.evaluate(() => {
      const w = window as unknown as Record<string, any>;
      return [undefined, {}].map((m) => {
        try {
          w.w3int.getEthersProvider(m);
          return 'provider';
        } catch (e) {
          return `${(e as Error).name}: ${(e as Error).message}`;
        }
      });
    });
    expect(bad).toEqual([
      'MissingConfigError: getEthersProvider(modal): modal must be the instance createW3Modal returned, got undefined',
      'MissingConfigError: getEthersProvider(modal): modal must be the instance createW3Modal returned, got object',
    ]);
    expect(await page.evaluate(() => document.querySelector('w3-modal')!.hasAttribute('open'))).toBe(false);
  });

  it('reads the balance, signs a message that verifies, sends a transaction that lands, follows chain and account', async () => {
    const page = await open();
    await connect(page);
    await closeModal(page);
    const client = createPublicClient({ transport: http(h.chainA.url) });
    const out = await page.evaluate(async (to) => {
      const w = window as unknown as Record<string, any>;
      const provider = w.w3int.getEthersProvider(w.modal);
      const signer = await w.w3int.getEthersSigner(w.modal);
      const balance: bigint = await provider.getBalance(signer.address);
      const signature: string = await signer.signMessage('hello ethers');
      const tx = await signer.sendTransaction({ to, value: 12345n });
      const receipt = await tx.wait();
      return {
        same: provider === w.w3int.getEthersProvider(w.modal),
        address: signer.address as string,
        balance: balance.toString(),
        signature,
        hash: tx.hash as string,
        status: receipt.status as number,
      };
    }, A1);
    expect(out.same).toBe(true);
    expect(out.address).toBe(A0);
    expect(BigInt(out.balance)).toBeGreaterThan(0n);
    expect(verifyMessage('hello ethers', out.signature)).toBe(A0);
    expect(out.status).toBe(1);
    const receipt = await client.getTransactionReceipt({ hash: out.hash as `0x${string}` });
    expect(receipt.from.toLowerCase()).toBe(A0.toLowerCase());
    expect(receipt.to?.toLowerCase()).toBe(A1.toLowerCase());

    // The modal switches: the same provider says the new chain.
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.switchNetwork('eip155:31338'));
    const chainId = await page.evaluate(async () => {
      const w = window as unknown as Record<string, any>;
      return ((await w.w3int.getEthersProvider(w.modal).getNetwork()).chainId as bigint).toString();
    });
    expect(chainId).toBe('31338');

    // The wallet changes account: a signer asked for now is the new account's, and signs as it.
    await page.evaluate(() =>
      (window as unknown as { testWallets: { switchAccount(i: number): void }[] }).testWallets[0]!.switchAccount(1),
    );
    await page.waitForFunction((a1) => document.querySelector('w3-modal')!.modal.getAccount().address === a1, A1);
    const next = await page.evaluate(async () => {
      const w = window as unknown as Record<string, any>;
      const signer = await w.w3int.getEthersSigner(w.modal);
      return { address: signer.address as string, signature: (await signer.signMessage('as A1')) as string };
    });
    expect(next.address).toBe(A1);
    expect(verifyMessage('as A1', next.signature)).toBe(A1);
  });
});
