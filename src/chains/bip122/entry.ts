/**
 * Bitcoin's registry entry: discovery (Wallet Standard) and the adapter load when a bip122
 * network is configured and used; nothing of it is in the first chunk but its rules. Without a
 * Blockchain API the Tokens list reads BTC from the network's Esplora API (`readsTokens`).
 */
import type { AdapterDiscovery, AdapterEntry, ChainAdapter } from '../types.js';
import { bip122Rules } from './rules.js';

export const bip122Entry: AdapterEntry = {
  namespace: 'bip122',
  discovery: async () => (await import('./discovery.js')).watchBitcoinWallets as AdapterDiscovery,
  load: async () => (await import('./adapter.js')).bip122Adapter as ChainAdapter,
  readsTokens: true,
  rules: bip122Rules,
};
