import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalClosedError, UnknownViewError, W3ConfigError, W3Error } from './core/errors.js';
import { networks } from './wire/networks.js';
import { VIEWS, type ViewName } from './core/views.js';
import { getInstance, type PublicAccount } from './instance.js';
import { $accounts, getAccountState, patchAccount } from './stores/connection/account.js';
import { markSmartAccount } from './stores/connection/account-types.js';
import { $activeConnectorIds, $connections } from './stores/connection/connectors.js';
import { onDisconnect } from './stores/connection/disconnect.js';
import { $lastEvent, emitEvent, type W3Event } from './stores/app/events.js';
import { $modal, markViewShown, openModalOn, setCloseBlocked } from './stores/ui/modal.js';
import { $activeNamespace, $activeNetworkIds, $unknownNetwork, initNetworks } from './stores/network/networks.js';
import { resetOptions, setOptions } from './stores/app/options.js';
import { setWalletProvider } from './stores/connection/providers.js';
import { $router, registerViews, resetRouter } from './stores/ui/router.js';
import { $initialized, $publicState, type PublicState } from './stores/views/public-state.js';
import { $themeModeSetting, $themeVariables, setThemeMode } from './stores/ui/theme.js';
import { MemoryStorage } from './test-utils/storage.js';
import { solanaMainnet } from './test-utils/networks.js';
import { createMemorySiwx } from './test-utils/memory-siwx.js';
import { privateKeyToAccount } from 'viem/accounts';

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const solana = solanaMainnet;

const modal = getInstance();

// The elements layer registers the views it can show; every view but Swap is loaded here.
registerViews(VIEWS.filter((v) => v !== 'Swap'));

function connectEvm(): void {
  patchAccount('eip155', {
    address: EVM,
    caipAddress: `eip155:1:${EVM}`,
    status: 'connected',
    allAccounts: [{ namespace: 'eip155', address: EVM, type: 'eoa' }],
  });
}

