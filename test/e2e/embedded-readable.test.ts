/**
 * The frame's approval screens say what they approve (issue 32, part 2), end to end with the real
 * frame site, backend, Hardhat (the demo ERC-20, DUSD) and Chromium: a real ERC-20 transfer's
 * 'Approve transaction' names the recipient, the amount in the token's symbol and the network fee;
 * typed data reads as a tree under 'Sign message', its domain first with the chain by its network's
 * name; wallet_sendCalls shows its calls as one list under 'Approve 2 transactions' and sends them
 * all, and wallet_getCallsStatus for its id is the frame's answer from the chain. Each screen has
 * one heading. Screenshots of the first two at 1280 and 375 px go to SHOTS.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, maxUint256, verifyTypedData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDemoContracts, DEV_PRIVATE_KEY } from '../../scripts/lib/contracts.mjs';
import { rpc, startRequest } from './embedded-probe.js';
import {
  approveInFrame,
  frameSettled,
  login,
  newEmail,
  openApp,
  startEmbedded,
  waitView,
  type EmbeddedHarness,
} from './embedded-harness.js';

const SHOTS = '/tmp/shots-frame-readable';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let eh: EmbeddedHarness;
let p: Page;
let evm: Hex;
let dusd: Hex;
/** The id the frame's wallet_sendCalls answered (the next test asks for its status). */
let batchId = '';

const balanceOf = (holder: Hex) =>
  createPublicClient({ transport: http(eh.h.chainA.url) }).readContract({
    address: dusd,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [holder],
  });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  eh = await startEmbedded();
  const context = await eh.h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  p = await openApp(eh, context);
  p.setDefaultTimeout(30_000);
  await login(eh, p, newEmail('readable'));
  evm = await p.evaluate(() => (window as any).modal.getAccount('eip155').address);
  dusd = (await deployDemoContracts(eh.h.chainA.url)).dusd as Hex;
  await rpc(eh.h.chainA.url, 'hardhat_setBalance', [evm, '0xDE0B6B3A7640000']); // 1 ETH for gas
  const chainId = Number((await rpc(eh.h.chainA.url, 'eth_chainId', [])).result);
  const dev = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEY), transport: http(eh.h.chainA.url) });
  const hash = await dev.writeContract({
    address: dusd,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [evm, 100_000_000n],
    chain: {
      id: chainId,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [eh.h.chainA.url] } },
    },
  });
  await createPublicClient({ transport: http(eh.h.chainA.url) }).waitForTransactionReceipt({ hash });
}, 240_000);
afterAll(async () => {
  await eh?.stop();
});

const frame = () => p.frameLocator('w3-modal iframe');

/** The approval's labelled rows, as the person reads them (label → value). */
const rows = async () => {
  const labels = await frame().locator('.rows dt').allTextContents();
  const values = await frame().locator('.rows dd').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label, values[i]]));
};

/** Screenshots of the page with the approval shown, at 1280 and 375 px wide. */
async function shoot(name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 812 : 1000 });
    await frameSettled(p);
    await p.waitForTimeout(800); // the click guard's 500 ms after the resize: the screen as a person sees it
    await p.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await p.setViewportSize({ width: 1280, height: 1000 });
}

