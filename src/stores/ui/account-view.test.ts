import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networks } from '../../wire/networks.js';
import { connectWithApi, switchToMainnet } from '../../test-utils/blockchain-setup.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $accounts, EMPTY_ACCOUNT } from '../connection/account.js';
import { $activeNamespace, $activeNetworkIds } from '../network/networks.js';
import { $accountTarget, $accountView, disconnectAndClose, selectAccountTab } from './account-view.js';
import { fetchActivity } from '../portfolio/activity.js';
import { fetchBalances, refreshNativeBalance } from '../portfolio/balances.js';
import { disconnect } from '../connection/disconnect.js';
import { loadAccountIdentity } from '../portfolio/identity.js';
import { $modal, openModalOn } from './modal.js';
import { fetchNfts } from '../portfolio/nfts.js';
import { resetOptions, setOptions } from '../app/options.js';

vi.mock('../portfolio/balances.js', () => ({ fetchBalances: vi.fn(async () => {}), refreshNativeBalance: vi.fn(async () => {}) }));
vi.mock('../portfolio/activity.js', () => ({ fetchActivity: vi.fn(async () => {}) }));
vi.mock('../portfolio/nfts.js', () => ({ fetchNfts: vi.fn(async () => {}) }));
vi.mock('../portfolio/identity.js', () => ({ loadAccountIdentity: vi.fn(async () => {}) }));
vi.mock('../connection/disconnect.js', () => ({ disconnect: vi.fn(async () => {}) }));

const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const calls = () => ({
  native: vi.mocked(refreshNativeBalance).mock.calls.length,
  balances: vi.mocked(fetchBalances).mock.calls.length,
  identity: vi.mocked(loadAccountIdentity).mock.calls.length,
  nfts: vi.mocked(fetchNfts).mock.calls.length,
  activity: vi.mocked(fetchActivity).mock.calls.length,
});

let stops: (() => void)[] = [];
/** Listens as the view does. */
function show(): void {
  stops.push($accountView.listen(() => undefined));
}
function hide(): void {
  for (const stop of stops) stop();
  stops = [];
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.clearAllMocks();
  connectWithApi('http://127.0.0.1:9');
});
afterEach(() => {
  hide();
  resetOptions();
  vi.unstubAllGlobals();
});

describe('$accountView', () => {
  it('loads nothing until the view listens', () => {
    expect(calls()).toEqual({ native: 0, balances: 0, identity: 0, nfts: 0, activity: 0 });
  });

  it('on showing: native balance, token balances, identity and the Tokens tab', () => {
    show();
    expect(calls()).toEqual({ native: 1, balances: 2, identity: 1, nfts: 0, activity: 0 });
    expect($accountView.get()).toEqual({ tab: 'tokens', withApi: true, tokensFromChain: false });
  });

  it('without a Blockchain API: the native balance only, and withApi false', () => {
    setOptions({ networks: [networks.localhost, networks.mainnet] });
    show();
    expect(calls()).toEqual({ native: 1, balances: 0, identity: 0, nfts: 0, activity: 0 });
    expect($accountView.get().withApi).toBe(false);
  });

  it('without a Blockchain API on Solana: the tokens come from the chain (tokensFromChain), nothing else is fetched', () => {
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
    expect(calls()).toEqual({ native: 1, balances: 1, identity: 0, nfts: 0, activity: 0 });
  });

  it('loads again when the network or the account changes, not on other changes', () => {
    show();
    vi.clearAllMocks();
    $accounts.set({ ...$accounts.get() });
    expect(calls().native).toBe(0);
    switchToMainnet();
    expect(calls()).toMatchObject({ native: 1, balances: 2, identity: 1 });
    $accounts.setKey('eip155', { ...$accounts.get().eip155!, address: OTHER, caipAddress: `eip155:1:${OTHER}` });
    expect(calls()).toMatchObject({ native: 2, balances: 4, identity: 2 });
  });

  it('loads nothing when the account disconnects', () => {
    show();
    vi.clearAllMocks();
    $accounts.set({});
    expect($accountTarget.get()).toBeUndefined();
    expect(calls()).toEqual({ native: 0, balances: 0, identity: 0, nfts: 0, activity: 0 });
  });

  it('stops following changes once the view is gone, and loads again when shown again', () => {
    show();
    hide();
    vi.clearAllMocks();
    switchToMainnet();
    expect(calls().native).toBe(0);
    show();
    expect(calls()).toMatchObject({ native: 1, identity: 1 });
  });

  it('a tab selection loads its list; showing the view again starts on Tokens', () => {
    show();
    selectAccountTab('nfts');
    expect($accountView.get().tab).toBe('nfts');
    expect(calls().nfts).toBe(1);
    selectAccountTab('activity');
    expect(calls().activity).toBe(1);
    switchToMainnet();
    expect(calls().activity).toBe(2);
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
