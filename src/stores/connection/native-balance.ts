/**
 * The native balance, kept per account and network (a CAIP-10 key, `eip155:31337:0xabc…`), so a
 * chain switch never shows another chain's figure: the active account on the active network
 * reads its own entry, which is 'loading' until the chain answered and 'unavailable' while it
 * cannot be read (an unreachable RPC, a network the app does not support).
 */
import { computed, map } from 'nanostores';
import { $activeAccount } from './account.js';
import { $activeNetwork, $unknownNetwork } from '../network/networks.js';
import { resettable } from '../app/reset.js';

export interface NativeBalance {
  status: 'loading' | 'ready' | 'unavailable';
  /** Decimal string of the coin (`'10000.0'`); undefined unless read. */
  value: string | undefined;
  symbol: string;
}

export const $nativeBalances = resettable(map<Record<string, NativeBalance>>({}));

/** The CAIP-10 key of an account on a network (the address lower-cased). */
export const balanceKey = (caipNetworkId: string, address: string): string => `${caipNetworkId}:${address.toLowerCase()}`;

/** The balance the account button and Account view show; undefined when no account is connected. */
export const $activeBalance = computed(
  [$activeAccount, $activeNetwork, $unknownNetwork, $nativeBalances],
  (account, network, unknown, all): NativeBalance | undefined => {
    if (!account.address || account.status !== 'connected') return undefined;
    if (unknown || !network) return { status: 'unavailable', value: undefined, symbol: '' };
    const entry = all[balanceKey(network.caipNetworkId, account.address)];
    return entry ?? { status: 'loading', value: undefined, symbol: network.nativeCurrency.symbol };
  },
);

/** Forgets every balance (tests, and a disconnect). */
export function resetNativeBalances(): void {
  $nativeBalances.set({});
}
