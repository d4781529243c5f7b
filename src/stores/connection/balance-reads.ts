/**
 * Reading the native balance into its key (lazy, with the requests): one read per key at a time,
 * a late answer only under its own key, and the account state's `balance` mirroring the active
 * key's figure. The state is in native-balance.ts.
 */
import type { Network } from '../../wire/networks.js';
import { $activeNetwork } from '../network/networks.js';
import { getAccountState, patchAccount } from './account.js';
import { $activeBalance, $nativeBalances, balanceKey } from './native-balance.js';

/** Keeps the account state's `balance` (spec section 3) the active key's figure, never another chain's. */
function mirror(): void {
  const current = $activeBalance.get();
  const namespace = $activeNetwork.get()?.chainNamespace;
  if (!namespace || getAccountState(namespace).status !== 'connected') return;
  patchAccount(namespace, { balance: current?.value, balanceSymbol: current?.symbol || undefined });
}

/** The read under way per key; a reset of the balances forgets them, so the next read starts afresh. */
const reads = new Map<string, Promise<void>>();
$nativeBalances.listen((all) => {
  if (Object.keys(all).length === 0) reads.clear();
});

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
