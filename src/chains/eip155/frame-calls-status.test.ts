/**
 * EIP-5792's reads the frame answers itself, against a real Hardhat node: wallet_getCallsStatus
 * for the ids the frame's wallet_sendCalls gives (pending 100 until mined, then 200 with the
 * chain's receipts; 500 and 600 for reverted calls; 400 for a batch the node dropped; never
 * atomic), 5730 'Unknown bundle id' for any id that is not this wallet's; wallet_getCapabilities
 * per chain (no atomic batches).
 */
import { bytesToHex, createWalletClient, defineChain, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PRIVATE_KEY } from '../../../scripts/lib/contracts.mjs';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { deriveEvmKey } from '../../frame/keys/derive.js';
import type { FrameNetwork } from '../../frame/messages.js';
import { approvalTexts } from '../../frame/site/approval-texts.js';
import { createJsonRpc } from '../../frame/site/json-rpc.js';
import { answerEvmRequest, CALLS_STATUS, rememberBatch, type AnswerEnv } from './frame-calls-status.js';
import { prepareEvmRequest } from './frame-requests.js';

const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** Code that reverts every call (PUSH1 0 PUSH1 0 REVERT). */
const REVERTER = '0x00000000000000000000000000000000000000fd';
const seed = new Uint8Array(32).fill(7);
const mine = privateKeyToAccount(bytesToHex(deriveEvmKey(seed))).address;
let node: HardhatNode;
let network: FrameNetwork;
let env: AnswerEnv;

const rpc = (method: string, params: unknown[] = []) => env.jsonRpc(network.rpcUrl, method, params);
const status = (id: string) => answerEvmRequest('wallet_getCallsStatus', [id], mine, network, env) as Promise<Record<string, unknown>>;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: number; message?: string }) => ({ code: error.code, message: error.message }),
  );

/** The frame's own wallet_sendCalls, approved: its id. */
async function sendCalls(calls: { to: string; value?: Hex }[]): Promise<string> {
  const prepared = prepareEvmRequest('wallet_sendCalls', [{ version: '2.0.0', from: mine, calls }], mine, network, {
    jsonRpc: env.jsonRpc,
    texts: approvalTexts('en'),
    networks: env.networks,
  });
  return ((await prepared.run(seed)) as { id: string }).id;
}

/** Transactions sent by `key` itself (as after a reload: the frame does not remember them), each with its gas given. */
async function sendRaw(key: Hex, calls: { to: Hex; value?: bigint }[]): Promise<string> {
  const chain = defineChain({
    id: 31337,
    name: 'Hardhat',
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [node.url] } },
  });
  const client = createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(node.url) });
  const hashes: Hex[] = [];
  // Mined together by hand: Hardhat's automine answers a reverting transaction with an error.
  await rpc('evm_setAutomine', [false]);
  try {
    for (const call of calls) hashes.push(await client.sendTransaction({ ...call, gas: 60_000n }));
    await rpc('evm_mine');
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
  return hashes.join(',');
}

