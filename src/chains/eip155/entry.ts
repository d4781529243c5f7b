/**
 * eip155's registry entry: its discovery (EIP-6963 and injected) and its adapter (viem) load when
 * an EVM network is configured or used, like every namespace's; its rules and labels stay in the
 * first chunk (React's useW3Network reads `numericChainId` synchronously).
 */
import type { AdapterEntry, ChainAdapter } from '../types.js';
import { eip155Rules } from './rules.js';

export const eip155Entry: AdapterEntry = {
  namespace: 'eip155',
  discovery: async () => (await import('./discovery.js')).watchWallets,
  load: async () => (await import('./adapter.js')).eip155Adapter as ChainAdapter,
  rules: eip155Rules,
  appConnectors: true,
};
