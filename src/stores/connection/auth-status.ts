/**
 * The sign-in (SIWX) status of the active account, as RainbowKit's `AuthenticationStatus`:
 * 'loading' while a connection is made or restored and while its session is checked,
 * 'authenticated' once the account on its chain has a session (found, or signed now),
 * 'unauthenticated' otherwise (not connected, no session, sign-in declined, an unsupported chain,
 * or no `siwx` / `siweConfig`). An app gates its content on it while a required sign-in is open.
 * First chunk: a few bytes, beside the account it reads (the SIWX stores in stores/siwx stay lazy);
 * the lazy flow (stores/siwx/flow.ts, sign.ts) records what it found in $siwxCheck.
 */
import { atom, computed } from 'nanostores';
import { $options } from '../app/options.js';
import { $activeAccount } from './account.js';
import { $activeNamespace, $unknownNetwork } from '../network/networks.js';

export type AuthStatus = 'unauthenticated' | 'loading' | 'authenticated';

/** What the flow knows of an account's sign-in: its key (the CAIP-10 address) and the answer so far. */
export interface SiwxCheck {
  key: string;
  result: 'checking' | 'authenticated' | 'unauthenticated';
}

export const $siwxCheck = atom<SiwxCheck | undefined>(undefined);

/** Records the flow's answer for an account (`key`: `namespace:reference:address`). */
export function setSiwxCheck(key: string | undefined, result: SiwxCheck['result']): void {
  $siwxCheck.set(key ? { key, result } : undefined);
}

export const $authStatus = computed(
  [$options, $activeAccount, $activeNamespace, $unknownNetwork, $siwxCheck],
  (options, account, namespace, unknown, check): AuthStatus => {
    if (!options?.siwx && !options?.siweConfig) return 'unauthenticated';
    if (account.status === 'connecting') return 'loading';
    if (account.status !== 'connected' || !account.caipAddress) return 'unauthenticated';
    // On a chain the app does not support, sign-in waits for a supported one.
    if (unknown && unknown.namespace === namespace) return 'unauthenticated';
    // Connected, and the flow has not answered for this account yet: it is about to check.
    if (check?.key !== account.caipAddress) return 'loading';
    return check.result === 'checking' ? 'loading' : check.result;
  },
);
