/**
 * The adapter table: one entry per namespace, each loading its adapter lazily. The stores reach
 * every namespace through it and nothing else. eip155's discovery (EIP-6963 and injected) is in
 * the first chunk; Solana's discovery and both adapters load when used.
 *
 * `registerAdapter` adds (or replaces) a namespace's entry: a third chain plugs in here without
 * a change anywhere else.
 */
import type { ChainNamespace } from '../core/caip.js';
import { watchWallets } from './eip155/discovery.js';
import type { AdapterEntry, ChainAdapter } from './types.js';

const table = new Map<ChainNamespace, AdapterEntry>([
  [
    'eip155',
    {
      namespace: 'eip155',
      discovery: () => Promise.resolve(watchWallets),
      load: () => import('./eip155/adapter.js').then((m) => m.eip155Adapter as ChainAdapter),
    },
  ],
]);

/** Adds or replaces the entry of `entry.namespace`. Returns a function that restores the previous one. */
export function registerAdapter(entry: AdapterEntry): () => void {
  const previous = table.get(entry.namespace);
  table.set(entry.namespace, entry);
  loaded.delete(entry.namespace);
  return () => {
    if (previous) table.set(entry.namespace, previous);
    else table.delete(entry.namespace);
    loaded.delete(entry.namespace);
  };
}

export function adapterEntry(namespace: ChainNamespace): AdapterEntry | undefined {
  return table.get(namespace);
}

const loaded = new Map<ChainNamespace, Promise<ChainAdapter>>();

/** The namespace's adapter, loaded once; undefined when no adapter serves the namespace. */
export function loadAdapter(namespace: ChainNamespace): Promise<ChainAdapter> | undefined {
  const entry = table.get(namespace);
  if (!entry) return undefined;
  let promise = loaded.get(namespace);
  if (!promise) {
    promise = entry.load();
    loaded.set(namespace, promise);
    // A chunk that failed to load is tried again next time.
    promise.catch(() => loaded.delete(namespace));
  }
  return promise;
}
