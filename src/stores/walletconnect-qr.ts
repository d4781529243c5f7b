/**
 * What the WalletConnect QR views (ConnectingWalletConnect and its Basic mode) show: the pairing,
 * whether WalletConnect is configured, and the registry wallet the QR is for. While a view
 * listens, pairing runs (when configured) and a wallet's approval shows Account; when nothing
 * listens any more, pairing stops offering URIs.
 */
import { computed } from 'nanostores';
import { $isConnected } from './account.js';
import { whileListened } from './lifecycle.js';
import { $router, resetRouter, type RouterState } from './router.js';
import { $wcConfigured, $wcPairing } from './walletconnect.js';
import { cancelWalletConnectPairing, pairWalletConnect } from './walletconnect-pairing.js';
import type { RegistryWallet } from './wallet-list.js';

/** The registry wallet the ConnectingWalletConnect view was pushed with (none in the Basic mode). */
export function qrWallet(router: RouterState): RegistryWallet | undefined {
  if (router.view === 'ConnectingWalletConnectBasic') return undefined;
  const wallet = router.data?.['wallet'];
  return wallet && typeof wallet === 'object' ? (wallet as RegistryWallet) : undefined;
}

export const $walletConnectQr = computed([$wcPairing, $wcConfigured, $router], (pairing, configured, router) => ({
  pairing,
  configured,
  wallet: qrWallet(router),
}));

/**
 * Starts pairing for the shown view's wallet (also its 'Try again'); once a wallet approved and
 * connected while that view still shows, shows Account. A failure shows in the pairing state.
 */
export function startQrPairing(): void {
  const router = $router.get();
  pairWalletConnect(qrWallet(router)).then(
    () => {
      if ($isConnected.get() && $router.get().view === router.view) resetRouter('Account');
    },
    () => undefined,
  );
}

whileListened($walletConnectQr, () => {
  if ($wcConfigured.get()) startQrPairing();
  return cancelWalletConnectPairing;
});
