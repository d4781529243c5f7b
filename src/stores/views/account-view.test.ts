import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networks } from '../../wire/networks.js';
import { connectWithApi, switchToMainnet } from '../../test-utils/blockchain-setup.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { startLoopback, type LoopbackServer } from '../../test-utils/loopback-server.js';
import { $accounts, EMPTY_ACCOUNT } from '../connection/account.js';
import { $activeNamespace, $activeNetworkIds } from '../network/networks.js';
import { $accountTabList, $accountTarget, $accountView, disconnectAndClose, selectAccountTab } from './account-view.js';
import { $balances, refreshNativeBalance, resetBalances } from '../portfolio/balances.js';
import { $activity, resetActivity } from '../portfolio/activity.js';
import { setBlockchainApiDeps } from '../portfolio/blockchain.js';
import { disconnect } from '../connection/disconnect.js';
import { resetIdentities } from '../portfolio/identity.js';
import { $modal, openModalOn } from '../ui/modal.js';
import { $nfts, resetNfts } from '../portfolio/nfts.js';
import { resetOptions, setOptions } from '../app/options.js';

// The chain read itself is counted, not made (its RPC is the test's business elsewhere).
vi.mock('../portfolio/balances.js', async (original) => ({
  ...(await original<typeof import('../portfolio/balances.js')>()),
  refreshNativeBalance: vi.fn(async () => {}),
}));
vi.mock('../connection/disconnect.js', () => ({ disconnect: vi.fn(async () => {}) }));

const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let server: LoopbackServer;

/** The Blockchain API requests the stores made, by kind (the backend never answers: each stays loading). */
const calls = () => {
  const paths = server.requests.map((r) => r.path);
  const count = (tail: string) => paths.filter((p) => p.endsWith(tail)).length;
  return {
    native: vi.mocked(refreshNativeBalance).mock.calls.length,
    balances: count('/balance'),
    identity: paths.filter((p) => p.startsWith('/v1/identity/')).length,
    nfts: count('/nfts'),
    activity: count('/history'),
  };
};
/** Resolves once the stores' requests reach `expected` (each reaches the backend in its own time: on a busy machine, late). */
const reached = (expected: Partial<ReturnType<typeof calls>>) =>
  vi.waitFor(() => expect(calls()).toMatchObject(expected), { timeout: 5000, interval: 10 });
/** For a check that nothing more is asked (there is no event to wait for): a request made would have arrived by then. */
const quiet = () => new Promise((r) => setTimeout(r, 150));
/** Past nanostores' unmount delay of a derived store (1 s) once nothing listens to it. */
const unmounted = () => new Promise((r) => setTimeout(r, 1100));

let stops: (() => void)[] = [];
/** Listens as the Account view does: its model, the token balances and the open tab's list. */
function show(): void {
  stops.push(
    $accountView.listen(() => undefined),
    $balances.listen(() => undefined),
    $accountTabList.listen(() => undefined),
  );
}
function hide(): void {
  for (const stop of stops) stop();
  stops = [];
}

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.clearAllMocks();
  server = await startLoopback(() => 'hang');
  setBlockchainApiDeps({ timeoutMs: 60_000, sleep: async () => {} });
  connectWithApi(server.url);
});
afterEach(async () => {
  hide();
  // Derived stores stay mounted a second after their last listener (nanostores): end that now.
  cleanStores($balances, $nfts, $activity);
  resetBalances();
  resetNfts();
  resetActivity();
  resetIdentities();
  resetOptions();
  setBlockchainApiDeps({});
  vi.unstubAllGlobals();
  await server.close();
});

