/**
 * eip155's registry entry: its discovery (EIP-6963 and injected, in the first chunk), its adapter
 * (viem, lazy) and its rules and labels.
 */
import type { AdapterEntry, ChainAdapter } from '../types.js';
import { watchWallets } from './discovery.js';
import { eip155Rules } from './rules.js';

export const eip155Entry: AdapterEntry = {
  namespace: 'eip155',
  discovery: async () => watchWallets,
  load: async () => (await import('./adapter.js')).eip155Adapter as ChainAdapter,
  rules: eip155Rules,
  appConnectors: true,
};
