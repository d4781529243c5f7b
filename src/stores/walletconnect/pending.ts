/**
 * A WalletConnect request waiting for the person in the wallet (a signature or a transaction on
 * their phone): while it waits the modal shows ApproveInWallet ('Approve in your wallet', the
 * wallet's name and icon, Cancel), opening itself when it was closed; once the wallet answers
 * (or the person cancels) the modal goes back to what it showed, or closes when it opened for
 * the request. Cancel rejects the request with 4001 and keeps the session.
 */
import { atom } from 'nanostores';
import { $connectedWallet } from '../connection/connectors.js';
import { $modal, closeModal, openModalOn } from '../ui/modal.js';
import { $router, pushView, type RouterState } from '../ui/router.js';

export interface WcPendingRequest {
  /** The JSON-RPC method (personal_sign, eth_sendTransaction, ...). */
  method: string;
  /** The connected wallet's name and icon, as the session's peer or registry entry gave them. */
  walletName: string;
  walletIcon?: string;
  cancel(): void;
}

export const $walletconnectPending = atom<WcPendingRequest | undefined>(undefined);

/** What the modal showed before ApproveInWallet (undefined: it was closed and opened for the request). */
let before: RouterState | undefined;

/** Called by the session with the oldest waiting request, or undefined once none waits. */
export function setWalletconnectPending(pending: { method: string; cancel(): void } | undefined): void {
  const was = $walletconnectPending.get();
  if (!pending) {
    $walletconnectPending.set(undefined);
    if (was && $router.get().view === 'ApproveInWallet') {
      if (before) $router.set(before);
      else closeModal();
    }
    return;
  }
  const wallet = $connectedWallet.get();
  $walletconnectPending.set({
    method: pending.method,
    walletName: wallet?.name ?? 'your wallet',
    ...(wallet?.icon ? { walletIcon: wallet.icon } : {}),
    cancel: pending.cancel,
  });
  if (was) return;
  if ($modal.get().open) {
    before = { ...$router.get() };
    pushView('ApproveInWallet');
  } else {
    before = undefined;
    openModalOn('ApproveInWallet');
  }
}

/** The view's Cancel: stops waiting for the wallet (the request rejects with 4001; the session stays). */
export function cancelWalletconnectPending(): void {
  $walletconnectPending.get()?.cancel();
}

/** What the person is asked to do, by method. */
export function pendingAction(method: string): string {
  if (method === 'personal_sign' || method === 'eth_sign') return 'Sign the message';
  if (method.startsWith('eth_signTypedData')) return 'Sign the typed data';
  if (method === 'eth_sendTransaction' || method === 'wallet_sendCalls') return 'Approve the transaction';
  if (method === 'eth_signTransaction') return 'Sign the transaction';
  return 'Approve the request';
}
