/**
 * Bitcoin sends through the stores and the adapter (issue 33 section 2), with the real Wallet
 * Standard Bitcoin test wallet (test/fixtures/bitcoin-wallet.ts, signing the PSBT for real) and
 * the real local regtest chain (server/src/chains/bip122/devchain, over real HTTP): WalletSend's
 * Review step estimates the fee at the chosen speed, the send is signed, broadcast and followed
 * to its block in the toast, the receiver gains exactly the amount; the instance API's
 * sendTransaction takes sats or a BTC decimal string; each refusal a person can meet is said in
 * its own words, and nothing is lost.
 */
import { loadChainRules } from '../../registry.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../../server/src/chains/bip122/devchain/server.js';
import { balance } from '../../../../server/test/btc-wallet.js';
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../../../test/fixtures/bitcoin-wallet.js';
import { errorMessage } from '../../../elements/l10n/errors.js';
import { resetOptions, setOptions } from '../../../stores/app/options.js';
import { $accounts, patchAccount } from '../../../stores/connection/account.js';
import { sendTransaction } from '../../../stores/connection/requests.js';
import { setLiveSession } from '../../../stores/connection/session-state.js';
import { $activeNamespace, $activeNetworkIds } from '../../../stores/network/networks.js';
import { $transactions } from '../../../stores/portfolio/transactions.js';
import {
  $send,
  resetSend,
  reviewSend,
  setFeeSpeed,
  setReceiver,
  setSendAmount,
  setSendToken,
  submitSend,
} from '../../../stores/send/send.js';
import { $toast, hideToast } from '../../../stores/ui/toast.js';
import { networks, type Network } from '../../../wire/networks.js';
import { bip122Adapter } from '../adapter.js';
import type { BitcoinProvider } from '../provider.js';
import { wrapBitcoinWallet } from '../wallet-standard.js';
import { BITCOIN_SEND_CODES, BitcoinSendError } from './errors.js';
import { bitcoinSendText } from './texts.js';

let btc: RunningBtcDevChain;
let regtest: Network;
let sender: BitcoinTestWallet;
let provider: BitcoinProvider;
const receiver = createBitcoinTestWallet({ storageKey: false, privateKey: '5c'.repeat(32) });
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8, balance: '1', price: 0, iconUrl: undefined };

const sats = async (address: string) => {
  const b = await balance(btc.url, address);
  return BigInt(b.confirmed + b.unconfirmed);
};

function connect(network: Network): void {
  setOptions({ networks: [network] });
  $activeNamespace.set('bip122');
  $activeNetworkIds.set({ bip122: network.caipNetworkId });
  patchAccount('bip122', { address: sender.address, caipAddress: `${network.caipNetworkId}:${sender.address}`, status: 'connected' });
  setLiveSession('bip122', {
    namespace: 'bip122',
    connectorId: 'wallet-standard:bitcoin test wallet',
    provider,
    adapter: bip122Adapter,
    stopEvents: () => undefined,
  });
}

/** Fills WalletSend and opens the Review step; resolves with the fee it settled on. */
async function review(amount: string, to: string) {
  resetSend();
  setSendToken(BTC);
  setSendAmount(amount);
  setReceiver(to);
  expect(await reviewSend()).toBe(undefined);
  await vi.waitFor(() => expect($send.get().fee.status).not.toBe('loading'), { timeout: 10_000 });
  return $send.get().fee;
}

const refusal = (fee: ReturnType<typeof $send.get>['fee']) => (fee.status === 'error' ? (fee.error as BitcoinSendError) : undefined);

beforeAll(async () => {
  // A namespace's rules load when it is configured (registry.ts); the stores here are set by hand.
  await loadChainRules('bip122');
  sender = createBitcoinTestWallet({ storageKey: false, privateKey: '5b'.repeat(32) });
  btc = await startBtcDevChain({ port: 0, fund: [{ address: sender.address, sats: 100_000_000n }], onError: () => undefined });
  regtest = { ...networks.bitcoinRegtest, rpcUrls: { default: { http: [btc.url] } } };
  provider = wrapBitcoinWallet(sender.wallet, sender.wallet.name);
  await provider.connect({ silent: false });
});
afterAll(async () => {
  setLiveSession('bip122', undefined);
  $accounts.set({});
  resetOptions();
  await btc?.close();
});
beforeEach(() => {
  hideToast();
  sender.setMode('approve');
  connect(regtest);
});

