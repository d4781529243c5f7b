/**
 * The Bitcoin adapter with a real Wallet Standard Bitcoin wallet (test/fixtures/bitcoin-wallet.ts,
 * signing for real) through discovery and the wrapper, and the real local regtest chain
 * (`w3kit-server btc`, server/src/chains/bip122/devchain) for balances and statuses.
 */
import { getWallets } from '@wallet-standard/app';
import { Verifier } from 'bip322-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Transaction, p2wpkh } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { DEV_BITCOIN_KEY, REGTEST } from '../../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../../server/src/chains/bip122/devchain/server.js';
import { createBitcoinTestWallet } from '../../../test/fixtures/bitcoin-wallet.js';
import { applyAccounts } from '../../stores/connection/chain-state.js';
import { getAccountState } from '../../stores/connection/account.js';
import { resetOptions, setOptions } from '../../stores/app/options.js';
import { $activeNetworkIds } from '../../stores/network/networks.js';
import { networks, type Network } from '../../wire/networks.js';
import { loadChainRules } from '../registry.js';
import type { AdapterWallet } from '../types.js';
import { bip122Adapter } from './adapter.js';
import { watchBitcoinWallets } from './discovery.js';
import type { BitcoinProvider } from './provider.js';
import { wrapBitcoinWallet } from './wallet-standard.js';

const win = new EventTarget() as EventTarget & Record<string, unknown>;
let btc: RunningBtcDevChain;
let regtest: Network;

beforeAll(async () => {
  vi.stubGlobal('window', win);
  btc = await startBtcDevChain({ port: 0, onError: () => undefined });
  regtest = { ...networks.bitcoinRegtest, rpcUrls: { default: { http: [btc.url] } } };
});
afterAll(async () => {
  await btc?.close();
  vi.unstubAllGlobals();
});

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
let keyByte = 0x20;
const fresh = (options: Parameters<typeof createBitcoinTestWallet>[0] = {}) =>
  createBitcoinTestWallet({ storageKey: false, privateKey: (keyByte++).toString(16).padStart(2, '0').repeat(32), ...options });

describe('Bitcoin discovery', () => {
  it('lists a Wallet Standard wallet with bitcoin:connect, once per name, and drops it on unregister', async () => {
    const lists: AdapterWallet<BitcoinProvider>[][] = [];
    const stop = watchBitcoinWallets(
      (l) => lists.push(l),
      () => undefined,
    );
    const a = fresh({ name: 'Both Wallet' });
    const twin = fresh({ name: 'both wallet' });
    const { register } = getWallets();
    const offA = register(a.wallet);
    const offTwin = register(twin.wallet);
    // A wallet of another chain only (no bitcoin:connect) is not a Bitcoin wallet.
    const offOther = register({
      ...a.wallet,
      name: 'EVM Only',
      features: { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } },
    } as never);
    await tick();
    expect(lists.at(-1)?.map((w) => [w.id, w.name, w.type])).toEqual([['wallet-standard:both wallet', 'Both Wallet', 'ANNOUNCED']]);
    expect(lists.at(-1)?.[0]?.icon).toMatch(/^data:image\/svg\+xml/);
    offA();
    await tick();
    expect(lists.at(-1)?.map((w) => w.name)).toEqual(['both wallet']);
    offTwin();
    offOther();
    stop();
  });
});

