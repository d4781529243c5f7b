import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalClosedError, UnknownViewError } from '../../core/errors.js';
import { networks } from '../../wire/networks.js';
import { VIEWS, type ViewName } from '../../core/views.js';
import { solanaMainnet } from '../../test-utils/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { $lastEvent } from '../app/events.js';
import { $modal, closeModal, markViewShown } from '../ui/modal.js';
import { $activeNamespace, $activeNetworkIds, initNetworks } from '../network/networks.js';
import { openModal, waitForSend, waitForView } from './open-modal.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $router, registerViews, resetRouter } from '../ui/router.js';
import { emitTransactionSent } from '../send/send-result.js';

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH = `0x${'ab'.repeat(32)}` as const;

registerViews(VIEWS.filter((v) => v !== 'Swap'));

/** Starts an open whose outcome the test does not read (afterEach closes the modal). */
const ignore = (promise: Promise<unknown>): void => void promise.catch(() => undefined);

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function settled<T>(promise: Promise<T>): { state: string; value?: T; error?: unknown } {
  const result: { state: string; value?: T; error?: unknown } = { state: 'pending' };
  promise.then(
    (value) => Object.assign(result, { state: 'resolved', value }),
    (error: unknown) => Object.assign(result, { state: 'rejected', error }),
  );
  return result;
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  $modal.set({ open: false, loading: {}, shake: false, closeBlocked: false, shownView: undefined });
  resetRouter();
  resetOptions();
  setOptions({ networks: [networks.mainnet, solanaMainnet] });
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  initNetworks();
  $accounts.set({});
  $lastEvent.set(undefined);
});

afterEach(() => {
  closeModal();
  vi.unstubAllGlobals();
});

describe('openModal', () => {
  it('rejects an unknown or unavailable view with UnknownViewError and leaves the modal closed', async () => {
    await expect(openModal({ view: 'Nope' as ViewName })).rejects.toThrow(new UnknownViewError('Nope'));
    await expect(openModal({ view: 'Swap' })).rejects.toBeInstanceOf(UnknownViewError);
    expect($modal.get().open).toBe(false);
    expect($lastEvent.get()).toBeUndefined();
  });

  it('opens Connect without an account and Account with one', () => {
    ignore(openModal());
    expect($router.get().view).toBe('Connect');
    closeModal();
    patchAccount('eip155', { address: EVM, caipAddress: `eip155:1:${EVM}`, status: 'connected' });
    ignore(openModal());
    expect($router.get().view).toBe('Account');
  });

  it('switches to a namespace with configured networks before choosing the view', () => {
    patchAccount('eip155', { address: EVM, caipAddress: `eip155:1:${EVM}`, status: 'connected' });
    ignore(openModal({ namespace: 'solana' }));
    expect($activeNamespace.get()).toBe('solana');
    expect($router.get().view).toBe('Connect');
  });

  it('keeps the namespace when the asked one has no networks', () => {
    ignore(openModal({ namespace: 'bip122' }));
    expect($activeNamespace.get()).toBe('eip155');
  });

  it('resolves with undefined once the view is shown', async () => {
    const result = settled(openModal({ view: 'Networks' }));
    await flush();
    expect(result.state).toBe('pending');
    markViewShown('Networks');
    await flush();
    expect(result).toEqual({ state: 'resolved', value: undefined });
  });

  it('WalletSend resolves with the hash of the sent transaction, not when the view shows', async () => {
    const result = settled(openModal({ view: 'WalletSend' }));
    markViewShown('WalletSend');
    await flush();
    expect(result.state).toBe('pending');
    emitTransactionSent(HASH);
    await flush();
    expect(result).toEqual({ state: 'resolved', value: HASH });
  });

  it('WalletSend rejects with ModalClosedError when the modal closes before a send', async () => {
    const result = settled(openModal({ view: 'WalletSend' }));
    closeModal();
    await flush();
    expect(result.state).toBe('rejected');
    expect(result.error).toBeInstanceOf(ModalClosedError);
    emitTransactionSent(HASH);
    await flush();
    expect(result.state).toBe('rejected');
  });
});

describe('waitForView', () => {
  it('resolves at once when the view already shows in the open modal', async () => {
    $modal.set({ ...$modal.get(), open: true, shownView: 'Account' });
    await expect(waitForView('Account')).resolves.toBeUndefined();
  });

  it('rejects with ModalClosedError when the modal closes first', async () => {
    $modal.set({ ...$modal.get(), open: true, shownView: 'Connect' });
    const waiting = waitForView('Account');
    $modal.setKey('open', false);
    await expect(waiting).rejects.toBeInstanceOf(ModalClosedError);
  });
});

describe('waitForSend', () => {
  it('resolves with the next hash and then stops listening', async () => {
    $modal.setKey('open', true);
    const first = waitForSend();
    emitTransactionSent(HASH);
    await expect(first).resolves.toBe(HASH);
    $modal.setKey('open', false);
    await flush();
  });
});