/** Lets pending promise callbacks run. */
const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Tracks how a promise settled. */
function track<T>(promise: Promise<T>): { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } {
  const result: { state: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { state: 'pending' };
  promise.then(
    (value) => {
      result.state = 'resolved';
      result.value = value;
    },
    (error: unknown) => {
      result.state = 'rejected';
      result.error = error;
    },
  );
  return result;
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  $modal.set({ open: false, loading: {}, shake: false, closeBlocked: false, shownView: undefined });
  resetRouter();
  resetOptions();
  setOptions({ networks: [networks.mainnet, networks.polygon, solana] });
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  initNetworks();
  $accounts.set({});
  $activeConnectorIds.set({});
  $connections.set({});
  $initialized.set(false);
  $lastEvent.set(undefined);
  setThemeMode(undefined);
  $themeVariables.set({});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('getInstance', () => {
  it('returns one instance per page', () => {
    expect(getInstance()).toBe(modal);
  });
});

describe('open()', () => {
  it('rejects an unknown view with UnknownViewError and stays closed', async () => {
    await expect(modal.open({ view: 'Nope' as ViewName })).rejects.toBeInstanceOf(UnknownViewError);
    await expect(modal.open({ view: 'connect' as ViewName })).rejects.toThrow('Unknown view "connect"');
    expect($modal.get().open).toBe(false);
    expect($lastEvent.get()).toBeUndefined();
  });

  it('rejects a known view that no loaded element can show', async () => {
    await expect(modal.open({ view: 'Swap' })).rejects.toBeInstanceOf(UnknownViewError);
    expect($modal.get().open).toBe(false);
  });

  it('targets Connect when no address is connected', async () => {
    const result = track(modal.open());
    expect($modal.get().open).toBe(true);
    expect($router.get().view).toBe('Connect');
    markViewShown('Connect');
    await flush();
    expect(result.state).toBe('resolved');
  });

  it('targets Account when an address is connected', async () => {
    connectEvm();
    const result = track(modal.open());
    expect($router.get().view).toBe('Account');
    markViewShown('Account');
    await flush();
    expect(result.state).toBe('resolved');
  });

  it('opens the requested view', async () => {
    const result = track(modal.open({ view: 'Networks' }));
    expect($router.get()).toEqual({ view: 'Networks', history: ['Networks'], data: undefined });
    expect($lastEvent.get()?.type).toBe('MODAL_OPEN');
    markViewShown('Networks');
    await flush();
    expect(result.state).toBe('resolved');
  });

  it('resolves only when that view is shown while open', async () => {
    const result = track(modal.open({ view: 'AllWallets' }));
    await flush();
    expect(result.state).toBe('pending');
    markViewShown('Connect');
    await flush();
    expect(result.state).toBe('pending');
    markViewShown('AllWallets');
    await flush();
    expect(result.state).toBe('resolved');
    expect(result.value).toBeUndefined();
  });

  it("rejects with ModalClosedError ('Modal closed') when the modal closes first", async () => {
    const result = track(modal.open({ view: 'Networks' }));
    modal.close();
    await flush();
    expect(result.state).toBe('rejected');
    expect(result.error).toBeInstanceOf(ModalClosedError);
    expect((result.error as W3Error).shortMessage).toBe('Modal closed');
    markViewShown('Networks');
    await flush();
    expect(result.state).toBe('rejected');
  });

  it('does not settle after it resolved, even if the modal closes later', async () => {
    const promise = modal.open({ view: 'Connect' });
    markViewShown('Connect');
    await expect(promise).resolves.toBeUndefined();
    modal.close();
    await flush();
  });

  it('resolves at once when the view is already shown in the open modal', async () => {
    openModalOn('Account');
    markViewShown('Account');
    await expect(modal.open({ view: 'Account' })).resolves.toBeUndefined();
  });

  it('switches the active namespace when it has configured networks', async () => {
    const result = track(modal.open({ namespace: 'solana' }));
    expect($activeNamespace.get()).toBe('solana');
    markViewShown('Connect');
    await flush();
    expect(result.state).toBe('resolved');
  });

  it('ignores a namespace without configured networks', () => {
    void track(modal.open({ namespace: 'bip122' }));
    expect($activeNamespace.get()).toBe('eip155');
  });

  it('uses the address of the requested namespace to choose the view', () => {
    connectEvm();
    void track(modal.open({ namespace: 'solana' }));
    expect($router.get().view).toBe('Connect');
  });
});

describe('close()', () => {
  it('closes the modal', () => {
    openModalOn('Account');
    modal.close();
    expect($modal.get().open).toBe(false);
    expect($lastEvent.get()?.type).toBe('MODAL_CLOSE');
  });

  it('keeps a blocked modal open', () => {
    vi.useFakeTimers();
    openModalOn('Account');
    setCloseBlocked(true);
    modal.close();
    expect($modal.get().open).toBe(true);
    expect($modal.get().shake).toBe(true);
  });
});

describe('getState / subscribeState', () => {
  it('getState returns the public state', () => {
    $initialized.set(true);
    expect(modal.getState()).toEqual({
      open: false,
      view: 'Connect',
      loading: false,
      activeChain: 'eip155',
      selectedNetworkId: 'eip155:1',
      initialized: true,
    });
    expect(modal.getState()).toEqual($publicState.get());
  });

  it('calls back at once, on changes, and not after unsubscribing', () => {
    const seen: PublicState[] = [];
    const unsubscribe = modal.subscribeState((s) => seen.push(s));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.open).toBe(false);
    openModalOn('Networks');
    expect(seen.at(-1)).toMatchObject({ open: true, view: 'Networks' });
    const count = seen.length;
    unsubscribe();
    modal.close();
    expect(seen).toHaveLength(count);
  });
});

describe('getAccount / subscribeAccount', () => {
  it('returns address undefined when disconnected', () => {
    expect(modal.getAccount()).toEqual({
      address: undefined,
      caipAddress: undefined,
      status: 'disconnected',
      isConnected: false,
      allAccounts: [],
      type: undefined,
    });
    expect(modal.getAccount('solana').address).toBeUndefined();
  });

  it('hides the address until the account is connected', () => {
    patchAccount('eip155', { address: EVM, status: 'connecting' });
    expect(modal.getAccount()).toMatchObject({ address: undefined, status: 'connecting', isConnected: false });
  });

  it('returns the connected account of the active or given namespace', () => {
    connectEvm();
    expect(modal.getAccount()).toEqual({
      address: EVM,
      caipAddress: `eip155:1:${EVM}`,
      status: 'connected',
      isConnected: true,
      allAccounts: [{ namespace: 'eip155', address: EVM, type: 'eoa' }],
      type: 'eoa',
    });
    expect(modal.getAccount('eip155').address).toBe(EVM);
    expect(modal.getAccount('solana').isConnected).toBe(false);
  });

  it("reports the active account's type: a smart account once the embedded wallet says so", () => {
    connectEvm();
    markSmartAccount('eip155', EVM, true, true);
    expect(modal.getAccount()).toMatchObject({
      type: 'smartAccount',
      allAccounts: [{ namespace: 'eip155', address: EVM, type: 'smartAccount' }],
    });
    expect(getAccountState('eip155').smartAccountDeployed).toBe(true);
    markSmartAccount('eip155', EVM, false);
    expect(modal.getAccount()).toMatchObject({ type: 'eoa', allAccounts: [{ type: 'eoa' }] });
    expect(getAccountState('eip155').smartAccountDeployed).toBe(false);
  });

  it('calls back at once, on changes, and not after unsubscribing', () => {
    const seen: PublicAccount[] = [];
    const unsubscribe = modal.subscribeAccount((a) => seen.push(a));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.address).toBeUndefined();
    connectEvm();
    expect(seen.at(-1)?.address).toBe(EVM);
    const count = seen.length;
    patchAccount('eip155', { balance: '1.0' }); // not part of the public account
    expect(seen).toHaveLength(count);
    unsubscribe();
    patchAccount('eip155', { status: 'disconnected' });
    expect(seen).toHaveLength(count);
  });

  it('follows the active namespace unless one is given', () => {
    connectEvm();
    const active: PublicAccount[] = [];
    const evmOnly: PublicAccount[] = [];
    const stopA = modal.subscribeAccount((a) => active.push(a));
    const stopB = modal.subscribeAccount((a) => evmOnly.push(a), 'eip155');
    $activeNamespace.set('solana');
    expect(active.at(-1)?.address).toBeUndefined();
    expect(evmOnly).toHaveLength(1);
    expect(evmOnly[0]?.address).toBe(EVM);
    stopA();
    stopB();
  });
});

