import { beforeEach, describe, expect, it } from 'vitest';
import { $accounts, $activeAccount, $isConnected, EMPTY_ACCOUNT, getAccountState, patchAccount, resetAccount } from './account.js';
import { $activeNamespace } from '../network/networks.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

beforeEach(() => {
  $accounts.set({});
  $activeNamespace.set(undefined);
});

describe('account store', () => {
  it('reads as disconnected by default', () => {
    expect(getAccountState('eip155')).toEqual(EMPTY_ACCOUNT);
    expect(EMPTY_ACCOUNT.status).toBe('disconnected');
    expect(EMPTY_ACCOUNT.address).toBeUndefined();
    expect(Object.isFrozen(EMPTY_ACCOUNT)).toBe(true);
    expect($isConnected.get()).toBe(false);
  });

  it('patchAccount merges into the namespace', () => {
    patchAccount('eip155', { address: ADDRESS, status: 'connecting' });
    patchAccount('eip155', { status: 'connected', balance: '1.5', balanceSymbol: 'ETH' });
    expect(getAccountState('eip155')).toEqual({
      ...EMPTY_ACCOUNT,
      address: ADDRESS,
      status: 'connected',
      balance: '1.5',
      balanceSymbol: 'ETH',
    });
    expect(getAccountState('solana')).toEqual(EMPTY_ACCOUNT);
  });

  it('patchAccount does not mutate EMPTY_ACCOUNT', () => {
    patchAccount('eip155', { address: ADDRESS });
    expect(EMPTY_ACCOUNT.address).toBeUndefined();
  });

  it('resetAccount gives disconnected', () => {
    patchAccount('eip155', { address: ADDRESS, status: 'connected', profileName: 'vitalik.eth' });
    resetAccount('eip155');
    const state = getAccountState('eip155');
    expect(state.status).toBe('disconnected');
    expect(state.address).toBeUndefined();
    expect(state.profileName).toBeUndefined();
    expect(state).toEqual(EMPTY_ACCOUNT);
    expect(state).not.toBe(EMPTY_ACCOUNT);
    expect($accounts.get().eip155).toEqual(EMPTY_ACCOUNT);
  });

  it('resetAccount leaves other namespaces alone', () => {
    patchAccount('eip155', { address: ADDRESS, status: 'connected' });
    patchAccount('solana', { address: 'So1', status: 'connected' });
    resetAccount('eip155');
    expect(getAccountState('solana').address).toBe('So1');
  });

  it('$isConnected needs a connected status and an address in some namespace', () => {
    patchAccount('eip155', { address: ADDRESS, status: 'connecting' });
    expect($isConnected.get()).toBe(false);
    patchAccount('eip155', { status: 'connected', address: undefined });
    expect($isConnected.get()).toBe(false);
    patchAccount('solana', { status: 'connected', address: 'So1' });
    expect($isConnected.get()).toBe(true);
    resetAccount('solana');
    expect($isConnected.get()).toBe(false);
  });

  it('$isConnected updates subscribers', () => {
    const seen: boolean[] = [];
    const stop = $isConnected.subscribe((v) => seen.push(v));
    patchAccount('eip155', { address: ADDRESS, status: 'connected' });
    resetAccount('eip155');
    stop();
    expect(seen).toEqual([false, true, false]);
  });

  it('$activeAccount follows the active namespace', () => {
    patchAccount('eip155', { address: ADDRESS, status: 'connected' });
    patchAccount('solana', { address: 'So1', status: 'connected' });
    expect($activeAccount.get()).toEqual(EMPTY_ACCOUNT);
    $activeNamespace.set('eip155');
    expect($activeAccount.get().address).toBe(ADDRESS);
    $activeNamespace.set('solana');
    expect($activeAccount.get().address).toBe('So1');
    $activeNamespace.set('bip122');
    expect($activeAccount.get()).toEqual(EMPTY_ACCOUNT);
  });
});
