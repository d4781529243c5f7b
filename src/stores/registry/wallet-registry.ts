/**
 * The wallet registry (lazy chunk): featured, recommended and paged wallets from the Provider
 * API, search, image preloading, and choosing a wallet (spec sections 7 and 9).
 */
import { atom } from 'nanostores';
import type { ProviderApi } from '../../api/provider-api.js';
import type { GetWalletsParams, WalletEntry } from '../../wire/provider-api.js';
import { WALLETS } from '../../core/constants.js';
import { MissingConfigError } from '../../core/errors.js';
import { isSafeWalletLink } from '../../core/links.js';
import { connectWithConnector } from '../connection/connect.js';
import { $options } from '../app/options.js';
import type { StoreMessage } from '../ui/messages.js';
import { getProviderApi } from '../app/project.js';
import { pushView } from '../ui/router.js';
import { storage } from '../app/storage.js';
import { $walletList, installedConnectorFor, type RegistryWallet } from './wallet-list.js';

export interface AllWalletsState {
  wallets: RegistryWallet[];
  count: number;
  /** Pages fetched so far (1-based); each page is fetched once. */
  pages: number[];
  loading: boolean;
  error?: StoreMessage;
}

export interface WalletSearchState {
  term: string;
  status: 'idle' | 'waiting' | 'ready' | 'error';
  results: RegistryWallet[];
  error?: StoreMessage;
}

const EMPTY_ALL: AllWalletsState = { wallets: [], count: 0, pages: [], loading: false };
export const $allWallets = atom<AllWalletsState>(EMPTY_ALL);
export const $walletSearch = atom<WalletSearchState>({ term: '', status: 'idle', results: [] });

function api(): ProviderApi {
  const client = getProviderApi();
  if (!client) throw new MissingConfigError('Project ID Not Configured', { messageCode: 'ProjectIdNotConfigured' });
  return client;
}

/** The chain filter: the namespaces of the configured networks (a wallet for any of them). */
function chains(): string[] {
  return [...new Set(($options.get()?.networks ?? []).map((n) => n.chainNamespace))];
}

/** include/exclude from the options, plus extra ids to exclude. */
function filters(extraExclude: readonly string[] = []): Pick<GetWalletsParams, 'include' | 'exclude' | 'chains'> {
  const options = $options.get();
  const exclude = [...(options?.excludeWalletIds ?? []), ...extraExclude];
  return {
    ...(options?.includeWalletIds?.length ? { include: options.includeWalletIds } : {}),
    ...(exclude.length ? { exclude } : {}),
    chains: chains(),
  };
}

function withImage(entry: WalletEntry): RegistryWallet {
  return { ...entry, imageUrl: api().walletImageUrl(entry.image_id) };
}

/**
 * Waits until the images have loaded (or failed), at most `capMs` (spec: 2 s), so a page shows
 * with its first images instead of empty boxes. Does nothing where there is no Image (Node).
 */
export function preloadImages(urls: readonly string[], capMs: number = WALLETS.imagePreloadCapMs): Promise<void> {
  if (typeof Image === 'undefined' || urls.length === 0) return Promise.resolve();
  const loads = urls.map(
    (url) =>
      new Promise<void>((resolve) => {
        const img = new Image();
        img.onload = img.onerror = () => resolve();
        img.src = url;
      }),
  );
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, capMs);
    void Promise.all(loads).then(() => (clearTimeout(timer), resolve()));
  });
}

/**
 * Featured (featuredWalletIds, else the registry's first 4) and recommended (4 more) wallets.
 * Options replaced meanwhile (another backend, project or filters, or none) make the answer
 * stale: it is dropped, and the list is left to be fetched again for the options now set.
 */
export async function fetchWalletList(): Promise<void> {
  $walletList.set({ ...$walletList.get(), status: 'loading', error: undefined });
  const options = $options.get();
  const stale = (): boolean => {
    if ($options.get() === options) return false;
    if ($walletList.get().status === 'loading') $walletList.set({ status: 'off', featured: [], recommended: [], count: 0 });
    return true;
  };
  try {
    const excluded = new Set(options?.excludeWalletIds ?? []);
    const featuredIds = (options?.featuredWalletIds ?? []).filter((id) => !excluded.has(id));
    let featured: RegistryWallet[];
    if (featuredIds.length) {
      const reply = await api().getWallets({ page: 1, entries: Math.min(featuredIds.length, WALLETS.searchMax), include: featuredIds });
      const byId = new Map(reply.data.map((w) => [w.id, w]));
      featured = featuredIds
        .map((id) => byId.get(id))
        .filter((w): w is WalletEntry => !!w)
        .map(withImage);
    } else {
      const reply = await api().getWallets({ page: 1, entries: WALLETS.featuredDefault, ...filters() });
      featured = reply.data.map(withImage);
    }
    const featuredSet = featured.map((w) => w.id);
    const recommendedReply = await api().getWallets({ page: 1, entries: WALLETS.recommendedFetch, ...filters(featuredSet) });
    const recommended = recommendedReply.data.map(withImage);
    await preloadImages([...featured, ...recommended].map((w) => w.imageUrl));
    if (stale()) return;
    // The recommended query excluded the featured wallets: together they are the whole list.
    $walletList.set({ status: 'ready', featured, recommended, count: recommendedReply.count + featured.length });
  } catch (err) {
    if (stale()) return;
    $walletList.set({ status: 'error', error: { code: 'WALLETS_LOAD_FAILED', error: err }, featured: [], recommended: [], count: 0 });
  }
}