describe('getNetwork / switchNetwork', () => {
  it('returns the active network', () => {
    expect(modal.getNetwork()?.caipNetworkId).toBe('eip155:1');
  });

  it('switches to a configured network', async () => {
    await expect(modal.switchNetwork('eip155:137')).resolves.toMatchObject({ caipNetworkId: 'eip155:137' });
    expect(modal.getNetwork()?.caipNetworkId).toBe('eip155:137');
    expect($lastEvent.get()?.type).toBe('NETWORK_CHANGE');
    await modal.switchNetwork(networks.mainnet);
    expect(modal.getNetwork()?.caipNetworkId).toBe('eip155:1');
  });

  it('a wallet on a chain the app does not support: no network, the state names that chain', () => {
    $unknownNetwork.set({ namespace: 'eip155', chainId: '31338' });
    try {
      expect(modal.getNetwork()).toBeUndefined();
      expect(modal.getState().selectedNetworkId).toBe('eip155:31338');
    } finally {
      $unknownNetwork.set(undefined);
    }
    expect(modal.getNetwork()?.caipNetworkId).toBe('eip155:1');
    expect(modal.getState().selectedNetworkId).toBe('eip155:1');
  });

  it("rejects with 'Network Not Found' for an unconfigured network", async () => {
    await expect(modal.switchNetwork('eip155:10')).rejects.toMatchObject({ shortMessage: 'Network Not Found' });
    expect(modal.getNetwork()?.caipNetworkId).toBe('eip155:1');
  });
});

