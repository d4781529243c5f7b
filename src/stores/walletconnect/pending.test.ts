import { afterEach, describe, expect, it, vi } from 'vitest';
import { $connectedWallet } from '../connection/connectors.js';
import { $modal, closeModal, openModalOn } from '../ui/modal.js';
import { $router } from '../ui/router.js';
import { $walletconnectPending, cancelWalletconnectPending, pendingAction, setWalletconnectPending } from './pending.js';

afterEach(() => {
  setWalletconnectPending(undefined);
  closeModal();
  $connectedWallet.set(undefined);
});

describe('the WalletConnect request waiting in the wallet', () => {
  it('opens the closed modal on ApproveInWallet with the wallet, and closes it once the wallet answered', () => {
    $connectedWallet.set({ name: 'w3kit Test Wallet', icon: 'https://example.com/w.png', type: 'WALLET_CONNECT' });
    setWalletconnectPending({ method: 'personal_sign', cancel: () => undefined });
    expect($modal.get().open).toBe(true);
    expect($router.get().view).toBe('ApproveInWallet');
    expect($walletconnectPending.get()).toMatchObject({
      method: 'personal_sign',
      walletName: 'w3kit Test Wallet',
      walletIcon: 'https://example.com/w.png',
    });
    setWalletconnectPending(undefined);
    expect($walletconnectPending.get()).toBeUndefined();
    expect($modal.get().open).toBe(false);
  });

  it('over an open view, goes back to exactly that view (with its data) once the wallet answered', () => {
    openModalOn('SwitchNetwork', { network: 'eip155:1' });
    setWalletconnectPending({ method: 'eth_sendTransaction', cancel: () => undefined });
    expect($router.get().view).toBe('ApproveInWallet');
    setWalletconnectPending({ method: 'personal_sign', cancel: () => undefined });
    expect($walletconnectPending.get()?.method).toBe('personal_sign');
    setWalletconnectPending(undefined);
    expect($modal.get().open).toBe(true);
    expect($router.get()).toMatchObject({ view: 'SwitchNetwork', data: { network: 'eip155:1' } });
  });

  it('Cancel stops waiting through the request; a view the person left stays as they left it', () => {
    const cancel = vi.fn();
    setWalletconnectPending({ method: 'personal_sign', cancel });
    cancelWalletconnectPending();
    expect(cancel).toHaveBeenCalledOnce();
    closeModal();
    setWalletconnectPending(undefined);
    expect($modal.get().open).toBe(false);
    expect($router.get().view).toBe('Connect');
  });

  it('says what to do in the wallet by method', () => {
    expect(pendingAction('personal_sign')).toBe('Sign the message');
    expect(pendingAction('eth_signTypedData_v4')).toBe('Sign the typed data');
    expect(pendingAction('eth_sendTransaction')).toBe('Approve the transaction');
    expect(pendingAction('wallet_switchEthereumChain')).toBe('Approve the request');
  });
});