describe('WalletSend on Bitcoin', () => {
  it('estimates the fee at the chosen speed, sends, and follows the transaction to its block in the toast', async () => {
    const normal = await review('0.1', receiver.address);
    expect(normal.status).toBe('ready');
    setFeeSpeed('fast');
    await vi.waitFor(() => expect($send.get().fee.status).toBe('ready'), { timeout: 10_000 });
    const fast = $send.get().fee as { wei: bigint };
    // The chain's estimates: 3 sat/vB for 3 blocks, 5 for the next one; one P2WPKH input, two outputs (141 vB).
    expect((normal as { wei: bigint }).wei).toBe(141n * 3n);
    expect(fast.wei).toBe(141n * 5n);

    const before = await sats(sender.address);
    const hash = await submitSend();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sender.requests.at(-1)).toBe('bitcoin:signTransaction');
    expect($toast.get()).toMatchObject({ message: { code: 'TRANSACTION_SENT' }, variant: 'loading' });
    await vi.waitFor(() => expect($toast.get()).toMatchObject({ message: { code: 'TRANSACTION_CONFIRMED' }, variant: 'success' }), {
      timeout: 15_000,
    });
    expect($transactions.get()[hash]).toBe('confirmed');
    expect(await sats(receiver.address)).toBe(10_000_000n);
    // The sender paid the amount and the fast fee, nothing more.
    expect(before - (await sats(sender.address))).toBe(10_000_000n + fast.wei);
  });

  it("says each refusal at the Review step in words, and the wallet's refusal on Send; nothing is sent", async () => {
    const before = await sats(sender.address);
    const wrongNet = refusal(await review('0.01', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'));
    expect(wrongNet?.code).toBe('ADDRESS_WRONG_NETWORK');
    expect(errorMessage(wrongNet)).toBe('This address is for Bitcoin mainnet, not for this network');
    const dust = refusal(await review('0.00000100', receiver.address));
    expect(dust?.code).toBe('AMOUNT_DUST');
    expect(errorMessage(dust)).toBe('The amount is too small to send to this address: at least 0.00000294 BTC');
    const short = refusal(await review('0.95', receiver.address));
    expect(short?.code).toBe('INSUFFICIENT_FUNDS');
    expect(errorMessage(short)).toMatch(
      /^Insufficient funds: the amount and its fee need 0\.95\d+ BTC, the account can spend 0\.8\d+ BTC$/,
    );

    expect((await review('0.01', receiver.address)).status).toBe('ready');
    sender.setMode('reject');
    await expect(submitSend()).rejects.toThrow('Signature declined');
    expect($send.get().error).toMatchObject({ code: 'SEND_FAILED' });
    expect(errorMessage(($send.get().error as { error: unknown }).error)).toBe('Signature declined');

    const down = { ...regtest, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } };
    connect(down);
    const unreachable = refusal(await review('0.01', receiver.address));
    expect(errorMessage(unreachable)).toBe('The Bitcoin network could not be reached; nothing was sent. Try again later');
    expect(await sats(sender.address)).toBe(before);
  });
});

describe("The instance API's sendTransaction on Bitcoin", () => {
  it('takes sats as a bigint or BTC as a decimal string, at a fee speed', async () => {
    const start = await sats(receiver.address);
    const a = await sendTransaction({ to: receiver.address, value: 1_000_000n }, 'bip122', { feeSpeed: 'slow' });
    const b = await sendTransaction({ to: receiver.address, value: '0.02' }, 'bip122');
    expect(await bip122Adapter.waitForTransaction(regtest, a, 10_000)).toBe('success');
    expect(await bip122Adapter.waitForTransaction(regtest, b, 10_000)).toBe('success');
    expect((await sats(receiver.address)) - start).toBe(3_000_000n);
    await expect(sendTransaction({ to: receiver.address, value: '0.000000001' }, 'bip122')).rejects.toMatchObject({
      code: 'AMOUNT_TOO_PRECISE',
    });
    await expect(sendTransaction({ to: 'bcrt1qnotanaddress', value: 1000n }, 'bip122')).rejects.toMatchObject({ code: 'ADDRESS_INVALID' });
    sender.setMode('garbage');
    await expect(sendTransaction({ to: receiver.address, value: 10_000n }, 'bip122')).rejects.toThrow(/malformed/);
  });

  it('has a sentence of its own for every refusal a person can meet', () => {
    const said = BITCOIN_SEND_CODES.map((code) =>
      bitcoinSendText(code, { dustLimit: 294n, needed: 2n, available: 1n, addressNetwork: 'testnet' }),
    );
    const silent = BITCOIN_SEND_CODES.filter((_, i) => said[i] === undefined);
    expect(silent).toEqual(['TX_ALREADY_KNOWN', 'FOLLOW_TIMEOUT', 'FOLLOW_CANCELLED']);
    // Codes that share a sentence are the same refusal to a person (not a number; not signed).
    expect(new Set(said.filter(Boolean)).size).toBe(said.filter(Boolean).length - 2);
  });
});
