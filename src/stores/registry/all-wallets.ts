/**
 * All Wallets (spec section 9): the registry in pages of 40 and its search, fetcher stores keyed
 * by the options that shape the registry (wallet-list.ts). Listening loads the first page; the
 * next pages come on scroll (`fetchNextPage`, one at a time, appended with `mutate`: a page for
 * a list since replaced is dropped). The search is a debounced key: results come no sooner than
 * 300 ms after typing stops, and earlier results stay until newer ones arrive (no flicker).
 */
import { atom, computed } from 'nanostores';
import type { W3ModalOptions } from '../../core/options.js';
import { WALLETS } from '../../core/constants.js';
import { createFetcherStore } from '../app/fetcher.js';
import type { StoreMessage } from '../ui/messages.js';
import { $registryParams, registryKey, type RegistryWallet } from './wallet-list.js';
import { fetchRegistryPage, searchRegistry } from './wallet-registry.js';
import { onReset } from '../app/reset.js';

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

type Pages = Pick<AllWalletsState, 'wallets' | 'count' | 'pages'>;

const failed = (error: unknown): StoreMessage => ({ code: 'WALLETS_LOAD_FAILED', error });

/** The loaded pages; a load asks for the first one (the next ones are appended to it). */
const $pages = createFetcherStore<Pages, W3ModalOptions>($registryParams, {
  key: registryKey,
  lifetimeMs: Infinity,
  maxEntries: 4,
  // The page All Wallets opens on: its first row paints first, its images follow (not waited for).
  fetcher: async (options) => ({ ...(await fetchRegistryPage(options, 1, { waitForImages: false })), pages: [1] }),
});

/** The next page under way (one at a time), for the list of `key`. */
let next: { key: string; promise: Promise<void> } | undefined;
const $loadingMore = atom(false);
const $moreError = atom<StoreMessage | undefined>(undefined);

export const $allWallets = computed(
  [$pages, $loadingMore, $moreError],
  ({ data, loading, error }, loadingMore, moreError): AllWalletsState => ({
    wallets: data?.wallets ?? [],
    count: data?.count ?? 0,
    pages: data?.pages ?? [],
    loading: loading || loadingMore,
    error: error !== undefined ? failed(error) : moreError,
  }),
);

/** Fetches the next page when more wallets exist than are loaded (infinite scroll); the first one when none is. Never rejects. */
export function fetchNextPage(): Promise<void> {
  const { data, key } = $pages.get();
  const options = $registryParams.get();
  if (!data || !options || key !== registryKey(options)) return $pages.fetch();
  if (next?.key === key) return next.promise;
  const last = data.pages.at(-1) ?? 0;
  if (last * WALLETS.pageSize >= data.count) return Promise.resolve();
  $moreError.set(undefined);
  $loadingMore.set(true);
  const promise = fetchRegistryPage(options, last + 1).then(
    ({ wallets, count }) => {
      // The list was replaced meanwhile (new options, a retry): this page is not its next one.
      if ($pages.get().data !== data) return;
      const seen = new Set(data.wallets.map((w) => w.id));
      $pages.mutate({ wallets: [...data.wallets, ...wallets.filter((w) => !seen.has(w.id))], count, pages: [...data.pages, last + 1] });
    },
    (error: unknown) => void ($pages.get().data === data && $moreError.set(failed(error))),
  );
  next = { key, promise };
  void promise.finally(() => {
    if (next?.promise !== promise) return;
    next = undefined;
    $loadingMore.set(false);
  });
  return promise;
}

/** 'Try again' after a failure: the page that failed is asked again. */
export function retryAllWallets(): Promise<void> {
  return $moreError.get() ? fetchNextPage() : $pages.revalidate();
}

/** Forgets the loaded pages (tests). */
export function resetAllWallets(): void {
  next = undefined;
  $loadingMore.set(false);
  $moreError.set(undefined);
  $pages.reset();
}
onReset(resetAllWallets);

/** The term typed, trimmed, and the term searched: the same one 300 ms after the last keystroke. */
const $typed = atom('');
const $searched = atom('');
let debounce: ReturnType<typeof setTimeout> | undefined;

const $searchParams = computed([$searched, $registryParams], (term, options) => (term && options ? { term, options } : undefined));
const searchKey = ({ term, options }: { term: string; options: W3ModalOptions }): string => `${registryKey(options)} ${term}`;

const $searchResults = createFetcherStore<RegistryWallet[], { term: string; options: W3ModalOptions }>($searchParams, {
  key: searchKey,
  lifetimeMs: 60_000,
  maxEntries: 16,
  fetcher: ({ term, options }) => searchRegistry(options, term),
});

/** The results shown last: they stay while newer ones load. */
let shown: RegistryWallet[] = [];

export const $walletSearch = computed([$typed, $searchParams, $searchResults], (term, params, results): WalletSearchState => {
  if (!term) return ((shown = []), { term: '', status: 'idle', results: [] });
  const answered = params?.term === term && results.key === searchKey(params) && !results.loading;
  if (answered && results.error !== undefined) return ((shown = []), { term, status: 'error', results: [], error: failed(results.error) });
  if (answered && results.data) return ((shown = results.data), { term, status: 'ready', results: results.data });
  return { term, status: 'waiting', results: shown };
});

/** Searches the registry for `term` (up to 100 wallets) once typing stops for 300 ms; an empty term ends the search. */
export function searchWallets(term: string): void {
  clearTimeout(debounce);
  const trimmed = term.trim();
  $typed.set(trimmed);
  if (!trimmed) return $searched.set('');
  debounce = setTimeout(() => $searched.set(trimmed), WALLETS.searchMinWaitMs);
}

/** Forgets the search and its answers (tests). */
export function resetWalletSearch(): void {
  searchWallets('');
  $searchResults.reset();
}
onReset(resetWalletSearch);
