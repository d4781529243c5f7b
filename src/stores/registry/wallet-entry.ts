/**
 * A registry wallet and how it matches an installed connector: the state-free half of the
 * registry, shared by the Connect view's stores and the lazy `wallet-registry` module.
 */
import type { WalletEntry } from '../../wire/provider-api.js';
import { $connectors, type Connector } from '../connection/connectors.js';

/** A registry wallet with the URL of its image on the configured backend. */
export interface RegistryWallet extends WalletEntry {
  imageUrl: string;
}

/** The Connect view's registry wallets: featured, recommended, and how many All Wallets lists. */
export interface WalletLists {
  featured: RegistryWallet[];
  recommended: RegistryWallet[];
  /** How many wallets All Wallets lists (the registry after include/exclude and chain filter). */
  count: number;
}

/** True for a wallet installed in this browser: announced (EIP-6963) or injected. */
export function isInstalledConnector(connector: Connector): boolean {
  return connector.type === 'ANNOUNCED' || connector.type === 'INJECTED';
}

/** The installed connector (announced or injected) that is this registry wallet, if any. */
export function installedConnectorFor(
  wallet: Pick<WalletEntry, 'rdns' | 'name' | 'injected'>,
  connectors: readonly Connector[] = $connectors.get(),
): Connector | undefined {
  const ids = new Set([wallet.rdns, ...(wallet.injected ?? []).map((i) => i.injected_id)].filter(Boolean));
  return connectors.find(
    (c) => isInstalledConnector(c) && ((c.rdns && ids.has(c.rdns)) || c.name.toLowerCase() === wallet.name.toLowerCase()),
  );
}