describe('Bitcoin adapter', () => {
  it('connects with the payment address first (P2WPKH) and the ordinals one after, of the network only', async () => {
    const test = fresh();
    const provider = wrapBitcoinWallet(test.wallet, test.wallet.name);
    const session = await bip122Adapter.connect(provider, regtest);
    expect(session).toEqual({ accounts: [test.address, test.ordinalsAddress], chainId: undefined });
    expect(test.requests).toEqual(['bitcoin:connect']);
    // A reload: the authorised accounts, without a prompt.
    expect(await bip122Adapter.restore(provider, regtest)).toEqual(session);
    expect(test.requests).toEqual(['bitcoin:connect']);
    // Mainnet addresses are no accounts on regtest.
    const mainnet = fresh({ network: 'mainnet' });
    await expect(bip122Adapter.connect(wrapBitcoinWallet(mainnet.wallet, 'm'), regtest)).rejects.toThrow(/no payment address/);
  });

  it("puts the accounts in the store as type 'payment' (spec 3 and 9), the payment address active", async () => {
    const test = fresh();
    await loadChainRules('bip122'); // as loadAdapter does before any account reaches the stores
    setOptions({ networks: [regtest] });
    $activeNetworkIds.setKey('bip122', regtest.caipNetworkId);
    applyAccounts('bip122', [test.address, test.ordinalsAddress]);
    const state = getAccountState('bip122');
    expect(state.address).toBe(test.address);
    expect(state.caipAddress).toBe(`${regtest.caipNetworkId}:${test.address}`);
    expect(state.allAccounts).toEqual([
      { namespace: 'bip122', address: test.address, type: 'payment' },
      { namespace: 'bip122', address: test.ordinalsAddress, type: 'payment' },
    ]);
    resetOptions();
  });

  it('a refusal is typed (4001: connection rejected, signature declined); a malformed reply is named', async () => {
    const test = fresh();
    const provider = wrapBitcoinWallet(test.wallet, test.wallet.name);
    test.setMode('reject');
    await expect(bip122Adapter.connect(provider, regtest)).rejects.toMatchObject({ code: 4001 });
    test.setMode('approve');
    await bip122Adapter.connect(provider, regtest);
    test.setMode('reject');
    await expect(bip122Adapter.signMessage(provider, test.address, 'hi', regtest)).rejects.toThrow('Signature declined');
    test.setMode('garbage');
    await expect(bip122Adapter.signMessage(provider, test.address, 'hi', regtest)).rejects.toThrow(/malformed reply/);
    await expect(bip122Adapter.connect(provider, regtest)).rejects.toThrow(/malformed reply/);
  });

  it("signMessage gives the wallet's BIP-322 simple signature as base64, which bip322-js verifies", async () => {
    const test = fresh();
    const provider = wrapBitcoinWallet(test.wallet, test.wallet.name);
    await bip122Adapter.connect(provider, regtest);
    const signature = await bip122Adapter.signMessage(provider, test.address, 'Sign in to w3kit', regtest);
    expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Verifier.verifySignature(test.address, 'Sign in to w3kit', signature)).toBe(true);
    const ordinals = await bip122Adapter.signMessage(provider, test.ordinalsAddress, 'Sign in to w3kit', regtest);
    expect(Verifier.verifySignature(test.ordinalsAddress, 'Sign in to w3kit', ordinals)).toBe(true);
  });

  it('follows the wallet: a revoke is an empty account list; disconnect tells the wallet', async () => {
    const test = fresh();
    const provider = wrapBitcoinWallet(test.wallet, test.wallet.name);
    await bip122Adapter.connect(provider, regtest);
    const seen: string[][] = [];
    const stop = bip122Adapter.watchEvents(provider, {
      accountsChanged: (a) => seen.push(a),
      chainChanged: () => undefined,
      disconnect: () => undefined,
    });
    test.revoke();
    expect(seen).toEqual([[]]);
    await bip122Adapter.connect(provider, regtest);
    expect(seen.at(-1)).toEqual([test.address, test.ordinalsAddress]);
    await bip122Adapter.disconnect(provider);
    expect(test.wallet.accounts).toEqual([]);
    stop();
  });

  it('reads BTC balances from the Esplora API of the real local chain and follows a transaction to its block', async () => {
    expect(await bip122Adapter.readNativeBalance(regtest, DEV_BITCOIN_KEY.address)).toBe('10');
    // The dev account pays 0.25 BTC to a fresh wallet (signed here with its key, broadcast with POST /tx).
    const receiver = fresh();
    const [utxo] = (await (await fetch(`${btc.url}/address/${DEV_BITCOIN_KEY.address}/utxo`)).json()) as {
      txid: string;
      vout: number;
      value: number;
    }[];
    const tx = new Transaction();
    const script = p2wpkh(pubECDSA(DEV_BITCOIN_KEY.privateKey), REGTEST).script;
    tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script, amount: BigInt(utxo!.value) } });
    tx.addOutputAddress(receiver.address, 25_000_000n, REGTEST);
    tx.addOutputAddress(DEV_BITCOIN_KEY.address, BigInt(utxo!.value) - 25_000_000n - 1_000n, REGTEST);
    tx.sign(DEV_BITCOIN_KEY.privateKey);
    tx.finalize();
    const sent = await fetch(`${btc.url}/tx`, { method: 'POST', body: tx.hex });
    expect(sent.status).toBe(200);
    expect(await bip122Adapter.waitForTransaction(regtest, tx.id, 10_000)).toBe('success');
    expect(await bip122Adapter.readNativeBalance(regtest, receiver.address)).toBe('0.25');
    expect(await bip122Adapter.readNativeBalance(regtest, DEV_BITCOIN_KEY.address)).toBe('9.74999');
    expect(await bip122Adapter.readNativeBalance(regtest, fresh().address)).toBe('0');
    await expect(bip122Adapter.readNativeBalance(regtest, 'not an address')).rejects.toThrow('Invalid input');
    const down: Network = { ...regtest, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } };
    await expect(bip122Adapter.readNativeBalance(down, fresh().address)).rejects.toThrow('HTTP request failed');
    expect(await bip122Adapter.waitForTransaction(regtest, 'ab'.repeat(32), 300)).toBe('unknown');
  });
});
