import type { WalletEntry } from '../../wire/provider-api.js';
import type { ConnectorTypeOrderItem } from '../../core/options.js';
import { sortConnectors } from '../connection/connect.js';
import { walletKey, type Connector } from '../connection/connectors.js';
import { recentWalletKey, type RecentWallet } from '../connection/recent.js';
import { installedConnectorFor, type RegistryWallet } from './wallet-list.js';

export type WalletRow =
  | { kind: 'connector'; connector: Connector; tag: string | undefined }
  | { kind: 'wallet'; wallet: RegistryWallet; tag: string | undefined };

/**
 * The Connect view's wallet rows in the connector type order: connectors by type, and the
 * registry's featured and recommended wallets in their groups. A registry wallet that is
 * installed shows once, as its connector; a wallet with connectors in several namespaces (the
 * same name) shows once, in its first group (issue 28: never 'Recent' twice, nor 'Recent' and
 * 'Installed').
 */
export function sortWalletRows(
  connectors: readonly Connector[],
  order: readonly ConnectorTypeOrderItem[],
  recent: readonly RecentWallet[],
  registry: { featured: readonly RegistryWallet[]; recommended: readonly RegistryWallet[] },
): WalletRow[] {
  const rows: WalletRow[] = [];
  /** The wallets (walletKey) shown as connector rows. */
  const usedConnectors = new Set<string>();
  const usedWallets = new Set<string>();
  for (const group of order) {
    if (group === 'recent') {
      for (const r of recent) {
        // Its connector, or (an entry of another namespace's connector, not announced here) one of the same wallet.
        const connector =
          connectors.find((c) => c.id === r.id && c.type !== 'AUTH') ??
          (r.walletConnect
            ? undefined
            : connectors.find((c) => c.type !== 'AUTH' && c.type !== 'WALLET_CONNECT' && walletKey(c) === recentWalletKey(r)));
        if (connector) {
          if (usedConnectors.has(walletKey(connector))) continue;
          usedConnectors.add(walletKey(connector));
          rows.push({ kind: 'connector', connector, tag: 'Recent' });
          continue;
        }
        // A wallet last connected over WalletConnect: its registry entry, or what was stored of it.
        // (A connector's recent entry whose wallet is gone, e.g. an uninstalled extension, shows nothing.)
        if (!r.walletConnect) continue;
        const wallet = [...registry.featured, ...registry.recommended].find((w) => w.id === r.id) ?? recentRegistryWallet(r);
        if (usedWallets.has(wallet.id) || installedConnectorFor(wallet, connectors)) continue;
        usedWallets.add(wallet.id);
        rows.push({ kind: 'wallet', wallet, tag: 'Recent' });
      }
      continue;
    }
    if (group === 'featured' || group === 'recommended') {
      for (const wallet of registry[group]) {
        if (usedWallets.has(wallet.id) || installedConnectorFor(wallet, connectors)) continue;
        usedWallets.add(wallet.id);
        rows.push({ kind: 'wallet', wallet, tag: undefined });
      }
      continue;
    }
    for (const { connector, tag } of sortConnectors(connectors, [group], recent)) {
      if (usedConnectors.has(walletKey(connector))) continue;
      usedConnectors.add(walletKey(connector));
      rows.push({ kind: 'connector', connector, tag: tag ?? (connector.type === 'WALLET_CONNECT' ? 'QR code' : undefined) });
    }
  }
  return rows;
}

/**
 * How many wallet rows the Connect view shows above its All Wallets row: a few, so the list
 * never fills a phone screen (fewer on a narrow viewport, where the modal is a bottom sheet).
 */
export const CONNECT_ROWS_WIDE = 5;
export const CONNECT_ROWS_NARROW = 3;

/**
 * The first `max` rows, in order, where the page's own wallets (connectors: WalletConnect,
 * recent, installed, external) come before registry suggestions: registry wallets fill only
 * the room the connectors leave. The rest are in All Wallets.
 */
export function limitWalletRows(rows: readonly WalletRow[], max: number): WalletRow[] {
  let connectorRoom = max;
  let walletRoom = Math.max(0, max - rows.filter((r) => r.kind === 'connector').length);
  return rows.filter((r) => (r.kind === 'connector' ? connectorRoom-- > 0 : walletRoom-- > 0));
}

/** A registry entry that knows only its id and name: no links, stores or injected ids. */
export function bareWalletEntry(id: string, name: string): WalletEntry {
  return {
    id,
    name,
    homepage: null,
    image_id: id,
    order: 0,
    rdns: null,
    chains: [],
    badge_type: 'none',
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    link_mode: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    injected: null,
    supports_wc: true,
  };
}

/** A recent WalletConnect wallet as a registry row when its entry is not loaded: QR pairing works, links are unknown. */
function recentRegistryWallet(r: RecentWallet): RegistryWallet {
  return { ...bareWalletEntry(r.id, r.name), rdns: r.rdns ?? null, imageUrl: r.imageUrl ?? '' };
}

/** The All Wallets row's tag: the count rounded down to tens with a plus ('990+'). */
export function walletCountTag(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > 10 ? `${Math.floor(count / 10) * 10}+` : String(count);
}
