import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $router, isViewAvailable, popTo, popView, pushView, registerViews, replaceView, resetRouter } from './router.js';

beforeEach(() => {
  resetRouter();
});

describe('router', () => {
  it('starts on Connect with a one-entry history', () => {
    expect($router.get()).toEqual({ view: 'Connect', history: ['Connect'], data: undefined });
  });

  it('pushes views onto the history with their data', () => {
    pushView('AllWallets');
    pushView('ConnectingExternal', { connectorId: 'injected' });
    expect($router.get()).toEqual({
      view: 'ConnectingExternal',
      history: ['Connect', 'AllWallets', 'ConnectingExternal'],
      data: { connectorId: 'injected' },
    });
  });

  it('does nothing when pushing the current view', () => {
    pushView('Networks', { network: 'eip155:1' });
    const before = $router.get();
    const listener = vi.fn();
    const stop = $router.listen(listener);
    pushView('Networks', { network: 'eip155:137' });
    stop();
    expect(listener).not.toHaveBeenCalled();
    expect($router.get()).toBe(before);
    expect($router.get().history).toEqual(['Connect', 'Networks']);
    expect($router.get().data).toEqual({ network: 'eip155:1' });
  });

  it('pushing Connect on Connect keeps a single entry', () => {
    pushView('Connect');
    expect($router.get().history).toEqual(['Connect']);
  });

  it('allows the same view again further down the history', () => {
    pushView('Networks');
    pushView('SwitchNetwork');
    pushView('Networks');
    expect($router.get().history).toEqual(['Connect', 'Networks', 'SwitchNetwork', 'Networks']);
  });

  it('replaces the current view without growing the history', () => {
    pushView('AllWallets');
    replaceView('ConnectingWalletConnect', { walletId: 'w1' });
    expect($router.get()).toEqual({
      view: 'ConnectingWalletConnect',
      history: ['Connect', 'ConnectingWalletConnect'],
      data: { walletId: 'w1' },
    });
  });

  it('replaces the only view', () => {
    replaceView('Account');
    expect($router.get()).toEqual({ view: 'Account', history: ['Account'], data: undefined });
  });

  it('resets to a single view, Connect by default', () => {
    pushView('AllWallets');
    pushView('WhatIsAWallet');
    resetRouter('Account', { navigateTo: 'Networks' });
    expect($router.get()).toEqual({ view: 'Account', history: ['Account'], data: { navigateTo: 'Networks' } });
    resetRouter();
    expect($router.get()).toEqual({ view: 'Connect', history: ['Connect'], data: undefined });
  });

  it('pops one view and clears the data', () => {
    pushView('AllWallets', { walletId: 'a' });
    pushView('ConnectingExternal', { connectorId: 'b' });
    expect(popView()).toBe(true);
    expect($router.get()).toEqual({ view: 'AllWallets', history: ['Connect', 'AllWallets'], data: undefined });
    expect(popView()).toBe(true);
    expect($router.get()).toEqual({ view: 'Connect', history: ['Connect'], data: undefined });
  });

  it('pops back to the latest given view in history, or changes nothing when it is not there', () => {
    resetRouter('Account');
    pushView('ProfileWallets');
    pushView('Connect');
    pushView('ConnectingExternal', { connectorId: 'b' });
    expect(popTo('Networks')).toBe(false);
    expect($router.get().view).toBe('ConnectingExternal');
    expect(popTo('ProfileWallets')).toBe(true);
    expect($router.get()).toEqual({ view: 'ProfileWallets', history: ['Account', 'ProfileWallets'], data: undefined });
  });

  it('does not pop the first view', () => {
    const before = $router.get();
    expect(popView()).toBe(false);
    expect($router.get()).toBe(before);
  });
});

describe('registerViews / isViewAvailable', () => {
  it('knows only the registered views, and adds to them', () => {
    expect(isViewAvailable('Connect')).toBe(false);
    registerViews(['Connect', 'Account']);
    expect(isViewAvailable('Connect')).toBe(true);
    expect(isViewAvailable('Account')).toBe(true);
    expect(isViewAvailable('Swap')).toBe(false);
    registerViews(new Set(['Swap'] as const));
    expect(isViewAvailable('Swap')).toBe(true);
    expect(isViewAvailable('Connect')).toBe(true);
  });
});
