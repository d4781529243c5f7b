/**
 * Each connected account's type (spec 3: eoa, smartAccount, payment for bitcoin): the
 * namespace's own (its chain rules) unless the account is a smart account, which the embedded
 * wallet says of its Safe (src/stores/embedded/account-type.ts). Bounded: a few addresses.
 */
import { atom } from 'nanostores';
import { EMBEDDED_NAMESPACES, type EmbeddedNamespace } from '../../chains/frame-namespaces.js';
import { chainRules } from '../../chains/registry.js';
import type { ChainNamespace } from '../../core/caip.js';
import type { AccountType } from '../../core/options.js';
import { storage } from '../app/storage.js';
import { $accounts, getAccountState, patchAccount } from './account.js';

const MAX_SMART_ACCOUNTS = 16;

/** The namespace whose embedded account can be a smart account (chain rules' `smartAccounts`: eip155). */
export const smartAccountNamespace = (): EmbeddedNamespace | undefined => EMBEDDED_NAMESPACES.find((ns) => chainRules(ns)?.smartAccounts);

/** The smart-account enabled networks' chain ids, as the embedded wallet last answered (stored, spec 3). */
export const $smartAccountNetworks = atom<number[]>(
  (storage.get('smartAccountEnabledNetworks') ?? '').split(',').filter(Boolean).map(Number),
);

/** The smart accounts' addresses (lower case). */
export const $smartAccountAddresses = atom<readonly string[]>([]);

/** The type of `address` on `namespace`. */
export function accountTypeOf(namespace: ChainNamespace, address: string): AccountType {
  if ($smartAccountAddresses.get().includes(address.toLowerCase())) return 'smartAccount';
  return chainRules(namespace)?.accountType ?? 'eoa';
}

/** Marks `address` a smart account (or, `false`, no longer one) and retypes the namespace's accounts. */
export function markSmartAccount(namespace: ChainNamespace, address: string, smart: boolean, deployed = false): void {
  const lower = address.toLowerCase();
  const others = $smartAccountAddresses.get().filter((a) => a !== lower);
  $smartAccountAddresses.set(smart ? [...others, lower].slice(-MAX_SMART_ACCOUNTS) : others);
  const account = getAccountState(namespace);
  if (!$accounts.get()[namespace]) return;
  patchAccount(namespace, {
    allAccounts: account.allAccounts.map((a) => ({ ...a, type: accountTypeOf(namespace, a.address) })),
    smartAccountDeployed: smart && account.address?.toLowerCase() === lower ? deployed : false,
  });
}
