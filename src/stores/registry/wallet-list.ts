import { atom, computed } from 'nanostores';
import type { WalletEntry } from '../../wire/provider-api.js';
import { $connectors, type Connector } from '../connection/connectors.js';
import type { StoreMessage } from '../ui/messages.js';
import { $options } from '../app/options.js';

/** A registry wallet with the URL of its image on the configured backend. */
export interface RegistryWallet extends WalletEntry {
  imageUrl: string;
}

/**
 * The wallet registry as the Connect view sees it (first chunk, no fetching here): featured and
 * recommended wallets and the registry's size. The lazy `wallet-registry` module fills it (its
 * loader is in loader.ts, so the lazy module imports only this state).
 * `off` means no backend is configured (no apiUrl or no projectId): the registry and
 * WalletConnect are hidden and the Connect view says why.
 */
export interface WalletListState {
  status: 'off' | 'idle' | 'loading' | 'ready' | 'error';
  error?: StoreMessage;
  featured: RegistryWallet[];
  recommended: RegistryWallet[];
  /** How many wallets All Wallets lists (the registry after include/exclude and chain filter). */
  count: number;
}

export const $walletList = atom<WalletListState>({ status: 'off', featured: [], recommended: [], count: 0 });

/** True when a backend (apiUrl and projectId) is configured, so the registry can be read. */
export const $registryConfigured = computed($options, (options) => Boolean(options?.apiUrl && options.projectId));

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