beforeAll(async () => {
  node = await startHardhat({ chainId: 31337 });
  network = {
    caipNetworkId: 'eip155:31337',
    name: 'Hardhat',
    rpcUrl: node.url,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  };
  env = {
    jsonRpc: createJsonRpc((url, init) => fetch(url, init)),
    networks: [network, { ...network, caipNetworkId: 'eip155:1', name: 'Ethereum' }, { ...network, caipNetworkId: 'solana:localnet' }],
  };
  await rpc('hardhat_setBalance', [mine, '0xDE0B6B3A7640000']); // 1 ETH
  await rpc('hardhat_setCode', [REVERTER, '0x60006000fd']);
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

describe('wallet_getCallsStatus (EIP-5792) for the frame’s batches', () => {
  it('answers 200 with the chain’s receipts, in the calls’ order, for a mined batch; never atomic', async () => {
    const id = await sendCalls([
      { to: B, value: '0x1' },
      { to: B, value: '0x2' },
    ]);
    const answer = await status(id);
    expect(answer).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: false, status: CALLS_STATUS.confirmed });
    const receipts = answer.receipts as Record<string, unknown>[];
    expect(receipts.map((r) => r.transactionHash)).toEqual(id.split(','));
    for (const receipt of receipts) {
      expect(receipt).toMatchObject({ status: '0x1', logs: [] });
      expect(receipt.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(receipt.blockNumber).toMatch(/^0x[0-9a-f]+$/);
      expect(receipt.gasUsed).toBe('0x5208'); // 21000: a plain transfer
    }
  });

  it('answers 100 without receipts while a call waits to be mined, then 200', async () => {
    await rpc('evm_setAutomine', [false]);
    try {
      const id = await sendCalls([{ to: B, value: '0x3' }]);
      const pending = await status(id);
      expect(pending).toMatchObject({ id, atomic: false, status: CALLS_STATUS.pending });
      expect(pending).not.toHaveProperty('receipts');
      await rpc('evm_mine');
      expect(await status(id)).toMatchObject({ status: CALLS_STATUS.confirmed });
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('answers 500 when every call reverted and 600 when some did, for ids of this wallet the frame no longer remembers', async () => {
    const key = bytesToHex(deriveEvmKey(seed));
    const reverted = await sendRaw(key, [{ to: REVERTER }, { to: REVERTER }]);
    const all = await status(reverted);
    expect(all).toMatchObject({ status: CALLS_STATUS.reverted, atomic: false });
    expect((all.receipts as { status: string }[]).map((r) => r.status)).toEqual(['0x0', '0x0']);
    const partly = await sendRaw(key, [{ to: B, value: parseEther('0.001') }, { to: REVERTER }]);
    expect(await status(partly)).toMatchObject({ status: CALLS_STATUS.partiallyReverted });
  });

  it('answers 400 for a batch it sent that the node no longer knows (dropped)', async () => {
    const dropped = `0x${'ab'.repeat(32)}`;
    rememberBatch(dropped);
    expect(await status(dropped)).toEqual({
      version: '2.0.0',
      id: dropped,
      chainId: '0x7a69',
      atomic: false,
      status: CALLS_STATUS.offchainFailure,
    });
  });

  it("refuses with 5730 'Unknown bundle id' what is not this wallet's: malformed, unknown, another account's, repeated hashes", async () => {
    const others = await sendRaw(DEV_PRIVATE_KEY, [{ to: B, value: 1n }]);
    const ours = await sendCalls([{ to: B, value: '0x4' }]);
    const unknown = { code: 5730, message: 'Unknown bundle id' };
    for (const id of ['', 'abc', `0x${'cd'.repeat(32)}`, others, `${ours},${others}`, `${ours},${ours}`, `${ours},`, 42])
      expect(await refusal(answerEvmRequest('wallet_getCallsStatus', [id], mine, network, env)), String(id)).toEqual(unknown);
    expect(await refusal(answerEvmRequest('wallet_getCallsStatus', [], mine, network, env))).toEqual(unknown);
  });
});

describe('wallet_getCapabilities (EIP-5792)', () => {
  it('names each synced eip155 chain (or those asked for) as without atomic batches; refuses another address', async () => {
    const none = { atomic: { status: 'unsupported' } };
    expect(await answerEvmRequest('wallet_getCapabilities', [mine], mine, network, env)).toEqual({ '0x7a69': none, '0x1': none });
    expect(await answerEvmRequest('wallet_getCapabilities', [mine, ['0x1', '0x2105']], mine, network, env)).toEqual({ '0x1': none });
    expect(await refusal(answerEvmRequest('wallet_getCapabilities', [B], mine, network, env))).toMatchObject({ code: 4100 });
    expect(await refusal(answerEvmRequest('wallet_getCapabilities', [], mine, network, env))).toMatchObject({ code: -32602 });
  });
});
