/**
 * Token balances of the active account on the active network, from the Blockchain API
 * (spec sections 3, 5, 9): a 30 s portfolio cache, tokens with zero decimals dropped, only the
 * active chain's tokens. A failed fetch shows 'Token Balance Unavailable' and blocks new
 * fetches for 30 s. The native balance itself is read from the chain (30 s cache).
 */
import { atom } from 'nanostores';
import type { TokenBalance } from '../wire/blockchain-api.js';
import { BALANCE_RETRY_BLOCK_MS, CACHE_LIFETIME_MS } from '../core/constants.js';
import { activeTarget, createCache, getBlockchainApi, isActive, now } from './blockchain.js';
import { showError } from './toast.js';
import { refreshBalance } from './wallet-actions.js';

export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable';

export interface BalancesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The account and network the tokens belong to (`caipNetworkId|address`). */
  key: string | undefined;
  tokens: TokenBalance[];
}

const IDLE: BalancesState = { status: 'idle', key: undefined, tokens: [] };

export const $balances = atom<BalancesState>(IDLE);

const portfolio = createCache<TokenBalance[]>(CACHE_LIFETIME_MS.portfolio);
const nativeReads = createCache<true>(CACHE_LIFETIME_MS.nativeBalance);
let blockedUntil = 0;
let inFlight: { key: string; promise: Promise<void> } | undefined;

/** When the last failure's block ends (0 when none); the spec's `lastRetry` plus 30 s. */
export const balanceRetryAt = (): number => blockedUntil;

/** Tokens of `chainId` with a non-zero number of decimals, the most valuable first. */
export function usableTokens(list: readonly TokenBalance[], chainId: string): TokenBalance[] {
  return list.filter((t) => t.chainId === chainId && t.quantity.decimals !== '0').sort((a, b) => b.value - a.value);
}

async function load(key: string, address: string, chainId: string, force: boolean): Promise<void> {
  const api = getBlockchainApi();
  if (!api) return;
  const previous = $balances.get();
  $balances.set({ status: 'loading', key, tokens: previous.key === key ? previous.tokens : [] });
  try {
    const tokens = usableTokens(await api.getBalances(address, { chainId, forceUpdate: force }), chainId);
    portfolio.set(key, tokens);
    if (isActive(key)) $balances.set({ status: 'ready', key, tokens });
  } catch {
    blockedUntil = now() + BALANCE_RETRY_BLOCK_MS;
    if (isActive(key)) $balances.set({ ...$balances.get(), status: 'error', key });
    showError(TOKEN_BALANCE_UNAVAILABLE);
  }
}

/**
 * Loads the token balances unless the cache has them (`force` skips the cache and asks the
 * server for fresh data). Within 30 s of a failure nothing is fetched. Never rejects.
 */
export function fetchBalances({ force = false }: { force?: boolean } = {}): Promise<void> {
  const target = activeTarget();
  if (!target || !getBlockchainApi()) {
    $balances.set(IDLE);
    return Promise.resolve();
  }
  const { key, address, network } = target;
  if (!force) {
    const tokens = portfolio.get(key);
    if (tokens) {
      $balances.set({ status: 'ready', key, tokens });
      return Promise.resolve();
    }
  }
  if (inFlight?.key === key) return inFlight.promise;
  if (now() < blockedUntil) {
    const current = $balances.get();
    if (current.key !== key) $balances.set({ status: 'error', key, tokens: [] });
    return Promise.resolve();
  }
  const promise = load(key, address, network.caipNetworkId, force).finally(() => {
    if (inFlight?.promise === promise) inFlight = undefined;
  });
  inFlight = { key, promise };
  return promise;
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
  blockedUntil = 0;
  inFlight = undefined;
  $balances.set(IDLE);
}
