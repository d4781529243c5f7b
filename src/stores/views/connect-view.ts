/**
 * What the Connect view shows (spec section 9): its features, the wallet registry's state and the
 * wallet rows in the connector type order. While the view listens, the registry's featured and
 * recommended wallets load (when a backend is configured) and WalletConnect gets ready in the
 * background (when configured), so a click on it only has to pair.
 */
import { computed } from 'nanostores';
import { $connectors } from '../connection/connectors.js';
import { whileListened } from '../app/lifecycle.js';
import { $features } from '../app/options.js';
import { $recentWallets } from '../connection/recent.js';
import { prepareWalletConnect } from '../walletconnect/connector.js';
import { $wcConfigured } from '../walletconnect/state.js';
import { loadWalletRegistry } from '../registry/loader.js';
import { $walletList, type RegistryWallet } from '../registry/wallet-list.js';
import { sortWalletRows } from '../registry/wallet-rows.js';

export const $connectView = computed([$features, $connectors, $recentWallets, $walletList], (features, connectors, recent, registry) => ({
  features,
  registry,
  rows: sortWalletRows(connectors, features.connectorTypeOrder, recent, registry),
}));

// Listening to $connectView listens to $walletList: the registry loads.
whileListened($connectView, () =>
  $wcConfigured.subscribe((configured) => {
    if (configured) prepareWalletConnect();
  }),
);

/** A registry wallet's row: connects it (its extension, or the WalletConnect QR with its links). */
export function chooseRegistryWallet(wallet: RegistryWallet): void {
  void loadWalletRegistry().then((m) => m.selectRegistryWallet(wallet));
}
