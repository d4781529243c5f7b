/**
 * Reading the native balance (lazy, with the requests): one fetcher store per namespace, made
 * here and nowhere else (src/stores/app/fetcher.ts: keyed by the CAIP-10 key of the namespace's
 * account on its network, one read per key at a time, an answer kept for
 * CACHE_LIFETIME_MS.nativeBalance, an answer for a key no longer current never shown). That is
 * the one guard of the read: the Account view's look, a connect, a switch and a settled
 * transaction all go through it (`force` skips the cache).
 *
 * A namespace's store is listened from its first read on, so it reads again by itself when its
 * account or network changes; each value lands in `$nativeBalances` under its key (first chunk:
 * what the buttons, the Account view and React read), and the account state's `balance`
 * follows the active key's figure.
 */
import { computed } from 'nanostores';
import { loadAdapter } from '../../chains/registry.js';
import type { ChainNamespace } from '../../core/caip.js';
import { CACHE_LIFETIME_MS } from '../../core/constants.js';
import { AdapterNotFoundError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { createFetcherStore, type FetcherStore, type FetcherValue } from '../app/fetcher.js';
import { onReset } from '../app/reset.js';
import { $activeNamespace, $activeNetwork, $activeNetworkIds, $networks, $unknownNetwork } from '../network/networks.js';
import { $accounts, getAccountState, patchAccount } from './account.js';
import { $activeBalance, $nativeBalances, balanceKey, type NativeBalance } from './native-balance.js';
import { liveSession } from './session-state.js';

interface BalanceTarget {
  key: string;
  network: Network;
  address: string;
}

/** The namespace's account on its network; undefined without an account, or on a chain the app does not support. */
const targetOf = (namespace: ChainNamespace) =>
  computed([$accounts, $networks, $activeNetworkIds, $unknownNetwork], (accounts, list, ids, unknown): BalanceTarget | undefined => {
    const address = accounts[namespace]?.address;
    const mine = list.filter((n) => n.chainNamespace === namespace);
    const network = mine.find((n) => n.caipNetworkId === ids[namespace]) ?? mine[0];
    if (!address || !network || unknown?.namespace === namespace) return undefined;
    return { key: balanceKey(network.caipNetworkId, address), network, address };
  });

/**
 * Keeps the account state's `balance` (spec section 3) the active key's figure, never another
 * chain's: on each answer, and when the active key changes (a namespace made active after its
 * figure was read). Writes only a change, so following $activeBalance cannot loop.
 */
function mirror(): void {
  const current = $activeBalance.get();
  const namespace = $activeNetwork.get()?.chainNamespace;
  if (!namespace) return;
  const state = getAccountState(namespace);
  const balance = current?.value;
  const balanceSymbol = current?.symbol || undefined;
  if (state.status !== 'connected' || (state.balance === balance && state.balanceSymbol === balanceSymbol)) return;
  patchAccount(namespace, { balance, balanceSymbol });
}
$activeBalance.listen(mirror);

/** A fetcher value as the views read it: a figure the key has stays while it reads again, 'unavailable' after a failure. */
function toNative({ data, error }: FetcherValue<string>, symbol: string, previous: NativeBalance | undefined): NativeBalance {
  if (error !== undefined) return { status: 'unavailable', value: undefined, symbol };
  if (data !== undefined) return { status: 'ready', value: data, symbol };
  return previous?.status === 'ready' ? previous : { status: 'loading', value: undefined, symbol };
}

/** One store per namespace (bounded by the registry's namespaces). */
const stores = new Map<ChainNamespace, { store: FetcherStore<string>; target: ReturnType<typeof targetOf> }>();

/** The native balance store of `namespace`, listened from now on (its values land in $nativeBalances). */
export function nativeBalanceStore(namespace: ChainNamespace): FetcherStore<string> {
  const known = stores.get(namespace);
  if (known) return known.store;
  const target = targetOf(namespace);
  const store = createFetcherStore<string, BalanceTarget>(target, {
    key: (t) => t.key,
    lifetimeMs: CACHE_LIFETIME_MS.nativeBalance,
    async fetcher({ network, address }) {
      // Reading needs no wallet: the namespace's adapter reads the chain.
      const adapter = liveSession(namespace)?.adapter ?? (await loadAdapter(namespace));
      if (!adapter) throw new AdapterNotFoundError();
      return adapter.readNativeBalance(network, address);
    },
  });
  stores.set(namespace, { store, target });
  store.subscribe((value) => {
    const symbol = target.get()?.network.nativeCurrency.symbol;
    if (value.key === undefined || symbol === undefined) return;
    $nativeBalances.setKey(value.key, toNative(value, symbol, $nativeBalances.get()[value.key]));
    mirror();
  });
  return store;
}

/**
 * Reads the native balance of `namespace`'s account (the active namespace's by default) on its
 * network, unless read within the cache lifetime; `force` asks the chain now. Never rejects.
 */
export function readNativeBalance(namespace = $activeNamespace.get(), { force = false } = {}): Promise<void> {
  if (!namespace) return Promise.resolve();
  const store = nativeBalanceStore(namespace);
  return force ? store.revalidate() : store.fetch();
}

/** Forgets every read (cache, reads under way: their answers are dropped). */
function resetReads(): void {
  for (const { store } of stores.values()) store.reset();
}
onReset(resetReads);
// resetNativeBalances() (first chunk) forgets the figures: the reads go with them.
$nativeBalances.listen((all) => {
  if (Object.keys(all).length === 0) resetReads();
});
