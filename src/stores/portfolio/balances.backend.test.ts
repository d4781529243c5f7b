/**
 * The Tokens tab's states against the real backend of server/ indexing Hardhat chain 31337 (and
 * not 31338, a second node): a failure clears itself once the 30 s block is over (fake timers
 * and the store clock stand in for the wait) and on a change of chain, 'Try again' fetches at
 * once, and the chain the API does not index is an empty state with the native balance.
 */
import { cleanStores } from 'nanostores';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../../server/src/index.js';
import { startChains, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { BALANCE_RETRY_BLOCK_MS } from '../../core/constants.js';
import { ACCOUNT } from '../../test-utils/blockchain-fixtures.js';
import { networks, type Network } from '../../wire/networks.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { $accountView } from '../views/account-view.js';
import { $balances, fetchBalances, resetBalances, retryBalances } from './balances.js';
import { setBlockchainApiDeps, setClock } from './blockchain.js';
import { $activeBalance, resetNativeBalances } from '../connection/native-balance.js';
import { $activeNamespace, setActiveNetwork } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $toast, hideToast } from '../ui/toast.js';

let chainA: HardhatNode;
let chainB: HardhatNode;
let stopChains: () => Promise<void>;
let server: RunningServer;
let localA: Network;
let localB: Network;
/** While true the API cannot be reached (a network error before the real backend is asked). */
let down = false;
let time = 1_000_000;

beforeAll(async () => {
  ({ chainA, chainB, stop: stopChains } = await startChains());
  server = await startServer({ port: 0, seed: { wallets: 5 }, relayPort: false, evmRpc: chainA.url });
  localA = { ...networks.localhost, rpcUrls: { default: { http: [chainA.url] } } };
  localB = { ...networks.localhost2, rpcUrls: { default: { http: [chainB.url] } } };
}, 90_000);
afterAll(async () => {
  await server?.close();
  await stopChains?.();
});

beforeEach(() => {
  down = false;
  time = 1_000_000;
  setClock(() => time);
  setBlockchainApiDeps({
    sleep: async () => {},
    fetch: (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
  });
  resetBalances();
  resetNativeBalances();
  hideToast();
  setOptions({ networks: [localA, localB], blockchainApiUrl: server.url, projectId: DEV_PROJECT_ID });
  $accounts.set({});
  $activeNamespace.set('eip155');
  setActiveNetwork(localA.caipNetworkId);
  patchAccount('eip155', { address: ACCOUNT, caipAddress: `eip155:31337:${ACCOUNT}`, status: 'connected' });
});
afterEach(() => {
  // Derived stores stay mounted a second after their last listener (nanostores): end that now.
  cleanStores($balances);
  vi.useRealTimers();
  setClock(undefined);
  setBlockchainApiDeps({});
  resetOptions();
  hideToast();
});

const symbols = () => $balances.get().tokens.map((t) => t.symbol);

describe('Tokens tab states on the real backend', () => {
  it('an error clears itself once the 30 s block is over, while the tab is shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    down = true;
    const stop = $balances.listen(() => undefined); // listening loads
    try {
      await fetchBalances();
      expect($balances.get().status).toBe('error');
      expect($toast.get().message).toEqual({ code: 'TOKEN_BALANCE_UNAVAILABLE' });
      down = false;
      time += BALANCE_RETRY_BLOCK_MS - 1;
      await vi.advanceTimersByTimeAsync(BALANCE_RETRY_BLOCK_MS - 1);
      expect($balances.get().status).toBe('error');
      time += 1;
      await vi.advanceTimersByTimeAsync(1);
      // The store fetched again by itself: nothing here asked it to.
      expect($balances.get().status).toBe('loading');
      await vi.waitFor(() => expect($balances.get().status).toBe('ready'), { timeout: 10_000 });
      expect(symbols()).toContain('ETH');
    } finally {
      stop();
    }
  });

  it("a change of chain refetches, the chain the API does not index is an empty state with the chain's native balance", async () => {
    down = true;
    // The Account view is shown: its model and the balances it reads, loading per chain.
    const stops = [$accountView.listen(() => undefined), $balances.listen(() => undefined)];
    const stop = () => stops.forEach((off) => off());
    try {
      await vi.waitFor(() => expect($balances.get().status).toBe('error'), { timeout: 10_000 });
      down = false;
      hideToast();

      setActiveNetwork(localB.caipNetworkId);
      await vi.waitFor(
        () => expect($balances.get()).toMatchObject({ status: 'unsupported', key: `eip155:31338|${ACCOUNT.toLowerCase()}` }),
        {
          timeout: 10_000,
        },
      );
      expect($toast.get().open).toBe(false); // not an error
      await vi.waitFor(() => expect($activeBalance.get()).toEqual({ status: 'ready', value: '10000', symbol: 'ETH' }), { timeout: 10_000 });

      // Back on 31337 within its 30 s block: a fresh attempt, no stale error.
      setActiveNetwork(localA.caipNetworkId);
      await vi.waitFor(() => expect($balances.get().status).toBe('ready'), { timeout: 10_000 });
      expect(symbols()).toContain('ETH');
    } finally {
      stop();
    }
  });

  it("'Try again' fetches at once, inside the 30 s block", async () => {
    down = true;
    await fetchBalances();
    expect($balances.get().status).toBe('error');
    down = false;
    await fetchBalances({ force: true }); // blocked: still the error
    expect($balances.get().status).toBe('error');
    await retryBalances();
    expect($balances.get().status).toBe('ready');
  });
});
