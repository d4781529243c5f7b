import type { ConnectorTypeOrderItem } from '../core/options.js';
import { sortConnectors } from './connect.js';
import type { Connector } from './connectors.js';
import type { RecentWallet } from './recent.js';
import { installedConnectorFor, type RegistryWallet } from './wallet-list.js';

export type WalletRow =
  | { kind: 'connector'; connector: Connector; tag: string | undefined }
  | { kind: 'wallet'; wallet: RegistryWallet; tag: string | undefined };

/**
 * The Connect view's wallet rows in the connector type order: connectors by type, and the
 * registry's featured and recommended wallets in their groups. A registry wallet that is
 * installed shows once, as its connector.
 */
export function sortWalletRows(
  connectors: readonly Connector[],
  order: readonly ConnectorTypeOrderItem[],
  recent: readonly RecentWallet[],
  registry: { featured: readonly RegistryWallet[]; recommended: readonly RegistryWallet[] },
): WalletRow[] {
  const rows: WalletRow[] = [];
  const usedConnectors = new Set<string>();
  const usedWallets = new Set<string>();
  for (const group of order) {
    if (group === 'featured' || group === 'recommended') {
      for (const wallet of registry[group]) {
        if (usedWallets.has(wallet.id) || installedConnectorFor(wallet, connectors)) continue;
        usedWallets.add(wallet.id);
        rows.push({ kind: 'wallet', wallet, tag: undefined });
      }
      continue;
    }
    for (const { connector, tag } of sortConnectors(connectors, [group], recent)) {
      if (usedConnectors.has(connector.id)) continue;
      usedConnectors.add(connector.id);
      rows.push({ kind: 'connector', connector, tag });
    }
  }
  return rows;
}

/** The All Wallets row's tag: the count rounded down to tens with a plus ('990+'). */
export function walletCountTag(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > 10 ? `${Math.floor(count / 10) * 10}+` : String(count);
}
