/** Resets registered where stores are created: resetStores() puts each back, with no list to keep. */
import { atom, map } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { onReset, resetStores, resettable } from './reset.js';
import { $options, setOptions } from './options.js';
import { $modal } from '../ui/modal.js';
import { $router, pushView } from '../ui/router.js';
import { $activeNamespace } from '../network/networks.js';
import { $connectedWallet, $connectors } from '../connection/connectors.js';
import { $alert } from '../ui/alert-state.js';
import { showAlert } from '../ui/alerts.js';
import { networks } from '../../wire/networks.js';
import {
  $emailChange,
  $emailLogin,
  $embeddedUser,
  $farcasterLogin,
  $passkeyChanges,
  $passkeyLogin,
  $socialLogin,
} from '../embedded/state.js';

describe('resetStores', () => {
  it('sets a store made resettable back to the value it was created with, and runs registered resets', () => {
    const $count = resettable(atom(1));
    const $pairs = resettable(map<Record<string, number>>({ a: 1 }));
    let cleared = 0;
    onReset(() => cleared++);
    $count.set(5);
    $pairs.setKey('b', 2);
    resetStores();
    expect($count.get()).toBe(1);
    expect($pairs.get()).toEqual({ a: 1 });
    expect(cleared).toBe(1);
  });

  it("puts back the stores the element tests' resetAll once listed by hand", () => {
    setOptions({ networks: [networks.mainnet] });
    $modal.setKey('open', true);
    pushView('Account');
    $activeNamespace.set('eip155');
    $connectors.set([{ id: 'x', type: 'INJECTED', name: 'X', chain: 'eip155' }]);
    showAlert('SERVER_ERROR');
    $connectedWallet.set({ name: 'Google', type: 'AUTH', social: 'google' });
    $embeddedUser.set({
      email: 'ada@example.com',
      address: '0xabc',
      chainId: 'eip155:1',
      accounts: [],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    });
    resetStores();
    expect($options.get()).toBeUndefined();
    expect($modal.get().open).toBe(false);
    expect($router.get()).toEqual({ view: 'Connect', history: ['Connect'], data: undefined });
    expect($activeNamespace.get()).toBeUndefined();
    expect($connectors.get()).toEqual([]);
    expect($alert.get()).toBeUndefined();
    expect($connectedWallet.get()).toBeUndefined();
    expect($embeddedUser.get()).toBeUndefined();
  });

  // The login stores of the embedded wallet: a test that left one mid-login no longer leaks into the next.
  it('puts $emailLogin back to idle', () => {
    $emailLogin.set({ step: 'otp', email: 'ada@example.com', error: new Error('Invalid code'), resendAt: 5 });
    resetStores();
    expect($emailLogin.get()).toEqual({ step: 'idle', email: undefined, error: undefined, resendAt: 0 });
  });

  it('puts $socialLogin back to idle', () => {
    $socialLogin.set({ step: 'error', provider: 'google', error: new Error('Popup closed') });
    resetStores();
    expect($socialLogin.get()).toEqual({ step: 'idle', provider: undefined, error: undefined });
  });

  it('puts $farcasterLogin back to idle', () => {
    $farcasterLogin.set({ step: 'waiting', url: 'https://farcaster.xyz/~/siwf?channelToken=x', expiresAt: 5, error: undefined });
    resetStores();
    expect($farcasterLogin.get()).toEqual({ step: 'idle', url: undefined, expiresAt: 0, error: undefined });
  });

  it('puts $emailChange back to idle', () => {
    $emailChange.set({ step: 'secondary', newEmail: 'new@example.com', error: new Error('Invalid code') });
    resetStores();
    expect($emailChange.get()).toEqual({ step: 'idle', newEmail: undefined, error: undefined });
  });

  it('puts $passkeyLogin back to idle', () => {
    $passkeyLogin.set({ step: 'error', error: new Error('No passkey was chosen') });
    resetStores();
    expect($passkeyLogin.get()).toEqual({ step: 'idle', error: undefined });
  });

  it('puts $passkeyChanges back to no change under way', () => {
    $passkeyChanges.set({ busy: true, error: new Error('Passkey not removed') });
    resetStores();
    expect($passkeyChanges.get()).toEqual({ error: undefined, busy: false });
  });
});
