/**
 * The registry of namespaces: one entry per namespace (src/chains/<namespace>/entry.ts), each
 * with its discovery, its adapter (loaded lazily) and its rules and labels. Stores, elements and
 * the instance reach every namespace through it and nothing else. eip155's discovery (EIP-6963
 * and injected) and every namespace's rules are in the first chunk; Solana's discovery and both
 * adapters load when used (a module loads once).
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

/** The namespace's adapter; undefined when no adapter serves the namespace. */
export const loadAdapter = (namespace: ChainNamespace): Promise<ChainAdapter> | undefined => table.get(namespace)?.load();

/** The namespace's rules and labels (Send, Networks); undefined when it has none. */
export const chainRules = (namespace: string | undefined): ChainRules | undefined =>
  namespace === undefined ? undefined : table.get(namespace as ChainNamespace)?.rules;
