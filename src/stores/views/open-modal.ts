/**
 * The `open({ view, namespace })` action of the instance (DESIGN.md, "The instance"): checks the
 * view, switches the active namespace, opens the modal and resolves once the view shows; for
 * WalletSend, with the hash of the transaction it sends. Closing first rejects with 'Modal closed'.
 */
import type { ChainNamespace } from '../../core/caip.js';
import { ModalClosedError, UnknownViewError } from '../../core/errors.js';
import { isViewName, type ViewName } from '../../core/views.js';
import { $activeAccount } from '../connection/account.js';
import { $modal, openModalOn } from '../ui/modal.js';
import { $activeNamespace, $networks } from '../network/networks.js';
import { isViewAvailable } from '../ui/router.js';
import { onTransactionSent } from '../send/send-result.js';

export interface OpenModalParameters {
  view?: ViewName;
  namespace?: ChainNamespace;
}

/** Resolves once `view` is shown in the open modal; rejects with 'Modal closed' if it closes first. */
export function waitForView(view: ViewName): Promise<void> {
  const now = $modal.get();
  if (now.open && now.shownView === view) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = $modal.listen((state) => {
      if (!state.open) {
        stop();
        reject(new ModalClosedError());
      } else if (state.shownView === view) {
        stop();
        resolve();
      }
    });
  });
}

/** Resolves with the hash of the next transaction sent; rejects with 'Modal closed' if the modal closes first. */
export function waitForSend(): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      stopSent();
      stopClose();
    };
    const stopSent = onTransactionSent((hash) => {
      stop();
      resolve(hash);
    });
    const stopClose = $modal.listen((state) => {
      if (state.open) return;
      stop();
      reject(new ModalClosedError());
    });
  });
}

/**
 * Opens the modal on `view` (Account when connected, otherwise Connect, when none is given),
 * first making `namespace` active when it has configured networks. An unknown view, or one no
 * loaded element can show, rejects with UnknownViewError and leaves the modal as it was.
 */
export async function openModal({ view, namespace }: OpenModalParameters = {}): Promise<unknown> {
  if (view !== undefined && (!isViewName(view) || !isViewAvailable(view))) throw new UnknownViewError(String(view));
  if (namespace && $networks.get().some((n) => n.chainNamespace === namespace)) $activeNamespace.set(namespace);
  const target: ViewName = view ?? ($activeAccount.get().address ? 'Account' : 'Connect');
  openModalOn(target);
  if (target !== 'WalletSend') return waitForView(target);
  const sent = waitForSend();
  await waitForView(target).catch((err: unknown) => {
    sent.catch(() => undefined);
    throw err;
  });
  return sent;
}
