/**
 * Bitcoin's registry entry, a small descriptor: its discovery (Wallet Standard), its adapter and
 * its rules load when a bip122 network is configured or used; a page without one loads nothing
 * of this folder but this file. Without a Blockchain API the Tokens list reads BTC from the
 * network's Esplora API (`readsTokens`), and so does the Activity tab (`readsActivity`).
 */
import type { AdapterDiscovery, AdapterEntry, ChainAdapter } from '../types.js';

export const bip122Entry: AdapterEntry = {
  namespace: 'bip122',
  discovery: async () => (await import('./discovery.js')).watchBitcoinWallets as AdapterDiscovery,
  load: async () => (await import('./adapter.js')).bip122Adapter as ChainAdapter,
  readsTokens: true,
  readsActivity: true,
  loadRules: async () => (await import('./rules.js')).bip122Rules,
};