describe('$accountView', () => {
  it('loads nothing until the view listens', async () => {
    await quiet();
    expect(calls()).toEqual({ native: 0, balances: 0, identity: 0, nfts: 0, activity: 0 });
  });

  it('on showing: native balance, token balances, identity and the Tokens tab', async () => {
    show();
    await reached({ native: 1, balances: 1, identity: 1 });
    expect(calls()).toEqual({ native: 1, balances: 1, identity: 1, nfts: 0, activity: 0 });
    expect($accountView.get()).toEqual({ tab: 'tokens', withApi: true, tokensFromChain: false });
  });

  it('without a Blockchain API: the native balance only, and withApi false', async () => {
    setOptions({ networks: [networks.localhost, networks.mainnet] });
    show();
    await reached({ native: 1 });
    await quiet();
    expect(calls()).toEqual({ native: 1, balances: 0, identity: 0, nfts: 0, activity: 0 });
    expect($accountView.get().withApi).toBe(false);
  });

  it('without a Blockchain API on Solana: the tokens come from the chain (tokensFromChain), nothing else is fetched', async () => {
    setOptions({ networks: [networks.solanaLocal] });
    $activeNamespace.set('solana');
    $activeNetworkIds.setKey('solana', networks.solanaLocal.caipNetworkId);
    $accounts.setKey('solana', {
      ...EMPTY_ACCOUNT,
      address: 'AuFc4jCgkVVxRxwsk1ayGpwacxn3gEHAQRsG7ufP5FyV',
      caipAddress: `${networks.solanaLocal.caipNetworkId}:AuFc4jCgkVVxRxwsk1ayGpwacxn3gEHAQRsG7ufP5FyV`,
      status: 'connected',
    });
    show();
    expect($accountView.get()).toMatchObject({ withApi: false, tokensFromChain: true });
    expect($balances.get()).toMatchObject({
      status: 'loading',
      key: `${networks.solanaLocal.caipNetworkId}|aufc4jcgkvvxrxwsk1aygpwacxn3gehaqrsg7ufp5fyv`,
    });
    await reached({ native: 1 });
    await quiet();
    expect(calls()).toEqual({ native: 1, balances: 0, identity: 0, nfts: 0, activity: 0 });
  });

  it('loads again when the network or the account changes, not on other changes', async () => {
    show();
    await reached({ native: 1, balances: 1, identity: 1 });
    vi.clearAllMocks();
    $accounts.set({ ...$accounts.get() });
    expect(calls().native).toBe(0);
    switchToMainnet();
    await reached({ native: 1, balances: 2 });
    expect(calls().identity).toBe(1); // the identity is the address's, on any chain
    $accounts.setKey('eip155', { ...$accounts.get().eip155!, address: OTHER, caipAddress: `eip155:1:${OTHER}` });
    await reached({ native: 2, balances: 3, identity: 2 });
  });

  it('loads nothing when the account disconnects', async () => {
    show();
    await reached({ native: 1, balances: 1, identity: 1 });
    const before = calls();
    vi.clearAllMocks();
    $accounts.set({});
    expect($accountTarget.get()).toBeUndefined();
    expect($balances.get().status).toBe('idle');
    await quiet();
    expect(calls()).toEqual({ ...before, native: 0 });
  });

  it('stops following changes once the view is gone, and loads again when shown again', async () => {
    show();
    hide();
    await reached({ balances: 1 });
    await unmounted();
    vi.clearAllMocks();
    switchToMainnet();
    await quiet();
    expect(calls()).toMatchObject({ native: 0, balances: 1 });
    show();
    await reached({ native: 1, balances: 2 });
  });

  it("a tab's list loads while its tab shows; showing the view again starts on Tokens", async () => {
    show();
    selectAccountTab('nfts');
    expect($accountView.get().tab).toBe('nfts');
    expect($accountTabList.get().nfts).toMatchObject({ status: 'loading' });
    selectAccountTab('activity');
    expect($accountTabList.get()).toEqual({ activity: expect.objectContaining({ status: 'loading' }) });
    await reached({ nfts: 1, activity: 1 });
    await unmounted();
    switchToMainnet();
    await reached({ activity: 2 });
    await quiet();
    expect(calls().nfts).toBe(1); // its tab is not shown
    hide();
    show();
    expect($accountView.get().tab).toBe('tokens');
  });
});

describe('disconnectAndClose', () => {
  it('disconnects, then closes the modal', async () => {
    openModalOn('Account');
    await disconnectAndClose();
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect($modal.get().open).toBe(false);
  });

  it('closes the modal when disconnecting fails, and still rejects', async () => {
    vi.mocked(disconnect).mockRejectedValueOnce(new Error('boom'));
    openModalOn('Account');
    await expect(disconnectAndClose()).rejects.toThrow('boom');
    expect($modal.get().open).toBe(false);
  });
});
