/**
 * The adapter table: one entry per namespace, each loading its adapter lazily. The stores reach
 * every namespace through it and nothing else. eip155's discovery (EIP-6963 and injected) is in
 * the first chunk; Solana's discovery and both adapters load when used (a module loads once).
 * Solana's adapter needs @solana/web3.js, an optional peer: ./solana/web3.ts names it when missing.
 *
 * `registerAdapter` adds (or replaces) a namespace's entry: a third chain plugs in here without
 * a change anywhere else.
 */
import type { ChainNamespace } from '../core/caip.js';
import { watchWallets } from './eip155/discovery.js';
import type { AdapterDiscovery, AdapterEntry, ChainAdapter } from './types.js';

/**
 * Solana's adapter runs on @solana/web3.js, an optional peer: loaded first (./solana/web3.ts), a
 * missing package is a sentence naming it.
 */
const loadSolanaAdapter = async () => {
  const [{ loadWeb3 }, adapter] = await Promise.all([import('./solana/web3.js'), import('./solana/adapter.js')]);
  await loadWeb3();
  return adapter;
};

const table = new Map<ChainNamespace, AdapterEntry>([
  [
    'eip155',
    {
      namespace: 'eip155',
      discovery: async () => watchWallets,
      load: async () => (await import('./eip155/adapter.js')).eip155Adapter as ChainAdapter,
    },
  ],
  [
    'solana',
    {
      namespace: 'solana',
      discovery: async () => (await import('./solana/discovery.js')).watchSolanaWallets as AdapterDiscovery,
      load: async () => (await loadSolanaAdapter()).solanaAdapter as ChainAdapter,
      readsTokens: true,
    },
  ],
]);

/** Adds or replaces the entry of `entry.namespace`. Returns a function that restores the previous one. */
export function registerAdapter(entry: AdapterEntry): () => void {
  const previous = table.get(entry.namespace);
  table.set(entry.namespace, entry);
  return () => (previous ? table.set(entry.namespace, previous) : table.delete(entry.namespace));
}

export const adapterEntry = (namespace: ChainNamespace): AdapterEntry | undefined => table.get(namespace);

/** The namespace's adapter; undefined when no adapter serves the namespace. */
export const loadAdapter = (namespace: ChainNamespace): Promise<ChainAdapter> | undefined => table.get(namespace)?.load();
