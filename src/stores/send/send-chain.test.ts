/**
 * WalletSend against a real Hardhat node: the Review step's network fee estimate, and what
 * becomes of a sent transaction (pending, then confirmed or failed) in the toast.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { deployDemoContracts } from '../../../scripts/lib/contracts.mjs';
import { networks, type Network } from '../../wire/networks.js';
import { ACCOUNT, RECEIVER } from '../../test-utils/blockchain-fixtures.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { $activeNamespace, $activeNetworkIds } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $send, buildTransfer, resetSend, reviewSend, setReceiver, setSendAmount, setSendToken, type SendToken } from './send.js';
import { $toast, hideToast } from '../ui/toast.js';
import { $transactions, trackTransaction } from '../portfolio/transactions.js';
import { transferTransaction } from '../../chains/eip155/adapter.js';

/** The eip155 transaction a WalletSend transfer becomes. */
const sendTx = (...args: Parameters<typeof buildTransfer>) => transferTransaction(buildTransfer(...args));

let node: HardhatNode;
let local: Network;
let dusd: `0x${string}`;

async function rpc<T = string>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: unknown };
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result as T;
}

beforeAll(async () => {
  node = await startHardhat({ chainId: 31337 });
  local = { ...networks.localhost, rpcUrls: { default: { http: [node.url] } } };
  dusd = (await deployDemoContracts(node.url)).dusd as `0x${string}`;
}, 120_000);

afterAll(async () => {
  resetOptions();
  await node?.stop();
}, 30_000);

beforeEach(async () => {
  await rpc('evm_setAutomine', [true]);
  hideToast();
  resetSend();
  setOptions({ networks: [local] });
  $accounts.set({});
  $activeNamespace.set('eip155');
  $activeNetworkIds.set({ eip155: 'eip155:31337' });
  patchAccount('eip155', {
    address: ACCOUNT,
    caipAddress: `eip155:31337:${ACCOUNT}`,
    status: 'connected',
    balance: '10000',
    balanceSymbol: 'ETH',
  });
});

/** The calldata the previewed token transfer sends. */
const $sendData = () => {
  const { token, receiver, amount } = $send.get();
  return sendTx(token!, receiver, amount).data;
};

const chainGas = async (tx: object) => ({ gas: BigInt(await rpc('eth_estimateGas', [tx])), gasPrice: BigInt(await rpc('eth_gasPrice')) });

/** The fee is the chain's gas estimate times its gas price (which Hardhat moves a little as its pending block ages). */
function expectFee({ gas, gasPrice }: { gas: bigint; gasPrice: bigint }, atLeast: bigint): void {
  const fee = $send.get().fee as { status: string; wei: bigint };
  expect(fee.status).toBe('ready');
  expect(gas >= atLeast).toBe(true);
  expect(fee.wei % gas).toBe(0n);
  const price = fee.wei / gas;
  expect(price > (gasPrice * 99n) / 100n && price < (gasPrice * 101n) / 100n).toBe(true);
}

const eth: SendToken = { name: 'Ether', symbol: 'ETH', decimals: 18, balance: '10000', price: 0, iconUrl: undefined };

describe('the Review step estimates the network fee on the chain', () => {
  it('native: the gas of a plain transfer times the gas price', async () => {
    setSendToken(eth);
    setSendAmount('0.5');
    setReceiver(RECEIVER);
    expect(await reviewSend()).toBeUndefined();
    expect($send.get().fee.status).toBe('loading');
    await vi.waitFor(() => expect($send.get().fee.status).toBe('ready'), { timeout: 10_000 });
    expectFee(await chainGas({ from: ACCOUNT, to: RECEIVER, value: '0x6f05b59d3b20000' }), 21_000n);
  });

  it('ERC-20: the gas of transfer(to, amount) on the token times the gas price', async () => {
    setSendToken({ ...eth, name: 'Demo Dollar', symbol: 'DUSD', decimals: 6, contract: dusd, balance: '1000' });
    setSendAmount('12.5');
    setReceiver(RECEIVER);
    expect(await reviewSend()).toBeUndefined();
    await vi.waitFor(() => expect($send.get().fee.status).toBe('ready'), { timeout: 10_000 });
    // An ERC-20 transfer costs more than a plain one.
    expectFee(await chainGas({ from: ACCOUNT, to: dusd, data: $sendData() }), 30_000n);
  });

  it('an unreachable chain gives no figure: the fee is an error, not zero', async () => {
    setOptions({ networks: [{ ...local, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }] });
    setSendToken(eth);
    setSendAmount('0.5');
    setReceiver(RECEIVER);
    expect(await reviewSend()).toBeUndefined();
    await vi.waitFor(() => expect($send.get().fee.status).toBe('error'), { timeout: 15_000 });
  });
});

describe('a sent transaction: pending, then confirmed or failed', () => {
  it('pending until mined, then confirmed; the toast offers the hash without an explorer', async () => {
    await rpc('evm_setAutomine', [false]);
    const hash = await rpc<`0x${string}`>('eth_sendTransaction', [{ from: ACCOUNT, to: RECEIVER, value: '0x1' }]);
    const done = trackTransaction(local, hash);
    expect($transactions.get()[hash]).toBe('pending');
    expect($toast.get()).toMatchObject({
      open: true,
      message: { code: 'TRANSACTION_SENT' },
      variant: 'loading',
      action: { label: 'COPY_HASH', copy: hash },
    });
    await new Promise((r) => setTimeout(r, 1200));
    expect($transactions.get()[hash]).toBe('pending');
    await rpc('evm_mine');
    expect(await done).toBe('confirmed');
    expect($transactions.get()[hash]).toBe('confirmed');
    await vi.waitFor(() =>
      expect($toast.get()).toMatchObject({ open: true, message: { code: 'TRANSACTION_CONFIRMED' }, variant: 'success' }),
    );
    expect($toast.get().action).toEqual({ label: 'COPY_HASH', copy: hash });
  });

  it('a reverting transaction is failed; with an explorer the toast links to it', async () => {
    const reverter = '0x00000000000000000000000000000000000000e1';
    await rpc('hardhat_setCode', [reverter, '0x60006000fd']); // PUSH1 0 PUSH1 0 REVERT
    await rpc('evm_setAutomine', [false]);
    const hash = await rpc<`0x${string}`>('eth_sendTransaction', [{ from: ACCOUNT, to: reverter, gas: '0x186a0', data: '0x01' }]);
    const withExplorer: Network = { ...local, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } } };
    const done = trackTransaction(withExplorer, hash);
    expect($toast.get().action).toEqual({ label: 'VIEW_ON_EXPLORER', explorer: 'Etherscan', href: `https://etherscan.io/tx/${hash}` });
    await rpc('evm_mine');
    expect(await done).toBe('failed');
    await vi.waitFor(() => expect($toast.get()).toMatchObject({ open: true, message: { code: 'TRANSACTION_FAILED' }, variant: 'error' }));
    expect($toast.get().action?.href).toBe(`https://etherscan.io/tx/${hash}`);
  });
});
