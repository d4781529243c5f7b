/**
 * The wallet registry as the Connect view sees it: featured and recommended wallets and the
 * registry's size, a fetcher store that loads while listened (the Connect, Get Wallet, All
 * Wallets and WalletConnect views listen), keyed by the options that shape the list (backend,
 * project, include/exclude/featured ids, namespaces): new options load again, and an answer for
 * options since replaced is dropped. The requests are in the lazy `wallet-registry` module.
 * `off` means no backend is configured (no apiUrl or no projectId): the registry and
 * WalletConnect are hidden and the Connect view says why.
 */
import { computed } from 'nanostores';
import type { W3ModalOptions } from '../../core/options.js';
import { $options } from '../app/options.js';
import { createFetcherStore } from '../app/fetcher.js';
import type { StoreMessage } from '../ui/messages.js';
import { loadWalletRegistry } from './loader.js';
import type { WalletLists } from './wallet-entry.js';
import { onReset } from '../app/reset.js';

export { installedConnectorFor, isInstalledConnector, type RegistryWallet } from './wallet-entry.js';

export interface WalletListState extends WalletLists {
  status: 'off' | 'idle' | 'loading' | 'ready' | 'error';
  error?: StoreMessage;
}

/** The options when a backend (apiUrl and projectId) is configured, so the registry can be read. */
export const $registryParams = computed($options, (options) => (options?.apiUrl && options.projectId ? options : undefined));

/** True when a backend (apiUrl and projectId) is configured, so the registry can be read. */
export const $registryConfigured = computed($registryParams, Boolean);

/** The options a registry answer depends on, as a cache key. */
export function registryKey(options: W3ModalOptions): string {
  const { apiUrl, projectId, includeWalletIds, excludeWalletIds, featuredWalletIds, networks } = options;
  const namespaces = [...new Set(networks.map((n) => n.chainNamespace))];
  return JSON.stringify([apiUrl, projectId, includeWalletIds ?? [], excludeWalletIds ?? [], featuredWalletIds ?? [], namespaces]);
}

/** Featured and recommended wallets: fetched once per set of options (kept while the page lives). */
const $lists = createFetcherStore<WalletLists, W3ModalOptions>($registryParams, {
  key: registryKey,
  lifetimeMs: Infinity,
  maxEntries: 4,
  fetcher: async (options) => (await loadWalletRegistry()).fetchWalletLists(options),
});

const OFF: WalletListState = { status: 'off', featured: [], recommended: [], count: 0 };

export const $walletList = computed([$registryParams, $lists], (params, { data, loading, error, key }): WalletListState => {
  if (!params) return OFF;
  if (key !== registryKey(params)) return { ...OFF, status: 'idle' };
  if (loading) return { featured: [], recommended: [], count: 0, ...data, status: 'loading' };
  if (error !== undefined) return { ...OFF, status: 'error', error: { code: 'WALLETS_LOAD_FAILED', error } };
  return data ? { ...data, status: 'ready' } : { ...OFF, status: 'idle' };
});

/** Loads the list for the options now set (from the cache when loaded). Never rejects. */
export const fetchWalletList = (): Promise<void> => $lists.fetch();

/** 'Try again' after a failure: asks the registry again. */
export const retryWalletList = (): Promise<void> => $lists.revalidate();

export const resetWalletList = (): void => $lists.reset();
onReset(resetWalletList);
