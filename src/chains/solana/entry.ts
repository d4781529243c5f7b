/**
 * Solana's registry entry: discovery (Wallet Standard and injected) and the adapter load when
 * used; the adapter runs on @solana/web3.js, an optional peer: loaded first (./web3.ts), a
 * missing package is a sentence naming it.
 */
import type { AdapterDiscovery, AdapterEntry, ChainAdapter } from '../types.js';
import { solanaRules } from './rules.js';

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
  rules: solanaRules,
};
