/**
 * What the WalletConnect QR views (ConnectingWalletConnect and its Basic mode) show: the pairing,
 * whether WalletConnect is configured, and the registry wallet the QR is for. While a view
 * listens, pairing runs (when configured) and a wallet's approval shows Account; when nothing
 * listens any more, pairing stops offering URIs. On a phone ($mobileViewport) the views lead with
 * the wallets' app links, so the registry's featured and recommended wallets load too.
 */
import { computed } from 'nanostores';
import { isSafeWalletLink } from '../../core/links.js';
import { $isConnected } from '../connection/account.js';
import { $mobileViewport } from '../ui/mobile-viewport.js';
import { whileListened } from '../app/lifecycle.js';
import { $router, type RouterState } from '../ui/router.js';
import { leaveConnectFlow } from '../ui/after-connect.js';
import { $wcConfigured, $wcPairing } from './state.js';
import { cancelWalletConnectPairing, pairWalletConnect } from './pairing.js';
import { $walletList, type RegistryWallet, type WalletListState } from '../registry/wallet-list.js';
import { rememberDeepLink } from '../registry/wallet-registry.js';

/** The registry wallet the ConnectingWalletConnect view was pushed with (none in the Basic mode). */
export function qrWallet(router: RouterState): RegistryWallet | undefined {
  if (router.view === 'ConnectingWalletConnectBasic') return undefined;
  const wallet = router.data?.['wallet'];
  return wallet && typeof wallet === 'object' ? (wallet as RegistryWallet) : undefined;
}

/** How many registry wallets the phone layout offers app links for. */
const MOBILE_WALLETS = 6;

/** The registry's featured then recommended wallets that have an app link (mobile_link), once each. */
export function mobileWallets(list: WalletListState): RegistryWallet[] {
  const seen = new Set<string>();
  return [...list.featured, ...list.recommended]
    .filter((w) => isSafeWalletLink(w.mobile_link) && !seen.has(w.id) && seen.add(w.id))
    .slice(0, MOBILE_WALLETS);
}

export const $walletConnectQr = computed(
  [$wcPairing, $wcConfigured, $router, $mobileViewport, $walletList],
  (pairing, configured, router, mobile, list) => ({
    pairing,
    configured,
    wallet: qrWallet(router),
    mobile,
    mobileWallets: mobile ? mobileWallets(list) : [],
  }),
);

/**
 * Starts pairing for the shown view's wallet (also its 'Try again'); once a wallet approved and
 * connected while that view still shows, leaves the connect flow (the modal closes). A failure shows in the pairing state.
 */
export function startQrPairing(): void {
  const router = $router.get();
  pairWalletConnect(qrWallet(router)).then(
    () => {
      if ($isConnected.get() && $router.get().view === router.view) void leaveConnectFlow();
    },
    () => undefined,
  );
}

/**
 * The person opened a wallet's app with the pairing URI (its app link): the choice is stored, and
 * the view shows that the wallet has the connection request until it answers or Cancel.
 */
export function openWalletApp(wallet: RegistryWallet, href: string): void {
  rememberDeepLink(wallet, href);
  const pairing = $wcPairing.get();
  if (pairing.status === 'ready') $wcPairing.set({ ...pairing, openedIn: { wallet, href } });
}

/** Cancel while the wallet has the request: back to the QR with a fresh pairing URI. */
export function cancelWalletApp(): void {
  startQrPairing();
}

whileListened($walletConnectQr, () => {
  // $walletConnectQr listens to $walletList: the registry's wallets (their app links) load.
  if ($wcConfigured.get()) startQrPairing();
  return cancelWalletConnectPairing;
});
