/**
 * Token balances of the active account on the active network, from the Blockchain API
 * (spec sections 3, 5, 9): a 30 s portfolio cache, tokens with zero decimals dropped, only the
 * active chain's tokens. A failed fetch shows 'Token Balance Unavailable' and blocks new
 * fetches of that account and network for 30 s, then fetches again by itself while the view
 * listens; 'Try again' fetches at once. A chain the API does not index (its 400 naming chainId)
 * is 'unsupported', an empty state and no error. The native balance itself is read from the
 * chain (30 s cache).
 */
import { computed } from 'nanostores';
import { adapterEntry } from '../../chains/registry.js';
import { ApiError } from '../../api/errors.js';
import type { TokenBalance } from '../../wire/blockchain-api.js';
import { BALANCE_RETRY_BLOCK_MS, CACHE_LIFETIME_MS } from '../../core/constants.js';
import { createFetcherStore } from '../app/fetcher.js';
import { $activeTarget, getBlockchainApi, isActive, now, type AccountTarget } from './blockchain.js';
import { showError } from '../ui/toast.js';
import { refreshBalance } from '../connection/actions.js';
import { onReset } from '../app/reset.js';

export interface BalancesState {
  /** `unsupported`: the Blockchain API does not index this chain. */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'unsupported';
  /** The account and network the tokens belong to (`caipNetworkId|address`). */
  key: string | undefined;
  tokens: TokenBalance[];
}

/** The API answers 400 naming chainId for a chain it does not index. */
const notIndexed = (err: unknown): boolean => err instanceof ApiError && err.status === 400 && err.field === 'chainId';

/** Tokens of `chainId` with a non-zero number of decimals, the most valuable first. */
export function usableTokens(list: readonly TokenBalance[], chainId: string): TokenBalance[] {
  return list.filter((t) => t.chainId === chainId && t.quantity.decimals !== '0').sort((a, b) => b.value - a.value);
}

/** The active account and network, when something reads their tokens (the Blockchain API, or the chain's adapter). */
const $tokenTarget = computed($activeTarget, (target): AccountTarget | undefined =>
  target && (getBlockchainApi() || adapterEntry(target.network.chainNamespace)?.readsTokens) ? target : undefined,
);

interface Portfolio {
  tokens: TokenBalance[];
  unsupported: boolean;
}

/** The tokens of the active account and network: loads while listened, and on a look past the 30 s cache (30 s block after a failure). */
export const $tokenBalances = createFetcherStore<Portfolio, AccountTarget>($tokenTarget, {
  key: (t) => t.key,
  lifetimeMs: CACHE_LIFETIME_MS.portfolio,
  errorBlockMs: BALANCE_RETRY_BLOCK_MS,
  // The Tokens tab looks at them while the view listens all along (its total): a look past 30 s asks again.
  staleOnLook: true,
  now,
  async fetcher({ key, address, network }, { force }) {
    const api = getBlockchainApi();
    const chainId = network.caipNetworkId;
    try {
      // Without a Blockchain API, a namespace whose adapter reads tokens from the chain (Solana) does so.
      const list = api
        ? await api.getBalances(address, { chainId, forceUpdate: force })
        : await import('./chain-balances.js').then((m) => m.readChainBalances(network, address));
      return { tokens: usableTokens(list, chainId), unsupported: false };
    } catch (err) {
      if (notIndexed(err)) return { tokens: [], unsupported: true };
      if (isActive(key)) showError({ code: 'TOKEN_BALANCE_UNAVAILABLE' });
      throw err;
    }
  },
});

/** The tokens as the views read them. */
export const $balances = computed($tokenBalances, ({ data, loading, error, key }): BalancesState => {
  if (key === undefined) return { status: 'idle', key, tokens: [] };
  const tokens = data?.tokens ?? [];
  if (loading) return { status: 'loading', key, tokens };
  if (error !== undefined) return { status: 'error', key, tokens };
  return data?.unsupported ? { status: 'unsupported', key, tokens: [] } : { status: 'ready', key, tokens };
});

/** When the active account and network's block ends (0 when none). */
export const balanceRetryAt = (): number => $tokenBalances.blockedUntil();

/**
 * Loads the token balances unless the cache has them (`force` skips the cache and asks the
 * server for fresh data). Within 30 s of a failure nothing is fetched. Never rejects.
 */
export const fetchBalances = ({ force = false }: { force?: boolean } = {}): Promise<void> => $tokenBalances.fetch({ force });

/** 'Try again': lifts the active account and network's block and fetches at once. */
export const retryBalances = (): Promise<void> => $tokenBalances.revalidate();

/**
 * Reads the native balance of the active account and network from the chain, at most every 30 s
 * unless forced: the native balance's own fetcher store (src/stores/connection/balance-reads.ts)
 * keeps the cache, so this and every other read of it share one guard.
 */
export const refreshNativeBalance = ({ force = false }: { force?: boolean } = {}): Promise<void> =>
  refreshBalance(undefined, { force }).catch(() => undefined);

/** Forgets the caches and the retry block (tests, and a disconnect). */
export function resetBalances(): void {
  $tokenBalances.reset();
}
onReset(resetBalances);
