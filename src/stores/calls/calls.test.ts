/**
 * The instance API's EIP-5792 batches against a real Hardhat node and the real test EIP-1193
 * wallet (test/fixtures, with and without its EIP-5792): two calls land on chain and the status
 * goes 100 -> 200 with both receipts; a wallet without EIP-5792 gives spec 8's sentence; malformed
 * calls are refused naming the field before the wallet is asked; 99 pending batches per account.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { eip155Adapter } from '../../chains/eip155/adapter.js';
import { networks, type Network } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { setLiveSession } from '../connection/session-state.js';
import { $activeNamespace, setActiveNetwork } from '../network/networks.js';
import { closeModal, openModalOn } from '../ui/modal.js';
import { getCallsStatus, MAX_PENDING_CALLS, pendingCalls, resetCalls, sendCalls } from './calls.js';
import { $callsView, watchCalls } from './calls-view.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const C = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
let node: HardhatNode;
let local: Network;

const rpc = async (method: string, params: unknown[] = []): Promise<unknown> => {
  const res = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};
const balance = async (address: string) => BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string);

async function connect(eip5792: boolean): Promise<TestWallet> {
  const wallet = createTestWallet({ rpcUrls: { 31337: node.url }, chainId: 31337, announce: false, storageKey: false, eip5792 });
  await wallet.provider.request({ method: 'eth_requestAccounts' });
  setLiveSession('eip155', {
    namespace: 'eip155',
    connectorId: 'test',
    provider: wallet.provider,
    adapter: eip155Adapter as never,
    stopEvents: () => undefined,
  });
  return wallet;
}
const asked = (wallet: TestWallet, method: string) => wallet.requests.filter((r) => r.method === method).length;

beforeAll(async () => {
  node = await startHardhat();
  local = { ...networks.localhost, rpcUrls: { default: { http: [node.url] } } };
}, 90_000);
afterAll(async () => {
  resetOptions();
  await node?.stop();
});
beforeEach(async () => {
  resetCalls();
  setOptions({ networks: [local] });
  $accounts.set({});
  $activeNamespace.set('eip155');
  setActiveNetwork(local.caipNetworkId);
  patchAccount('eip155', { address: A0, caipAddress: `eip155:31337:${A0}`, status: 'connected' });
  await rpc('evm_setAutomine', [true]);
});

describe('sendCalls / getCallsStatus (EIP-5792) through the connected wallet', () => {
  it('sends two calls that both land on chain; the status goes 100 (pending) -> 200 with a receipt each', async () => {
    const wallet = await connect(true);
    const [b0, c0] = [await balance(B), await balance(C)];
    await rpc('evm_setAutomine', [false]);
    const { id } = await sendCalls({
      calls: [
        { to: B, value: 1000n },
        { to: C, value: '0x7d0', data: '0x' },
      ],
    });
    const sent = wallet.requests.find((r) => r.method === 'wallet_sendCalls')!.params as Record<string, unknown>[];
    expect(sent[0]).toMatchObject({ version: '2.0.0', chainId: '0x7a69', from: A0, atomicRequired: false });
    expect(sent[0]!.calls).toEqual([
      { to: B, value: '0x3e8' },
      { to: C, value: '0x7d0' },
    ]);
    expect(await getCallsStatus(id)).toEqual({ status: 100, atomic: false, receipts: [] });
    expect(pendingCalls(A0)).toEqual([id]);

    await rpc('evm_mine');
    const done = await getCallsStatus(id);
    expect(done.status).toBe(200);
    expect(done.receipts).toHaveLength(2);
    for (const r of done.receipts) expect(r).toMatchObject({ status: 'success', gasUsed: 21000n });
    expect((await balance(B)) - b0).toBe(1000n);
    expect((await balance(C)) - c0).toBe(2000n);
    expect(pendingCalls(A0)).toEqual([]);
  });

  it("a wallet without EIP-5792: 'Fetching call status not approved by the wallet.' and a sentence for sending", async () => {
    await connect(false);
    await expect(getCallsStatus('0x01')).rejects.toMatchObject({
      shortMessage: 'Fetching call status not approved by the wallet.',
      messageCode: 'CallsStatusNotApproved',
    });
    await expect(sendCalls({ calls: [{ to: B }] })).rejects.toMatchObject({
      shortMessage: 'This wallet does not support sending batched calls',
      messageCode: 'SendCallsNotSupported',
    });
  });

  it('refuses malformed calls naming the field, without asking the wallet', async () => {
    const wallet = await connect(true);
    const cases: [unknown, string][] = [
      [{ calls: [] }, 'Invalid calls: it must be a list of at least one call'],
      [{ calls: [{ to: B }, { to: B.slice(2) }] }, 'Invalid calls[1].to: it must start with 0x'],
      [{ calls: [{ to: '0x1234' }] }, 'Invalid calls[0].to: it must be an address of 40 hex characters'],
      [{ calls: [{ to: B, data: 'abcd' }] }, 'Invalid calls[0].data: it must start with 0x'],
      [{ calls: [{ to: B, data: '0xzz' }] }, 'Invalid calls[0].data: it must be hex bytes'],
      [{ calls: [{ to: B, value: -1n }] }, 'Invalid calls[0].value: it must not be negative'],
      [
        { calls: [{ to: B, value: '1.5' }] },
        'Invalid calls[0].value: it must be an amount of wei (a bigint, a whole number, a decimal or 0x string)',
      ],
      [{ calls: [{ to: B }], atomicRequired: 'yes' }, 'Invalid atomicRequired: it must be true or false'],
      [{ calls: [{ to: B }], capabilities: [] }, 'Invalid capabilities: it must be an object'],
    ];
    for (const [request, text] of cases) {
      await expect(sendCalls(request as never), text).rejects.toMatchObject({ shortMessage: text, messageCode: 'InvalidInput' });
    }
    expect(asked(wallet, 'wallet_sendCalls')).toBe(0);
    await expect(getCallsStatus('')).rejects.toMatchObject({ messageCode: 'InvalidInput' });
    expect(asked(wallet, 'wallet_getCallsStatus')).toBe(0);
  });

  it(`keeps at most ${MAX_PENDING_CALLS} pending batches per account; one more waits until some settle`, async () => {
    const wallet = await connect(true);
    await rpc('evm_setAutomine', [false]);
    for (let i = 0; i < MAX_PENDING_CALLS; i += 1) await sendCalls({ calls: [{ to: B, value: 1n }] });
    expect(pendingCalls(A0)).toHaveLength(MAX_PENDING_CALLS);
    await expect(sendCalls({ calls: [{ to: B, value: 1n }] })).rejects.toMatchObject({ messageCode: 'TooManyPendingCalls' });
    expect(asked(wallet, 'wallet_sendCalls')).toBe(MAX_PENDING_CALLS);

    await rpc('evm_mine');
    await sendCalls({ calls: [{ to: B, value: 1n }] });
    expect(pendingCalls(A0)).toHaveLength(1);
  }, 120_000);
});

describe("the CallsStatus view's watch", () => {
  const settled = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const until = async (ok: () => boolean, what: string) => {
    for (let t = Date.now(); !ok(); await settled(10)) if (Date.now() - t > 5000) throw new Error(`timed out: ${what}`);
  };

  it('reads the status while pending, at most maxPolls times, then stops; confirmed once mined', async () => {
    const wallet = await connect(true);
    await rpc('evm_setAutomine', [false]);
    const { id } = await sendCalls({
      calls: [
        { to: B, value: 5n },
        { to: C, value: 6n },
      ],
    });
    const stop = watchCalls(id, { pollMs: 10, maxPolls: 3 });
    await until(() => asked(wallet, 'wallet_getCallsStatus') === 3, 'three reads');
    await settled(100);
    expect(asked(wallet, 'wallet_getCallsStatus')).toBe(3);
    expect($callsView.get()).toMatchObject({ id, phase: 'pending', receipts: [] });
    stop();

    await rpc('evm_mine');
    watchCalls(id, { pollMs: 10 });
    await until(() => $callsView.get().phase === 'confirmed', 'confirmed');
    expect($callsView.get().receipts.map((r) => r.status)).toEqual(['success', 'success']);
    expect(asked(wallet, 'wallet_getCallsStatus')).toBe(4);
  });

  it('stops reading when the modal closes; an unreadable status is an error with its reason', async () => {
    const wallet = await connect(true);
    await rpc('evm_setAutomine', [false]);
    const { id } = await sendCalls({ calls: [{ to: B, value: 5n }] });
    openModalOn('CallsStatus', { callsId: id });
    watchCalls(id, { pollMs: 20 });
    await until(() => asked(wallet, 'wallet_getCallsStatus') >= 2, 'two reads');
    closeModal();
    const after = asked(wallet, 'wallet_getCallsStatus');
    expect(after).toBeGreaterThan(0);
    await settled(150);
    expect(asked(wallet, 'wallet_getCallsStatus')).toBe(after);

    watchCalls('0xdead');
    await until(() => $callsView.get().phase === 'error', 'error');
    expect($callsView.get()).toMatchObject({ phase: 'error', error: { code: 5730 } });
  });
});
