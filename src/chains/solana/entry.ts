/**
 * Solana's registry entry, a small descriptor: discovery (Wallet Standard and injected), the
 * adapter and the rules load when a Solana network is configured or used; the adapter runs on @solana/web3.js, an optional peer: loaded first (./web3.ts), a
 * missing package is a sentence naming it.
 */
import type { AdapterDiscovery, AdapterEntry, ChainAdapter } from '../types.js';

const loadSolanaAdapter = async () => {
  const [{ loadWeb3 }, adapter] = await Promise.all([import('./web3.js'), import('./adapter.js')]);
  await loadWeb3();
  return adapter;
};

export const solanaEntry: AdapterEntry = {
  namespace: 'solana',
  discovery: async () => (await import('./discovery.js')).watchSolanaWallets as AdapterDiscovery,
  load: async () => (await loadSolanaAdapter()).solanaAdapter as ChainAdapter,
  readsTokens: true,
  loadRules: async () => (await import('./rules.js')).solanaRules,
};
