/**
 * The transaction list of the active account (Blockchain API history, on namespaces whose rules
 * have the `activity` feature; spec section 9; without a Blockchain API, the history the
 * namespace's adapter reads from the chain where its entry `readsActivity`: Bitcoin's Esplora), a fetcher store that loads while listened: loading, then empty or filled, cursor paging; a failure marks it empty with
 * 'Failed to fetch transactions'. Only the active chain's transactions show, and those whose
 * transfers are all spam NFTs are hidden.
 */
import { atom, computed } from 'nanostores';
import type { Transaction } from '../../wire/blockchain-api.js';
import type { HistoryReply } from '../../wire/blockchain-api.js';
import { adapterEntry, chainRules, loadAdapter } from '../../chains/registry.js';
import { createFetcherStore } from '../app/fetcher.js';
import { $activeTarget, getBlockchainApi, now, type AccountTarget } from './blockchain.js';
import { onReset } from '../app/reset.js';

export interface ActivityState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  key: string | undefined;
  transactions: Transaction[];
  /** Cursor of the next page; null at the end. */
  next: string | null;
  loadingMore: boolean;
}

interface Page {
  transactions: Transaction[];
  next: string | null;
}

const IDLE: ActivityState = { status: 'idle', key: undefined, transactions: [], next: null, loadingMore: false };

const allSpam = (t: Transaction) => t.transfers.length > 0 && t.transfers.every((x) => x.nft_info?.flags.is_spam === true);

/** The transactions to show on `network`: its own chain's, without all-spam ones. */
export function visibleTransactions(list: readonly Transaction[], caipNetworkId: string, reference: string): Transaction[] {
  return list.filter((t) => (t.metadata.chain === caipNetworkId || t.metadata.chain === reference) && !allSpam(t));
}

const $historyTarget = computed($activeTarget, (t) =>
  t &&
  chainRules(t.network.chainNamespace)?.features?.activity &&
  (getBlockchainApi() || adapterEntry(t.network.chainNamespace)?.readsActivity)
    ? t
    : undefined,
);

/** One page of history: from the Blockchain API, else from the chain through the namespace's adapter. */
async function historyPage({ address, network }: AccountTarget, cursor?: string): Promise<HistoryReply> {
  const api = getBlockchainApi();
  if (api) return api.getHistory(address, { chainId: network.caipNetworkId, cursor });
  const adapter = await loadAdapter(network.chainNamespace);
  if (!adapter?.readActivity) throw new Error('No Blockchain API');
  return adapter.readActivity(network, address, cursor);
}

/** The loaded pages of the active account's history; each showing asks again (a short lifetime only shares a burst of reads). */
export const $history = createFetcherStore<Page, AccountTarget>($historyTarget, {
  key: (t) => t.key,
  lifetimeMs: 2000,
  now,
  fetcher: async (target) => {
    const { network } = target;
    const reply = await historyPage(target);
    return { transactions: visibleTransactions(reply.data, network.caipNetworkId, String(network.id)), next: reply.next };
  },
});

/** A next page under way. */
export const $activityLoadingMore = atom(false);

/** The list as the Account view reads it: a refresh keeps the list shown; a failure is an empty list with an error. */
export const $activity = computed([$history, $activityLoadingMore], ({ data, loading, error, key }, loadingMore): ActivityState => {
  if (key === undefined) return IDLE;
  if (data && (loading || error === undefined)) return { status: 'ready', key, ...data, loadingMore };
  if (loading) return { ...IDLE, status: 'loading', key };
  return { ...IDLE, status: error !== undefined ? 'error' : 'ready', key };
});

/** Loads the first page again (newest first). Never rejects. */
export const fetchActivity = (): Promise<void> => $history.fetch({ force: true });

/** Loads the next page when there is one and none is loading; a page for a list since replaced is dropped. Never rejects. */
export async function fetchMoreActivity(): Promise<void> {
  const t = $historyTarget.get();
  const { data: page, key, loading } = $history.value ?? { loading: false };
  if (!t || !page || key !== t.key || loading || !page.next || $activityLoadingMore.get()) return;
  $activityLoadingMore.set(true);
  try {
    const reply = await historyPage(t, page.next);
    if ($history.value?.data !== page) return;
    const seen = new Set(page.transactions.map((x) => x.id));
    const more = visibleTransactions(reply.data, t.network.caipNetworkId, String(t.network.id)).filter((x) => !seen.has(x.id));
    $history.mutate({ transactions: [...page.transactions, ...more], next: reply.next });
  } catch {
    // the list stays; scrolling again retries
  } finally {
    $activityLoadingMore.set(false);
  }
}

const hasHash = (hash: string) =>
  ($history.value?.data?.transactions ?? []).some((t) => t.metadata.hash.toLowerCase() === hash.toLowerCase());

/**
 * After a send: refreshes the list until the transaction shows (the indexer may need a moment),
 * at most `timeoutMs`.
 */
export async function watchTransaction(hash: string, { intervalMs = 1000, timeoutMs = 20_000 } = {}): Promise<boolean> {
  const start = Date.now();
  for (;;) {
    await fetchActivity();
    if (hasHash(hash)) return true;
    if (Date.now() - start >= timeoutMs) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export function resetActivity(): void {
  $activityLoadingMore.set(false);
  $history.reset();
}
onReset(resetActivity);
