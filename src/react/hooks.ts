/**
 * React hooks over the page-wide stores. They read the same state as the instance API
 * (`getInstance()`), and re-render only when the store they read changes.
 *
 * They hydrate without a mismatch: on the server and during hydration they read what a server
 * (which has no modal) renders, then the live stores (./hydration.ts).
 */
import { computed } from 'nanostores';
import { useEffect, useMemo, useRef, useState } from 'react';
import { chainRules } from '../chains/registry.js';
import type { ChainNamespace } from '../core/caip.js';
import type { SIWXSession } from '../core/siwx.js';
import type { Network } from '../wire/networks.js';
import { getInstance, publicAccount, type OpenOptions, type PublicAccount } from '../instance.js';
import { $accounts } from '../stores/connection/account.js';
import { $modal } from '../stores/ui/modal.js';
import { $activeNamespace, $currentNetwork } from '../stores/network/networks.js';
import { $publicState, type PublicState } from '../stores/views/public-state.js';
import { $lastEvent, type W3Event } from '../stores/app/events.js';
import { useW3Store } from './hydration.js';
import { NO_ACCOUNTS, NO_NAMESPACE, NO_NETWORK, SERVER_STATE } from './server-values.js';

export interface UseW3ModalResult {
  /** Opens the modal (on `options.view`, else Connect or Account); resolves once the view shows. */
  open: (options?: OpenOptions) => Promise<unknown>;
  close: () => void;
  isOpen: boolean;
}

export interface UseW3NetworkResult {
  network: Network | undefined;
  caipNetworkId: Network['caipNetworkId'] | undefined;
  /** The chain's own id: a number on eip155 (`1`, `31337`), the CAIP-2 reference string on solana; on an unsupported chain, that chain's. */
  chainId: number | string | undefined;
  /** Switches to a configured network (through the wallet when one is connected). */
  switchNetwork: (network: Network | string) => Promise<Network>;
}

/** Only the open flag, so loading / shake changes of `$modal` do not re-render. */
const $isOpen = computed($modal, (modal) => modal.open);

// The instance is one per page, so these are stable across renders (safe in effect deps).
const open = (options?: OpenOptions): Promise<unknown> => getInstance().open(options);
const close = (): void => getInstance().close();
const switchNetwork = (network: Network | string): Promise<Network> => getInstance().switchNetwork(network);

/** `{ open, close, isOpen }`: the instance's open / close and whether the modal is open. */
export function useW3Modal(): UseW3ModalResult {
  const isOpen = useW3Store($isOpen, false);
  return useMemo(() => ({ open, close, isOpen }), [isOpen]);
}

/**
 * The account of `namespace` (default: the active namespace), shaped like the instance's
 * `getAccount()`: `{ address, caipAddress, status, isConnected, allAccounts }`.
 */
export function useW3Account(namespace?: ChainNamespace): PublicAccount {
  const accounts = useW3Store($accounts, NO_ACCOUNTS);
  const activeNamespace = useW3Store($activeNamespace, NO_NAMESPACE);
  const ns = namespace ?? activeNamespace;
  return useMemo(() => publicAccount(ns ? accounts[ns] : undefined), [accounts, ns]);
}

/** An unsupported chain's id as its namespace gives it: a number where the namespace's ids are (eip155). */
const chainIdOf = (caipNetworkId: string, reference: string): number | string =>
  chainRules(caipNetworkId.split(':')[0])?.numericChainId && /^\d+$/.test(reference) ? Number(reference) : reference;

/** The active network, its CAIP-2 id, the chain's own `chainId`, and `switchNetwork`; on an unsupported chain no network and that chain's id. */
export function useW3Network(): UseW3NetworkResult {
  const { network, unsupported } = useW3Store($currentNetwork, NO_NETWORK);
  return useMemo(
    () => ({
      network,
      caipNetworkId: unsupported?.caipNetworkId ?? network?.caipNetworkId,
      chainId: unsupported ? chainIdOf(unsupported.caipNetworkId, unsupported.chainId) : network?.id,
      switchNetwork,
    }),
    [network, unsupported],
  );
}

/** The instance's `getState()`: `{ open, view, loading, activeChain, selectedNetworkId, initialized }`. */
export function useW3State(): PublicState {
  return useW3Store($publicState, SERVER_STATE);
}

export interface UseW3SiwxSessionsResult {
  /** The live sessions of the account on its chain (`getSiwxSessions`); [] while loading the first time. */
  sessions: SIWXSession[];
  loading: boolean;
  /** Why the last read failed (the siwx implementation's getSessions threw). */
  error: Error | undefined;
}

const SIWX_EVENTS = new Set(['SIWX_AUTH_SUCCESS', 'SIWX_SIGN_OUT']);

/**
 * Sign in with X: the sessions of `namespace`'s (default: the active namespace's) connected
 * account on its chain, read again on sign-in, sign-out, and account or chain changes.
 */
export function useW3SiwxSessions(namespace?: ChainNamespace): UseW3SiwxSessionsResult {
  const accounts = useW3Store($accounts, NO_ACCOUNTS);
  const activeNamespace = useW3Store($activeNamespace, NO_NAMESPACE);
  const [signIns, setSignIns] = useState(0);
  const [result, setResult] = useState<UseW3SiwxSessionsResult>({ sessions: [], loading: true, error: undefined });
  useEffect(
    () =>
      getInstance().subscribeEvents((event) => {
        if (SIWX_EVENTS.has(event.type)) setSignIns((n) => n + 1);
      }),
    [],
  );
  const ns = namespace ?? activeNamespace;
  const account = ns ? accounts[ns] : undefined;
  const key = account?.status === 'connected' ? account.caipAddress : undefined;
  useEffect(() => {
    let live = true;
    setResult((r) => ({ ...r, loading: true }));
    getInstance()
      .getSiwxSessions(namespace)
      .then(
        (sessions) => live && setResult({ sessions, loading: false, error: undefined }),
        (err: unknown) => live && setResult({ sessions: [], loading: false, error: err instanceof Error ? err : new Error(String(err)) }),
      );
    return () => {
      live = false;
    };
  }, [key, ns, namespace, signIns]);
  return result;
}

/**
 * Calls `callback` with every modal event (`MODAL_OPEN`, `CONNECT_SUCCESS`, ...) from mount to
 * unmount; events from before the mount are not replayed. The latest `callback` is called, so an
 * inline function does not resubscribe on every render.
 */
export function useW3Events(callback: (event: W3Event) => void): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(
    () =>
      $lastEvent.listen((event) => {
        if (event) latest.current(event);
      }),
    [],
  );
}
