import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserRejectedRequestError, W3Error } from '../core/errors.js';
import { networks, type Network } from '../core/networks.js';
import { MemoryStorage } from '../test-utils/storage.js';
import { $accounts } from './account.js';
import { $lastEvent, type W3Event } from './events.js';
import { $modal, openModal } from './modal.js';
import { chooseNetwork, registerWalletSwitcher, switchNetwork } from './network-switch.js';
import { $activeNamespace, $activeNetwork, $activeNetworkIds, initNetworks } from './networks.js';
import { resetOptions, setOptions } from './options.js';
import { $router, pushView, resetRouter } from './router.js';
import { storage } from './storage.js';
import { $toast, hideToast } from './toast.js';

let events: W3Event[];
let stopEvents: () => void;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  registerWalletSwitcher(undefined);
  $modal.set({ open: false, loading: {}, shake: false, closeBlocked: false, shownView: undefined });
  resetRouter();
  resetOptions();
  $accounts.set({});
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  setOptions({ networks: [networks.mainnet, networks.polygon, networks.base] });
  initNetworks();
  hideToast();
  $lastEvent.set(undefined);
  events = [];
  stopEvents = $lastEvent.listen((e) => {
    if (e) events.push(e);
  });
});

afterEach(() => {
  stopEvents();
  registerWalletSwitcher(undefined);
  hideToast();
  vi.unstubAllGlobals();
});

describe('switchNetwork', () => {
  it('switches directly without a connected wallet', async () => {
    await expect(switchNetwork('eip155:137')).resolves.toEqual(networks.polygon);
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:137');
    expect(storage.get('activeNetworks')).toEqual({ eip155: 'eip155:137' });
    expect(events.map((e) => e.type)).toEqual(['NETWORK_CHANGE']);
  });

  it('asks the wallet first, then switches', async () => {
    const calls: string[] = [];
    registerWalletSwitcher(async (network) => {
      calls.push(`wallet:${network.caipNetworkId}:active=${$activeNetwork.get()?.caipNetworkId}`);
    });
    await switchNetwork(networks.base);
    expect(calls).toEqual(['wallet:eip155:8453:active=eip155:1']);
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:8453');
  });

  it('keeps the network when the wallet refuses', async () => {
    registerWalletSwitcher(() => Promise.reject(new UserRejectedRequestError()));
    await expect(switchNetwork('eip155:137')).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
    expect(events).toEqual([]);
  });

  it('does nothing for the already active network', async () => {
    const switcher = vi.fn(async (_network: Network) => {});
    registerWalletSwitcher(switcher);
    await expect(switchNetwork('eip155:1')).resolves.toEqual(networks.mainnet);
    expect(switcher).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it("rejects with 'Network Not Found' for an unconfigured network, without asking the wallet", async () => {
    const switcher = vi.fn(async (_network: Network) => {});
    registerWalletSwitcher(switcher);
    for (const input of ['eip155:10', networks.optimism]) {
      let caught: unknown;
      try {
        await switchNetwork(input);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(W3Error);
      expect((caught as W3Error).shortMessage).toBe('Network Not Found');
    }
    expect(switcher).not.toHaveBeenCalled();
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
  });

  it('stops using a switcher once it is unregistered', async () => {
    const switcher = vi.fn(async (_network: Network) => {});
    registerWalletSwitcher(switcher);
    registerWalletSwitcher(undefined);
    await switchNetwork('eip155:8453');
    expect(switcher).not.toHaveBeenCalled();
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:8453');
  });
});

describe('chooseNetwork', () => {
  it('switches and goes back', async () => {
    openModal('Account');
    pushView('Networks');
    await chooseNetwork('eip155:137');
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:137');
    expect($router.get().view).toBe('Account');
    expect($modal.get().open).toBe(true);
  });

  it('closes the modal when Networks was the first view', async () => {
    openModal('Networks');
    await chooseNetwork('eip155:8453');
    expect($modal.get().open).toBe(false);
  });

  it('shows the error and stays when the wallet refuses', async () => {
    registerWalletSwitcher(() => Promise.reject(new UserRejectedRequestError()));
    openModal('Account');
    pushView('Networks');
    await expect(chooseNetwork('eip155:137')).resolves.toBeUndefined();
    expect($toast.get()).toEqual({ open: true, message: 'User rejected the request.', variant: 'error' });
    expect($router.get().view).toBe('Networks');
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
  });

  it("shows 'Network Not Found' for an unconfigured network", async () => {
    openModal('Account');
    pushView('Networks');
    await chooseNetwork('eip155:10');
    expect($toast.get()).toMatchObject({ open: true, message: 'Network Not Found', variant: 'error' });
    expect($router.get().view).toBe('Networks');
  });

  it('shows a plain Error message', async () => {
    registerWalletSwitcher(() => Promise.reject(new Error('Chain not added')));
    openModal('Account');
    pushView('Networks');
    await chooseNetwork('eip155:137');
    expect($toast.get().message).toBe('Chain not added');
  });
});
