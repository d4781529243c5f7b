import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networks } from '../../wire/networks.js';
import { $accounts, patchAccount } from './account.js';
import { $lastEvent } from '../app/events.js';
import { $modal, openModalOn, setCloseBlocked } from '../ui/modal.js';
import { goBack, goBackAfterFailedSwitch } from './navigation.js';
import { $activeNamespace, $activeNetworkIds } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $router, pushView, resetRouter } from '../ui/router.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function connect(): void {
  patchAccount('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connected' });
}

beforeEach(() => {
  $modal.set({ open: false, loading: {}, shake: false, closeBlocked: false, shownView: undefined });
  resetRouter();
  resetOptions();
  setOptions({ networks: [networks.mainnet] });
  $activeNamespace.set('eip155');
  $activeNetworkIds.set({ eip155: 'eip155:1' });
  $accounts.set({});
  $lastEvent.set(undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('goBack', () => {
  it('goes back one view', () => {
    openModalOn('Connect');
    pushView('AllWallets');
    pushView('ConnectingExternal');
    goBack();
    expect($router.get().view).toBe('AllWallets');
    expect($router.get().history).toEqual(['Connect', 'AllWallets']);
    expect($modal.get().open).toBe(true);
  });

  it('closes the modal when going back from the first view', () => {
    openModalOn('Networks');
    goBack();
    expect($modal.get().open).toBe(false);
    expect($router.get()).toEqual({ view: 'Connect', history: ['Connect'], data: undefined });
    expect($lastEvent.get()?.type).toBe('MODAL_CLOSE');
  });

  it('closes the modal from the first view Connect when no address is active', () => {
    openModalOn('Connect');
    goBack();
    expect($modal.get().open).toBe(false);
  });

  it('shows Account instead of Connect when going back to Connect with an active address', () => {
    connect();
    openModalOn('Connect');
    pushView('AllWallets');
    goBack();
    expect($router.get().view).toBe('Account');
    expect($router.get().history).toEqual(['Account']);
    expect($modal.get().open).toBe(true);
  });

  it('goes back to Connect normally without an active address', () => {
    openModalOn('Connect');
    pushView('AllWallets');
    goBack();
    expect($router.get().view).toBe('Connect');
    expect($modal.get().open).toBe(true);
  });

  it('shows Account when going back while on Connect (first view) with an active address', () => {
    connect();
    openModalOn('Connect');
    goBack();
    expect($router.get()).toEqual({ view: 'Account', history: ['Account'], data: undefined });
    expect($modal.get().open).toBe(true);
  });

  it('closes the modal from the first view Account with an active address', () => {
    connect();
    openModalOn('Account');
    goBack();
    expect($modal.get().open).toBe(false);
  });

  it('ignores the address of a namespace that is not active', () => {
    patchAccount('solana', { address: 'So1ana', status: 'connected' });
    openModalOn('Connect');
    pushView('AllWallets');
    goBack();
    expect($router.get().view).toBe('Connect');
  });

  it('shakes instead of closing when closing is blocked', () => {
    vi.useFakeTimers();
    openModalOn('SIWXSignMessage');
    setCloseBlocked(true);
    goBack();
    expect($modal.get().open).toBe(true);
    expect($modal.get().shake).toBe(true);
  });
});

describe('goBackAfterFailedSwitch', () => {
  it('goes back exactly one view', () => {
    openModalOn('Account');
    pushView('Networks');
    pushView('SwitchNetwork', { network: 'eip155:137' });
    goBackAfterFailedSwitch();
    expect($router.get()).toEqual({ view: 'Networks', history: ['Account', 'Networks'], data: undefined });
    expect($modal.get().open).toBe(true);
  });

  it('never closes the modal, even on the first view', () => {
    openModalOn('SwitchNetwork');
    goBackAfterFailedSwitch();
    expect($modal.get().open).toBe(true);
    expect($router.get().view).toBe('SwitchNetwork');
    goBackAfterFailedSwitch();
    expect($modal.get().open).toBe(true);
  });

  it('does not replace Connect with Account', () => {
    connect();
    openModalOn('Connect');
    pushView('SwitchNetwork');
    goBackAfterFailedSwitch();
    expect($router.get().view).toBe('Connect');
  });
});
