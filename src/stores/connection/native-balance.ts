/**
 * The native balance, kept per account and network (a CAIP-10 key, `eip155:31337:0xabc…`), so a
 * chain switch never shows another chain's figure: the active account on the active network
 * reads its own entry, which is 'loading' until the chain answered and 'unavailable' while it
 * cannot be read (an unreachable RPC, a network the app does not support).
 */
import { computed, map } from 'nanostores';
import type { Network } from '../../wire/networks.js';
import { $activeAccount, getAccountState, patchAccount } from './account.js';
import { $activeNetwork, $unknownNetwork } from '../network/networks.js';

export interface NativeBalance {
  status: 'loading' | 'ready' | 'unavailable';
  /** Decimal string of the coin (`'10000.0'`); undefined unless read. */
  value: string | undefined;
  symbol: string;
}

export const $nativeBalances = map<Record<string, NativeBalance>>({});

/** The CAIP-10 key of an account on a network (the address lower-cased). */
export const balanceKey = (caipNetworkId: string, address: string): string => `${caipNetworkId}:${address.toLowerCase()}`;

/** The key of the active account on the active network; undefined when none, or on an unsupported chain. */
export const $activeBalanceKey = computed([$activeAccount, $activeNetwork, $unknownNetwork], (account, network, unknown) =>
  account.address && account.status === 'connected' && network && !unknown ? balanceKey(network.caipNetworkId, account.address) : undefined,
);

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

/** Keeps the account state's `balance` (spec section 3) the active key's figure, never another chain's. */
function mirror(): void {
  const current = $activeBalance.get();
  const namespace = $activeNetwork.get()?.chainNamespace;
  if (!namespace || getAccountState(namespace).status !== 'connected') return;
  patchAccount(namespace, { balance: current?.value, balanceSymbol: current?.symbol || undefined });
}

const reads = new Map<string, Promise<void>>();

/**
 * Reads the balance of `address` on `network` with `read` and stores it under their key: the
 * entry keeps a figure it already had for that same key while the read runs, and turns
 * 'unavailable' when the read fails. One read per key at a time. Never rejects.
 */
export function readBalanceInto(network: Network, address: string, read: () => Promise<string>): Promise<void> {
  const key = balanceKey(network.caipNetworkId, address);
  const running = reads.get(key);
  if (running) return running;
  const symbol = network.nativeCurrency.symbol;
  const previous = $nativeBalances.get()[key];
  if (!previous || previous.status === 'unavailable') $nativeBalances.setKey(key, { status: 'loading', value: undefined, symbol });
  mirror();
  const promise = read()
    .then(
      (value) => $nativeBalances.setKey(key, { status: 'ready', value, symbol }),
      () => $nativeBalances.setKey(key, { status: 'unavailable', value: undefined, symbol }),
    )
    .then(() => {
      // A late answer only lands under its own key; the account mirror follows the active one.
      mirror();
    })
    .finally(() => reads.delete(key));
  reads.set(key, promise);
  return promise;
}

/** Forgets every balance (tests, and a disconnect). */
export function resetNativeBalances(): void {
  reads.clear();
  $nativeBalances.set({});
}
