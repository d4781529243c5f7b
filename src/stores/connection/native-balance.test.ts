/**
 * The native balance per account and network against two real Hardhat nodes (31337 and 31338,
 * holding different amounts) and an RPC that answers nothing: a chain switch never shows
 * another chain's figure, and an unreadable chain is 'unavailable'.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChains, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { networks, type Network } from '../../wire/networks.js';
import { $accounts, getAccountState, patchAccount } from './account.js';
import { eip155Adapter } from '../../chains/eip155/adapter.js';
import { refreshBalance } from './requests.js';
import { refreshNativeBalance } from '../portfolio/balances.js';
import { setLiveSession } from './session-state.js';
import { $activeBalance, $nativeBalances, balanceKey, resetNativeBalances } from './native-balance.js';
import { $activeNamespace, $unknownNetwork, setActiveNetwork } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
let chainA: HardhatNode;
let chainB: HardhatNode;
let stop: () => Promise<void>;
let localA: Network;
let localB: Network;
const solana: Network = networks.solanaLocal;
const offline: Network = { ...networks.sepolia, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } };

/** Sets ACCOUNT's balance on a chain (wei, hex). */
const setBalance = (url: string, wei: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_setBalance', params: [ACCOUNT, wei] }),
  });

beforeAll(async () => {
  ({ chainA, chainB, stop } = await startChains());
  localA = { ...networks.localhost, rpcUrls: { default: { http: [chainA.url] } } };
  localB = { ...networks.localhost2, rpcUrls: { default: { http: [chainB.url] } } };
  // 1234 ETH on chain B, so a figure of the wrong chain cannot pass for the right one.
  await setBalance(chainB.url, '0x42e530adfce0080000');
}, 90_000);
afterAll(async () => {
  resetOptions();
  await stop?.();
});

beforeEach(() => {
  resetNativeBalances();
  setOptions({ networks: [localA, localB, offline, solana] });
  $accounts.set({});
  $activeNamespace.set('eip155');
  $unknownNetwork.set(undefined);
  setActiveNetwork(localA.caipNetworkId);
  patchAccount('eip155', { address: ACCOUNT, caipAddress: `eip155:31337:${ACCOUNT}`, status: 'connected' });
  // The balance is read through the namespace's adapter; no wallet request is made for it.
  setLiveSession('eip155', {
    namespace: 'eip155',
    connectorId: 'test',
    provider: {},
    adapter: eip155Adapter as never,
    stopEvents: () => undefined,
  });
});

describe('native balance per account and network', () => {
  it('a chain switch shows the new chain, never the old one, also when the old answer comes late', async () => {
    await refreshBalance();
    expect($activeBalance.get()).toEqual({ status: 'ready', value: '10000', symbol: 'ETH' });
    expect(getAccountState('eip155').balance).toBe('10000');

    // Switch while a read of 31337 is still under way: its answer lands under its own key only.
    resetNativeBalances();
    const late = refreshBalance();
    setActiveNetwork(localB.caipNetworkId);
    expect($activeBalance.get()).toEqual({ status: 'loading', value: undefined, symbol: 'ETH' });
    await late;
    // Kept under its own key (the store's cache, shown once back on 31337 below), never as 31338's
    // (which the store, listened, reads by itself meanwhile).
    expect($nativeBalances.get()[balanceKey('eip155:31337', ACCOUNT)]?.value).toBeUndefined();
    expect($activeBalance.get()?.value).not.toBe('10000');
    expect(getAccountState('eip155').balance).not.toBe('10000');

    await refreshBalance();
    expect($activeBalance.get()).toEqual({ status: 'ready', value: '1234', symbol: 'ETH' });
    expect(getAccountState('eip155').balance).toBe('1234');

    // Back on 31337 its own figure shows at once (kept under its key), not 31338's.
    setActiveNetwork(localA.caipNetworkId);
    expect($activeBalance.get()?.value).toBe('10000');
    expect(getAccountState('eip155').balance).toBe('10000');
  });

  it('a namespace made active shows the figure read before in its account state at once', async () => {
    // Active on Solana (no account here): an eip155 read lands under its key, not in the account state.
    setActiveNetwork(solana.caipNetworkId);
    await refreshBalance('eip155', { force: true });
    expect($nativeBalances.get()[balanceKey('eip155:31337', ACCOUNT)]?.value).toBe('10000');
    expect(getAccountState('eip155').balance).toBeUndefined();
    // Back on eip155: its figure, read before, is its account's balance now, with no new read.
    setActiveNetwork(localA.caipNetworkId);
    expect(getAccountState('eip155').balance).toBe('10000');
    expect(getAccountState('eip155').balanceSymbol).toBe('ETH');
  });

  it('a chain whose RPC cannot be reached is unavailable, not the previous chain figure', async () => {
    await refreshBalance();
    setActiveNetwork(offline.caipNetworkId);
    expect($activeBalance.get()?.value).toBeUndefined();
    await refreshBalance();
    expect($activeBalance.get()).toEqual({ status: 'unavailable', value: undefined, symbol: 'ETH' });
    expect(getAccountState('eip155').balance).toBeUndefined();
  });

  it('one guard for every read: within 30 s the figure read is served (a connect, the Account view), force asks the chain', async () => {
    await refreshBalance();
    expect($activeBalance.get()?.value).toBe('10000');
    await setBalance(chainA.url, '0x1b1ae4d6e2ef500000'); // 500 ETH
    try {
      await Promise.all([refreshBalance(), refreshBalance('eip155'), refreshNativeBalance()]);
      expect($activeBalance.get()?.value).toBe('10000');
      await refreshNativeBalance({ force: true });
      expect($activeBalance.get()).toEqual({ status: 'ready', value: '500', symbol: 'ETH' });
      expect(getAccountState('eip155').balance).toBe('500');
    } finally {
      await setBalance(chainA.url, '0x21e19e0c9bab2400000'); // 10000 ETH again
    }
  });

  it('a chain the app does not support is unavailable', async () => {
    await refreshBalance();
    $unknownNetwork.set({ namespace: 'eip155', chainId: '424242' });
    expect($activeBalance.get()).toEqual({ status: 'unavailable', value: undefined, symbol: '' });
  });
});
