/**
 * The registry of namespaces: one entry per namespace (src/chains/<namespace>/entry.ts), each
 * with its discovery, its adapter (loaded lazily) and its rules and labels. Stores, elements and
 * the instance reach every namespace through it and nothing else. eip155's discovery (EIP-6963
 * and injected) and its rules are in the first chunk; every other namespace's entry is a small
 * descriptor there: its discovery, its adapter and (with `loadRules`) its rules load when the
 * namespace is configured or used (a module loads once), so a page that configures none of its
 * networks does not pay for it.
 *
 * `registerAdapter` adds (or replaces) a namespace's entry: another chain plugs in here (a folder
 * and one line below, or a call at run time) without a change anywhere else.
 */
import type { ChainNamespace } from '../core/caip.js';
import { bip122Entry } from './bip122/entry.js';
import { eip155Entry } from './eip155/entry.js';
import { solanaEntry } from './solana/entry.js';
import type { AdapterEntry, ChainAdapter, ChainRules } from './types.js';

const table = new Map<ChainNamespace, AdapterEntry>([eip155Entry, solanaEntry, bip122Entry].map((entry) => [entry.namespace, entry]));

/**
 * The namespace whose Connect list shows the WalletConnect row and keeps its status; the session's
 * other namespaces join it (src/chains/walletconnect.ts).
 */
export const WALLETCONNECT_HOME: ChainNamespace = 'eip155';

/** Adds or replaces the entry of `entry.namespace`. Returns a function that restores the previous one. */
export function registerAdapter(entry: AdapterEntry): () => void {
  const previous = table.get(entry.namespace);
  table.set(entry.namespace, entry);
  return () => (previous ? table.set(entry.namespace, previous) : table.delete(entry.namespace));
}

export const adapterEntry = (namespace: ChainNamespace): AdapterEntry | undefined => table.get(namespace);

/**
 * Makes the namespace's rules available to `chainRules`: an entry with lazy rules (`loadRules`)
 * gets them loaded into its `rules` (a module loads once). Resolves to them, or undefined when
 * the namespace has none; rejects when they could not load (the next call tries again).
 */
export async function loadChainRules(namespace: ChainNamespace): Promise<ChainRules | undefined> {
  const entry = table.get(namespace);
  if (entry?.loadRules && !entry.rules) entry.rules = await entry.loadRules();
  return entry?.rules;
}

/** The namespace's adapter, with its rules loaded; undefined when no adapter serves the namespace. */
export const loadAdapter = (namespace: ChainNamespace): Promise<ChainAdapter> | undefined =>
  table
    .get(namespace)
    ?.load()
    .then(async (adapter) => (await loadChainRules(namespace), adapter));

/** The namespace's rules and labels (Send, Networks); undefined when it has none, or lazy ones not loaded yet. */
export const chainRules = (namespace: string | undefined): ChainRules | undefined =>
  namespace === undefined ? undefined : table.get(namespace as ChainNamespace)?.rules;