const inFlight = new Map<number, Promise<void>>();

/** Fetches one page of 40 once; later calls for the same page reuse it. */
export function fetchPage(page: number): Promise<void> {
  const state = $allWallets.get();
  if (state.pages.includes(page)) return Promise.resolve();
  const running = inFlight.get(page);
  if (running) return running;
  const run = (async () => {
    $allWallets.set({ ...$allWallets.get(), loading: true, error: undefined });
    try {
      const reply = await api().getWallets({ page, entries: WALLETS.pageSize, ...filters() });
      const wallets = reply.data.map(withImage);
      await preloadImages(wallets.slice(0, WALLETS.imagesPerPage).map((w) => w.imageUrl));
      const current = $allWallets.get();
      const seen = new Set(current.wallets.map((w) => w.id));
      $allWallets.set({
        wallets: [...current.wallets, ...wallets.filter((w) => !seen.has(w.id))],
        count: reply.count,
        pages: [...current.pages, page].sort((a, b) => a - b),
        loading: inFlight.size > 1,
      });
    } catch (err) {
      $allWallets.set({ ...$allWallets.get(), loading: false, error: { code: 'WALLETS_LOAD_FAILED', error: err } });
    } finally {
      inFlight.delete(page);
    }
  })();
  inFlight.set(page, run);
  return run;
}

/** Fetches the next page when more wallets exist than are loaded (infinite scroll). */
export function fetchNextPage(): Promise<void> {
  const { pages, count } = $allWallets.get();
  const last = pages.at(-1) ?? 0;
  // After the first page, `count` says whether another page exists.
  if (last > 0 && last * WALLETS.pageSize >= count) return Promise.resolve();
  return fetchPage(last + 1);
}

/** Forgets the loaded pages (new options, or a retry after an error). */
export function resetAllWallets(): void {
  inFlight.clear();
  $allWallets.set(EMPTY_ALL);
}

let searchTimer: ReturnType<typeof setTimeout> | undefined;
let searchAbort: AbortController | undefined;

/**
 * Searches the registry: results come no sooner than 300 ms after typing stops, up to 100;
 * earlier results stay until newer ones arrive (no flicker); an empty term ends the search.
 */
export function searchWallets(term: string): void {
  clearTimeout(searchTimer);
  searchAbort?.abort();
  const trimmed = term.trim();
  const previous = $walletSearch.get();
  if (!trimmed) {
    $walletSearch.set({ term: '', status: 'idle', results: [] });
    return;
  }
  $walletSearch.set({ ...previous, term: trimmed, status: 'waiting', error: undefined });
  const abort = new AbortController();
  searchAbort = abort;
  searchTimer = setTimeout(async () => {
    try {
      const reply = await api().getWallets(
        { page: 1, entries: WALLETS.searchMax, search: trimmed, ...filters() },
        { signal: abort.signal },
      );
      if (abort.signal.aborted) return;
      const results = reply.data.map(withImage);
      await preloadImages(results.slice(0, WALLETS.imagesPerPage).map((w) => w.imageUrl));
      if (!abort.signal.aborted) $walletSearch.set({ term: trimmed, status: 'ready', results });
    } catch (err) {
      if (!abort.signal.aborted)
        $walletSearch.set({ term: trimmed, status: 'error', results: [], error: { code: 'WALLETS_LOAD_FAILED', error: err } });
    }
  }, WALLETS.searchMinWaitMs);
}

/**
 * Chooses a registry wallet: an installed one connects through its connector
 * (ConnectingExternal); any other goes to ConnectingWalletConnect with its deep links.
 */
export function selectRegistryWallet(wallet: RegistryWallet): void {
  const connector = installedConnectorFor(wallet);
  if (connector) {
    connectWithConnector(connector.id);
    return;
  }
  pushView('ConnectingWalletConnect', { walletId: wallet.id, title: wallet.name, wallet });
}

/** Remembers the deep link the user chose to open a wallet (spec: the deep-link choice is stored); a refused link is never stored. */
export function rememberDeepLink(wallet: Pick<RegistryWallet, 'name'>, href: string): void {
  if (!isSafeWalletLink(href)) return;
  storage.set('deepLinkChoice', { href, name: wallet.name });
}