describe('disconnect', () => {
  it('disconnects through the store', async () => {
    connectEvm();
    const handler = vi.fn();
    const remove = onDisconnect(handler);
    await modal.disconnect('eip155');
    remove();
    expect(handler).toHaveBeenCalledWith('eip155');
    expect(modal.getAccount().isConnected).toBe(false);
    expect($lastEvent.get()?.type).toBe('DISCONNECT_SUCCESS');
  });
});

describe('wallet actions without a wallet', () => {
  it("signing and sending both reject with the one 'Not connected'", async () => {
    await expect(modal.signMessage('hi')).rejects.toMatchObject({ name: 'NotConnectedError', shortMessage: 'Not connected' });
    await expect(modal.sendTransaction({ to: EVM, value: 1n })).rejects.toMatchObject({
      name: 'NotConnectedError',
      shortMessage: 'Not connected',
    });
  });
});

describe('getWalletProvider', () => {
  it('returns the provider of a namespace', () => {
    const provider = { request: vi.fn() };
    setWalletProvider('eip155', provider);
    expect(modal.getWalletProvider('eip155')).toBe(provider);
    setWalletProvider('eip155', undefined);
    expect(modal.getWalletProvider('eip155')).toBeUndefined();
  });
});

describe('theme', () => {
  it('setThemeMode and setThemeVariables update the theme stores', () => {
    modal.setThemeMode('dark');
    expect($themeModeSetting.get()).toBe('dark');
    modal.setThemeMode(undefined);
    expect($themeModeSetting.get()).toBeUndefined();
    modal.setThemeVariables({ '--w3-accent': 'red' });
    modal.setThemeVariables({ '--w3-radius': 2 });
    expect($themeVariables.get()).toEqual({ '--w3-accent': 'red', '--w3-radius': 2 });
  });

  it('setThemeVariables rejects a bad key', () => {
    expect(() => modal.setThemeVariables({ color: 'red' })).toThrow(W3ConfigError);
  });
});

describe('subscribeEvents', () => {
  it('does not call back at once without an event', () => {
    const callback = vi.fn();
    const unsubscribe = modal.subscribeEvents(callback);
    expect(callback).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('calls back at once with the latest event, then with new ones, until unsubscribed', () => {
    const first = emitEvent('MODAL_CREATED');
    const seen: W3Event[] = [];
    const unsubscribe = modal.subscribeEvents((e) => seen.push(e));
    expect(seen).toEqual([first]);
    openModalOn('Connect');
    modal.close();
    expect(seen.map((e) => e.type)).toEqual(['MODAL_CREATED', 'MODAL_OPEN', 'MODAL_CLOSE']);
    unsubscribe();
    openModalOn('Connect');
    expect(seen).toHaveLength(3);
  });
});

describe('getSiwxSessions', () => {
  it('is empty without siwx, and when the namespace is not connected', async () => {
    connectEvm();
    $activeNamespace.set('eip155');
    expect(await modal.getSiwxSessions()).toEqual([]);
    const siwx = createMemorySiwx();
    setOptions({ networks: [networks.mainnet, networks.polygon, solana], siwx });
    expect(await modal.getSiwxSessions('solana')).toEqual([]);
    $accounts.set({});
    expect(await modal.getSiwxSessions()).toEqual([]);
  });

  it("gives the live sessions of the active (or given) namespace's account on its chain", async () => {
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const siwx = createMemorySiwx();
    setOptions({ networks: [networks.mainnet, networks.polygon, solana], siwx });
    const message = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' });
    const { toString: _text, ...data } = message;
    const session = { data, message: message.toString(), signature: await account.signMessage({ message: message.toString() }) };
    await siwx.addSession(session);
    connectEvm();
    $activeNamespace.set('eip155');
    expect(await modal.getSiwxSessions()).toEqual([session]);
    expect(await modal.getSiwxSessions('eip155')).toEqual([session]);
    // Another chain for the same address has no session.
    patchAccount('eip155', { caipAddress: `eip155:137:${EVM}` });
    expect(await modal.getSiwxSessions()).toEqual([]);
  });
});
