/**
 * Sign in with X in the modal (lazy chunk, loaded by the session when `siwx` or `siweConfig` is
 * set): whenever the active namespace's account or chain changes while connected, one check of
 * `getSessions(caipNetworkId, address)`; none opens SIWXSignMessage (and blocks closing while
 * sign-in is required). A failed check shows its error and counts as no session. On disconnect,
 * the session of each disconnected account is revoked (signOutOnDisconnect), at most 3 s waited.
 */
import { atom } from 'nanostores';
import type { ChainNamespace } from '../../core/caip.js';
import type { SIWXSession, SiwxChainId } from '../../core/siwx.js';
import { emitEvent } from '../app/events.js';
import { $activeAccount, getAccountState, type AccountState } from '../connection/account.js';
import { onDisconnect } from '../connection/disconnect.js';
import { $activeNamespace, $unknownNetwork } from '../network/networks.js';
import { $modal, closeModal, openModalOn, setCloseBlocked } from '../ui/modal.js';
import { $router } from '../ui/router.js';
import { showErrorOf } from '../ui/toast.js';
import { setSiwxCheck } from '../connection/auth-status.js';
import { siwxConfig, siwxRequired } from './config.js';

/** The account that signs in on a chain. */
export interface SiwxTarget {
  namespace: ChainNamespace;
  address: string;
  caipNetworkId: SiwxChainId;
}

/** The account asked to sign in now (SIWXSignMessage shows it); undefined while none is. */
export const $siwxTarget = atom<SiwxTarget | undefined>(undefined);

/** How long a disconnect waits for the sign-out (spec 4: at most 3 s). */
export const SIGN_OUT_WAIT_MS = 3000;

const keyOf = (t: SiwxTarget | undefined): string | undefined => t && `${t.caipNetworkId}:${t.address}`;

/** The account and chain of a connected namespace (CAIP-2 from its CAIP-10 address). */
function targetOf(namespace: ChainNamespace, account: AccountState): SiwxTarget | undefined {
  const { address, caipAddress, status } = account;
  if (status !== 'connected' || !address || !caipAddress?.endsWith(`:${address}`)) return undefined;
  return { namespace, address, caipNetworkId: caipAddress.slice(0, -address.length - 1) as SiwxChainId };
}

function activeTarget(): SiwxTarget | undefined {
  const namespace = $activeNamespace.get();
  // A chain the app does not support has UnsupportedChain open: sign-in waits for a supported one.
  if (!namespace || $unknownNetwork.get()?.namespace === namespace) return undefined;
  return targetOf(namespace, $activeAccount.get());
}

let checkedKey: string | undefined;

/** A failure of the flow itself (no view to show it in): the SIWX_AUTH_ERROR event carries it. */
export function reportSiwxError(err: unknown): void {
  emitEvent('SIWX_AUTH_ERROR', { message: err instanceof Error ? err.message : String(err) });
}

const check = (): void => void checkSiwxSession().catch(reportSiwxError);

/** Nobody waits to sign in any more: closing is allowed again, and the sign-in view closes. */
export function clearSiwxTarget(closeView = true): void {
  if (!$siwxTarget.get()) return;
  $siwxTarget.set(undefined);
  setCloseBlocked(false);
  if (closeView && $modal.get().open && $router.get().view === 'SIWXSignMessage') closeModal();
}

/** The running (or last) check, so a caller can wait for its answer. */
let running: Promise<void> = Promise.resolve();

/**
 * Checks the active account once per (chain, address): no session opens SIWXSignMessage.
 * Resolves once the check of the active account has answered (at once when it already has).
 */
export function checkSiwxSession(): Promise<void> {
  const target = activeTarget();
  const key = keyOf(target);
  if (key === checkedKey) return running;
  checkedKey = key;
  running = runCheck(target, key);
  return running;
}

async function runCheck(target: SiwxTarget | undefined, key: string | undefined): Promise<void> {
  const config = siwxConfig();
  if (!target || !config) return clearSiwxTarget();
  setSiwxCheck(key, 'checking');
  let sessions: SIWXSession[] = [];
  try {
    sessions = await config.getSessions(target.caipNetworkId, target.address);
  } catch (err) {
    showErrorOf(err);
    reportSiwxError(err);
  }
  // The account or chain changed meanwhile: that change has its own check.
  if (checkedKey !== key) return;
  setSiwxCheck(key, sessions.length > 0 ? 'authenticated' : 'unauthenticated');
  if (sessions.length > 0) return clearSiwxTarget();
  $siwxTarget.set(target);
  setCloseBlocked(siwxRequired());
  openModalOn('SIWXSignMessage');
}

/** Resolves once the active account's sign-in check has answered (a failed check counts as answered). */
export function siwxChecked(): Promise<void> {
  return startSiwx().catch(() => undefined);
}

/** Revokes the sign-in of a namespace's account before the disconnect resets it; never longer than 3 s. */
async function signOut(namespace: ChainNamespace): Promise<void> {
  const config = siwxConfig();
  const target = targetOf(namespace, getAccountState(namespace));
  if (!config || !target || config.signOutOnDisconnect === false) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, SIGN_OUT_WAIT_MS)));
  const revoked = Promise.resolve()
    .then(() => config.revokeSession(target.caipNetworkId, target.address))
    .catch(() => undefined);
  await Promise.race([revoked, waited]);
  clearTimeout(timer);
  emitEvent('SIWX_SIGN_OUT', { namespace, address: target.address, caipNetworkId: target.caipNetworkId });
}

let started = false;

/**
 * Starts following the active account (once; later calls check again) and registers the sign-out
 * on disconnect. Called by the session after a wallet's accounts are applied.
 */
export function startSiwx(): Promise<void> {
  if (!started) {
    started = true;
    $activeAccount.listen(check);
    $unknownNetwork.listen(check);
    // A connecting flow that moves to Account after success does not skip the sign-in.
    $router.listen(({ view }) => {
      if (view === 'Account' && $siwxTarget.get() && $modal.get().open) openModalOn('SIWXSignMessage');
    });
    // Closing the modal (allowed: sign-in not required) is declining to sign in for now.
    let wasOpen = $modal.get().open;
    $modal.listen(({ open }) => {
      if (wasOpen && !open && $siwxTarget.get()) clearSiwxTarget(false);
      wasOpen = open;
    });
    onDisconnect(signOut);
  }
  return checkSiwxSession().catch(reportSiwxError);
}
