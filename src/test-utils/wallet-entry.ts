import type { WalletEntry } from '../wire/provider-api.js';
import { bareWalletEntry } from '../stores/registry/wallet-rows.js';

/** A registry entry for tests: a plain EVM wallet with no links; `extra` overrides any field. */
export function walletEntry(id: string, extra: Partial<WalletEntry> = {}): WalletEntry {
  const name = id.replace(/(^|-)(\w)/g, (_, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`);
  return { ...bareWalletEntry(id, name), order: 1, chains: ['eip155:1'], ...extra };
}
