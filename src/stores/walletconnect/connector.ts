import { atom, computed } from 'nanostores';
import { addConnectors, removeConnector, type Connector } from '../connection/connectors.js';
import { registerConnectorHandler } from '../connection/connect.js';
import { $options } from '../app/options.js';
import { pushView } from '../ui/router.js';
import { storage } from '../app/storage.js';
import type { StoreMessage } from '../ui/messages.js';
import type { RegistryWallet } from '../registry/wallet-list.js';

/**
 * WalletConnect as the first chunk sees it: the connector, the pairing state the QR views show,
 * and the loader of the session module (sign-client, a lazy chunk loaded on first use). Pairing
 * itself is in walletconnect-pairing.ts, loaded with the QR views.
 */
export const WALLETCONNECT_ID = 'walletConnect';

export interface WcPairingState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  uri?: string;
  /** When the shown URI is replaced (ms since the epoch). */
  expiresAt?: number;
  error?: StoreMessage;
  /** The registry wallet the pairing is for, when one was chosen. */
  wallet?: RegistryWallet;
  /** The wallet app the person opened with the URI (its app link): the wallet now shows them the request. */
  openedIn?: { wallet: RegistryWallet; href: string };
}

export const $wcPairing = atom<WcPairingState>({ status: 'idle' });

/** WalletConnect works when the app set a relay and a project id. */
export const $wcConfigured = computed($options, (options) => Boolean(options?.relayUrl && options.projectId));

export const loadWalletConnectSession = () => import('./session.js');

const CONNECTOR: Connector = { id: WALLETCONNECT_ID, type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' };

/**
 * Adds the WalletConnect connector when configured (its Connect-view row opens the QR view) and
 * restores a stored WalletConnect session in the background.
 */
export function initWalletConnect(): void {
  if (!$wcConfigured.get() || typeof window === 'undefined') {
    removeConnector(WALLETCONNECT_ID);
    return;
  }
  addConnectors([CONNECTOR]);
  registerConnectorHandler('WALLET_CONNECT', () => pushView('ConnectingWalletConnect', { title: 'WalletConnect' }));
  if (storage.get('connectedConnectorIds')?.eip155 === WALLETCONNECT_ID) {
    void loadWalletConnectSession().then((m) => m.restoreWcSession());
  }
}

let prepared = false;

/**
 * Loads sign-client and starts its client while the person looks at the Connect view, so a click
 * on WalletConnect only has to pair. Starting the client opens no socket: it connects to the
 * relay once there is a pairing or session.
 */
export function prepareWalletConnect(): void {
  if (prepared || !$wcConfigured.get() || typeof window === 'undefined') return;
  prepared = true;
  const run = (): void => {
    loadWalletConnectSession()
      .then((m) => m.getWcClient())
      .catch(() => {
        prepared = false; // a click tries again and shows the error
      });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 100);
}
