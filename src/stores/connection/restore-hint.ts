/**
 * The account a reload is restoring, known from storage before any wallet answers (first chunk).
 * A restore waits for the wallet's announcement and its answer; meanwhile the page button draws
 * the stored account as restoring, from its first frame and at the size the restored account
 * takes, instead of 'Connect Wallet' and then a jump. Storage is read when a restore starts or
 * when a page button is drawn in the browser, never at import (the server imports this too).
 */
import { atom, computed } from 'nanostores';
import type { ChainNamespace } from '../../core/caip.js';
import { $options } from '../app/options.js';
import { storage } from '../app/storage.js';
import { networks, presetByCaipId } from '../../wire/networks.js';
import { $activeNamespace } from '../network/networks.js';
import { $accounts, getAccountState, patchAccount } from './account.js';

interface RestoreHints {
  /** The namespace that was active last time (the active one before the modal is created). */
  namespace: ChainNamespace | undefined;
  /** The stored account of each namespace being restored (markRestoring). */
  restoring: Partial<Record<ChainNamespace, string>>;
  /** Before the modal exists: the stored account of each stored connection (readRestoreHints). */
  stored: Partial<Record<ChainNamespace, string>>;
  /** Before the modal exists: the native symbol of each namespace's stored network (a preset's). */
  symbols: Partial<Record<ChainNamespace, string>>;
}

/** A restoring account; `symbol` before the modal exists (its networks are not known yet). */
export interface RestoringAccount {
  namespace: ChainNamespace;
  address: string;
  symbol?: string;
}

export const $restoreHints = atom<RestoreHints>({ namespace: undefined, restoring: {}, stored: {}, symbols: {} });

/** The stored account of a namespace's connection (of `connectorId` when given). */
function storedAddress(namespace: ChainNamespace, connectorId?: string): string | undefined {
  const list = storage.get('connections')?.[namespace] ?? [];
  return (list.find((c) => c.connectorId === connectorId) ?? list[0])?.accounts[0]?.address;
}

let stopWatching: (() => void) | undefined;

/** Drops each hint once its namespace is no longer connecting (restored, or gone). */
function watchSettled(): void {
  stopWatching ??= $accounts.listen((accounts) => {
    const hints = $restoreHints.get();
    const left = Object.fromEntries(
      Object.entries(hints.restoring).filter(([ns]) => accounts[ns as ChainNamespace]?.status === 'connecting'),
    );
    if (Object.keys(left).length === Object.keys(hints.restoring).length) return;
    $restoreHints.set({ ...hints, restoring: left });
    if (Object.keys(left).length === 0) {
      stopWatching?.();
      stopWatching = undefined;
    }
  });
}

/**
 * A stored connection of `namespace` starts restoring: the account is `connecting` from now on
 * (not once the lazy session code has loaded), with the stored account as its hint.
 */
export function markRestoring(namespace: ChainNamespace, connectorId?: string): void {
  const address = storedAddress(namespace, connectorId);
  const hints = $restoreHints.get();
  $restoreHints.set({
    ...hints,
    namespace: hints.namespace ?? storage.get('activeNamespace'),
    restoring: address ? { ...hints.restoring, [namespace]: address } : hints.restoring,
  });
  if (getAccountState(namespace).status === 'disconnected') patchAccount(namespace, { status: 'connecting' });
  watchSettled();
}

let read = false;

/**
 * For a page button drawn before createW3Modal: the stored connections, read once in the browser,
 * so the button's first frame already shows the account the modal will restore.
 */
export function readRestoreHints(): void {
  if (read || typeof window === 'undefined' || $options.get()) return;
  read = true;
  const stored: RestoreHints['stored'] = {};
  const symbols: RestoreHints['symbols'] = {};
  const networkIds = storage.get('activeNetworks') ?? {};
  for (const [ns, id] of Object.entries(storage.get('connectedConnectorIds') ?? {}) as [ChainNamespace, string][]) {
    const address = storedAddress(ns, id);
    if (address) stored[ns] = address;
    // The network chosen last time; none chosen: the namespace's first preset (Ethereum's ETH),
    // the symbol most apps' networks share. The modal's own networks take over once it exists.
    const network =
      (networkIds[ns] ? presetByCaipId(networkIds[ns]) : undefined) ?? Object.values(networks).find((n) => n.chainNamespace === ns);
    if (network) symbols[ns] = network.nativeCurrency.symbol;
  }
  if (Object.keys(stored).length > 0)
    $restoreHints.set({ ...$restoreHints.get(), namespace: storage.get('activeNamespace'), stored, symbols });
}

/**
 * The active namespace's account while its stored connection restores (before the modal exists:
 * the stored one); undefined otherwise, and once the restore has answered.
 */
export const $restoringAccount = computed(
  [$accounts, $activeNamespace, $options, $restoreHints],
  (accounts, active, options, hints): RestoringAccount | undefined => {
    // Once the modal exists, only restores it started count, and only while they run.
    if (options) {
      const address = active ? hints.restoring[active] : undefined;
      return active && address && accounts[active]?.status === 'connecting' ? { namespace: active, address } : undefined;
    }
    const namespace =
      hints.namespace && hints.stored[hints.namespace] ? hints.namespace : (Object.keys(hints.stored)[0] as ChainNamespace | undefined);
    const address = namespace ? hints.stored[namespace] : undefined;
    const symbol = namespace ? hints.symbols[namespace] : undefined;
    return namespace && address ? { namespace, address, ...(symbol ? { symbol } : {}) } : undefined;
  },
);
