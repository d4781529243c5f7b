/**
 * Token balances of the active account on the active network, from the Blockchain API
 * (spec sections 3, 5, 9): a 30 s portfolio cache, tokens with zero decimals dropped, only the
 * active chain's tokens. A failed fetch shows 'Token Balance Unavailable' and blocks new
 * fetches of that account and network for 30 s, then fetches again by itself while the view
 * listens; 'Try again' fetches at once. A chain the API does not index (its 400 naming chainId)
 * is 'unsupported', an empty state and no error. The native balance itself is read from the
 * chain (30 s cache).
 */
import { atom } from 'nanostores';
import { adapterEntry } from '../../chains/registry.js';
import type { Network } from '../../wire/networks.js';
import { ApiError } from '../../api/errors.js';
import type { TokenBalance } from '../../wire/blockchain-api.js';
import { BALANCE_RETRY_BLOCK_MS, CACHE_LIFETIME_MS } from '../../core/constants.js';
import { activeTarget, createCache, getBlockchainApi, isActive, now } from './blockchain.js';
import { showError } from '../ui/toast.js';
import { refreshBalance } from '../connection/actions.js';

export interface BalancesState {
  /** `unsupported`: the Blockchain API does not index this chain. */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'unsupported';
  /** The account and network the tokens belong to (`caipNetworkId|address`). */
  key: string | undefined;
  tokens: TokenBalance[];
}

const IDLE: BalancesState = { status: 'idle', key: undefined, tokens: [] };

export const $balances = atom<BalancesState>(IDLE);

const portfolio = createCache<TokenBalance[]>(CACHE_LIFETIME_MS.portfolio);
const nativeReads = createCache<true>(CACHE_LIFETIME_MS.nativeBalance);
/** Per account and network, when the last failure's block ends: the spec's `lastRetry` plus 30 s. */
const blockedUntil = new Map<string, number>();
const unsupported = new Set<string>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let inFlight: { key: string; promise: Promise<void> } | undefined;

/** When the active account and network's block ends (0 when none). */
export const balanceRetryAt = (): number => blockedUntil.get(activeTarget()?.key ?? '') ?? 0;

/** The API answers 400 naming chainId for a chain it does not index. */
const notIndexed = (err: unknown): boolean => err instanceof ApiError && err.status === 400 && err.field === 'chainId';

/** Once the block is over, fetches again what is still shown (someone listens, same account and network). */
function retryWhenUnblocked(key: string): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (isActive(key) && $balances.lc > 0) void fetchBalances();
  }, BALANCE_RETRY_BLOCK_MS);
}

/** Tokens of `chainId` with a non-zero number of decimals, the most valuable first. */
export function usableTokens(list: readonly TokenBalance[], chainId: string): TokenBalance[] {
  return list.filter((t) => t.chainId === chainId && t.quantity.decimals !== '0').sort((a, b) => b.value - a.value);
}

async function load(key: string, address: string, network: Network, force: boolean): Promise<void> {
  const api = getBlockchainApi();
  const chainId = network.caipNetworkId;
  const previous = $balances.get();
  $balances.set({ status: 'loading', key, tokens: previous.key === key ? previous.tokens : [] });
  try {
    // Without a Blockchain API, a namespace whose adapter reads tokens from the chain (Solana) does so.
    const list = api
      ? await api.getBalances(address, { chainId, forceUpdate: force })
      : await import('./chain-balances.js').then((m) => m.readChainBalances(network, address));
    const tokens = usableTokens(list, chainId);
    portfolio.set(key, tokens);
    if (isActive(key)) $balances.set({ status: 'ready', key, tokens });
  } catch (err) {
    if (notIndexed(err)) {
      unsupported.add(key);
      if (isActive(key)) $balances.set({ status: 'unsupported', key, tokens: [] });
      return;
    }
    blockedUntil.set(key, now() + BALANCE_RETRY_BLOCK_MS);
    if (!isActive(key)) return;
    $balances.set({ ...$balances.get(), status: 'error', key });
    showError({ code: 'TOKEN_BALANCE_UNAVAILABLE' });
    retryWhenUnblocked(key);
  }
}

/**
 * Loads the token balances unless the cache has them (`force` skips the cache and asks the
 * server for fresh data). Within 30 s of a failure nothing is fetched. Never rejects.
 */
export function fetchBalances({ force = false }: { force?: boolean } = {}): Promise<void> {
  const target = activeTarget();
  if (!target || (!getBlockchainApi() && !adapterEntry(target.network.chainNamespace)?.readsTokens)) {
    $balances.set(IDLE);
    return Promise.resolve();
  }
  const { key, address, network } = target;
  if (unsupported.has(key)) {
    $balances.set({ status: 'unsupported', key, tokens: [] });
    return Promise.resolve();
  }
  if (!force) {
    const tokens = portfolio.get(key);
    if (tokens) {
      $balances.set({ status: 'ready', key, tokens });
      return Promise.resolve();
    }
  }
  if (inFlight?.key === key) return inFlight.promise;
  // The block holds while its account and network stay shown; coming back to them after a
  // change of chain or account is a fresh attempt.
  if ($balances.get().key === key && now() < (blockedUntil.get(key) ?? 0)) return Promise.resolve();
  const promise = load(key, address, network, force).finally(() => {
    if (inFlight?.promise === promise) inFlight = undefined;
  });
  inFlight = { key, promise };
  return promise;
}

/** 'Try again': lifts the active account and network's block and fetches at once. */
export function retryBalances(): Promise<void> {
  const key = activeTarget()?.key;
  if (key) blockedUntil.delete(key);
  return fetchBalances({ force: true });
}

/** Reads the native balance from the chain, at most every 30 s per account and network unless forced. */
export async function refreshNativeBalance({ force = false }: { force?: boolean } = {}): Promise<void> {
  const target = activeTarget();
  if (!target) return;
  if (!force && nativeReads.get(target.key)) return;
  nativeReads.set(target.key, true);
  await refreshBalance().catch(() => undefined);
}

/** Forgets the caches and the retry block (tests, and a disconnect). */
export function resetBalances(): void {
  portfolio.clear();
  nativeReads.clear();
  blockedUntil.clear();
  unsupported.clear();
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  inFlight = undefined;
  $balances.set(IDLE);
}
