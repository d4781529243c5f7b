/**
 * The transaction list of the active account (Blockchain API history; eip155 only, spec
 * section 9): loading, then empty or filled, cursor paging; a failure marks it empty with
 * 'Failed to fetch transactions'. Only the active chain's transactions show, and those whose
 * transfers are all spam NFTs are hidden.
 */
import { atom } from 'nanostores';
import type { Transaction } from '../../wire/blockchain-api.js';
import { activeTarget, getBlockchainApi, isActive } from './blockchain.js';

export interface ActivityState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  key: string | undefined;
  transactions: Transaction[];
  /** Cursor of the next page; null at the end. */
  next: string | null;
  loadingMore: boolean;
}

const IDLE: ActivityState = { status: 'idle', key: undefined, transactions: [], next: null, loadingMore: false };

export const $activity = atom<ActivityState>(IDLE);

let generation = 0;

const allSpam = (t: Transaction) => t.transfers.length > 0 && t.transfers.every((x) => x.nft_info?.flags.is_spam === true);

/** The transactions to show on `network`: its own chain's, without all-spam ones. */
export function visibleTransactions(list: readonly Transaction[], caipNetworkId: string, reference: string): Transaction[] {
  return list.filter((t) => (t.metadata.chain === caipNetworkId || t.metadata.chain === reference) && !allSpam(t));
}

function target() {
  const t = activeTarget();
  return t && t.network.chainNamespace === 'eip155' && getBlockchainApi() ? t : undefined;
}

/** Loads the first page (newest first). Never rejects. */
export async function fetchActivity(): Promise<void> {
  const api = getBlockchainApi();
  const t = target();
  if (!api || !t) {
    $activity.set(IDLE);
    return;
  }
  const mine = ++generation;
  const previous = $activity.get();
  // A refresh keeps the list shown; a first load (or another account) shows loading.
  if (previous.key !== t.key || previous.status !== 'ready') $activity.set({ ...IDLE, status: 'loading', key: t.key });
  try {
    const reply = await api.getHistory(t.address, { chainId: t.network.caipNetworkId });
    if (mine !== generation || !isActive(t.key)) return;
    const transactions = visibleTransactions(reply.data, t.network.caipNetworkId, String(t.network.id));
    $activity.set({ status: 'ready', key: t.key, transactions, next: reply.next, loadingMore: false });
  } catch {
    if (mine === generation && isActive(t.key)) $activity.set({ ...IDLE, status: 'error', key: t.key });
  }
}

/** Loads the next page when there is one and none is loading. Never rejects. */
export async function fetchMoreActivity(): Promise<void> {
  const api = getBlockchainApi();
  const t = target();
  const state = $activity.get();
  if (!api || !t || state.key !== t.key || state.status !== 'ready' || !state.next || state.loadingMore) return;
  const mine = generation;
  $activity.set({ ...state, loadingMore: true });
  try {
    const reply = await api.getHistory(t.address, { chainId: t.network.caipNetworkId, cursor: state.next });
    if (mine !== generation || !isActive(t.key)) return;
    const seen = new Set(state.transactions.map((x) => x.id));
    const more = visibleTransactions(reply.data, t.network.caipNetworkId, String(t.network.id)).filter((x) => !seen.has(x.id));
    $activity.set({ ...$activity.get(), transactions: [...state.transactions, ...more], next: reply.next, loadingMore: false });
  } catch {
    // the list stays; scrolling again retries
    if (mine === generation) $activity.set({ ...$activity.get(), loadingMore: false });
  }
}

const hasHash = (hash: string) => $activity.get().transactions.some((t) => t.metadata.hash.toLowerCase() === hash.toLowerCase());

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
  generation++;
  $activity.set(IDLE);
}