describe('embedded wallet: approvals say what they approve', { timeout: 120_000 }, () => {
  it("a real ERC-20 transfer's screen names the recipient, the amount with the token's symbol and the network fee; approved, it sends", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 12_500_000n] });
    const outcome = await startRequest(p, `modal.sendTransaction({ to: '${dusd}', data: '${data}' }, { namespace: 'eip155' })`);
    await waitView(p, 'ApproveTransaction');
    await frame().locator('.rows').first().waitFor();
    expect(await frame().locator('h1').allTextContents()).toEqual(['Approve transaction']);
    const shown = await rows();
    expect(shown).toMatchObject({ To: dusd, Value: '0 ETH', Action: 'Send tokens', Recipient: RECIPIENT, Amount: '12.5 DUSD' });
    expect(shown['Network fee']).toMatch(/^0\.0*[1-9]\d{0,5} ETH$/);
    await shoot('approve-erc20');
    const before = await balanceOf(RECIPIENT);
    const { ok, value } = await approveInFrame(p, outcome);
    expect(ok, value).toBe(true);
    await createPublicClient({ transport: http(eh.h.chainA.url) }).waitForTransactionReceipt({ hash: value as Hex });
    expect(await balanceOf(RECIPIENT)).toBe(before + 12_500_000n);
  });

  it("typed data reads as a tree under 'Sign message', the domain first with the chain by its network's name; approved, it verifies", async () => {
    const typed = {
      domain: { name: 'Demo Dollar', version: '1', chainId: 31337, verifyingContract: dusd },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Ada', wallet: evm },
        to: { name: 'Bob', wallet: RECIPIENT },
        contents: 'A long line to show that long values wrap inside the frame instead of running out of it: '.repeat(3),
      },
    };
    const outcome = await startRequest(p, `modal.signTypedData(${JSON.stringify(typed)})`);
    await waitView(p, 'ApproveTransaction');
    await frame().locator('.tree').first().waitFor();
    expect(await frame().locator('h1').allTextContents()).toEqual(['Sign message']);
    expect(await frame().locator('.approval > .tree > .node > .key').allTextContents()).toEqual(['Domain', 'Message']);
    const domain = await frame()
      .locator('.approval > .tree > .node:first-child > .tree > .node')
      .evaluateAll((nodes) =>
        nodes.map((node) => `${node.querySelector('.key')?.textContent}: ${node.querySelector('.value')?.textContent}`),
      );
    expect(domain).toEqual(['Name: Demo Dollar', 'Version: 1', 'Network: Localhost (31337)', `Contract: ${dusd}`]);
    const text = (await frame().locator('.tree').first().textContent()) ?? '';
    expect(text).toContain(`wallet${RECIPIENT}`);
    expect(text).not.toContain('{');
    // Long values wrap: nothing in the frame is wider than its page.
    expect(
      await frame()
        .locator('body')
        .evaluate((body) => body.scrollWidth <= body.clientWidth),
    ).toBe(true);
    await shoot('sign-typed-data');
    const { ok, value } = await approveInFrame(p, outcome);
    expect(ok, value).toBe(true);
    const { domain: d, types, primaryType, message } = typed;
    expect(await verifyTypedData({ address: evm, domain: d, types, primaryType, message, signature: value as Hex } as any)).toBe(true);
  });
  it('wallet_sendCalls: one heading, one list of the calls (an unlimited approve said in words); approved, both are sent', async () => {
    const calls = [
      { to: dusd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 1_000_000n] }) },
      { to: dusd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [RECIPIENT, maxUint256] }) },
    ];
    const request = { method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: evm, calls }] };
    const outcome = await startRequest(p, `modal.getWalletProvider('eip155').request(${JSON.stringify(request)}).then((r) => r.id)`);
    await waitView(p, 'ApproveTransaction');
    await frame().locator('ol.calls').waitFor();
    expect(await frame().locator('h1').allTextContents()).toEqual(['Approve 2 transactions']);
    const items = await frame().locator('ol.calls > li').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('1 DUSD');
    expect(items[1]).toContain('Unlimited: all your DUSD, now and later');
    const { ok, value } = await approveInFrame(p, outcome);
    expect(ok, value).toBe(true);
    batchId = value;
    const hashes = value.split(',') as Hex[];
    expect(hashes).toHaveLength(2);
    const client = createPublicClient({ transport: http(eh.h.chainA.url) });
    for (const hash of hashes) expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await client.readContract({ address: dusd, abi: erc20Abi, functionName: 'allowance', args: [evm, RECIPIENT] })).toBe(maxUint256);
  });

  it('wallet_getCallsStatus for that id: the frame answers from the chain (200, both receipts, not atomic); an unknown id gets 5730', async () => {
    expect(batchId).toMatch(/^0x[0-9a-f]{64},0x[0-9a-f]{64}$/);
    const ask = (params: unknown[]) =>
      p.evaluate(
        (params) =>
          (window as any).modal
            .getWalletProvider('eip155')
            .request({ method: 'wallet_getCallsStatus', params })
            .then(
              (result: unknown) => ({ result }),
              (err: { code?: number; message?: string }) => ({ error: { code: err.code, message: err.message } }),
            ),
        params,
      );
    const { result } = (await ask([batchId])) as { result: Record<string, any> };
    expect(result).toMatchObject({ version: '2.0.0', id: batchId, chainId: '0x7a69', atomic: false, status: 200 });
    expect(result.receipts.map((r: { transactionHash: string; status: string }) => [r.transactionHash, r.status])).toEqual(
      batchId.split(',').map((hash) => [hash, '0x1']),
    );
    // The transfer's Transfer event, as the chain logged it.
    expect(result.receipts[0].logs[0].address.toLowerCase()).toBe(dusd.toLowerCase());
    expect(await ask([`0x${'ab'.repeat(32)}`])).toEqual({ error: { code: 5730, message: 'Unknown bundle id' } });
  });
});
