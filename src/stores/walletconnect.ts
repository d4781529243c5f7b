import { atom, computed } from 'nanostores';
import { addConnectors, removeConnector, type Connector } from './connectors.js';
import { registerConnectorHandler } from './connect.js';
import { $options } from './options.js';
import { pushView } from './router.js';
import { storage } from './storage.js';
import type { RegistryWallet } from './wallet-list.js';

/**
 * WalletConnect as the first chunk sees it: the connector, the pairing state the QR views show,
 * and the loader of the session module (sign-client, a lazy chunk loaded on first use).
 */
export const WALLETCONNECT_ID = 'walletConnect';

export interface WcPairingState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  uri?: string;
  /** When the shown URI is replaced (ms since the epoch). */
  expiresAt?: number;
  error?: string;
  /** The registry wallet the pairing is for, when one was chosen. */
  wallet?: RegistryWallet;
}

export const $wcPairing = atom<WcPairingState>({ status: 'idle' });

/** WalletConnect works when the app set a relay and a project id. */
export const $wcConfigured = computed($options, (options) => Boolean(options?.relayUrl && options.projectId));

export const loadWalletConnectSession = () => import('./walletconnect-session.js');

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

let sessionModule: typeof import('./walletconnect-session.js') | undefined;
/** Bumped by every start and cancel, so a start whose chunk arrives after a cancel does nothing. */
let request = 0;

/** Starts pairing (loading sign-client on first use); resolves once a wallet approved and connected. */
export async function pairWalletConnect(wallet?: RegistryWallet): Promise<void> {
  const mine = ++request;
  $wcPairing.set({ status: 'loading', ...(wallet ? { wallet } : {}) });
  let module: typeof import('./walletconnect-session.js');
  try {
    module = sessionModule ??= await loadWalletConnectSession();
  } catch (err) {
    if (mine === request) $wcPairing.set({ status: 'error', error: 'Could not load WalletConnect', ...(wallet ? { wallet } : {}) });
    throw err;
  }
  if (mine !== request) return;
  return module.startWcPairing(wallet);
}

/** Stops offering pairing URIs (the QR view was left). */
export function cancelWalletConnectPairing(): void {
  request++;
  if (sessionModule) sessionModule.stopWcPairing();
  else if ($wcPairing.get().status !== 'idle') $wcPairing.set({ status: 'idle' });
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
      .then((m) => {
        sessionModule ??= m;
        return m.getWcClient();
      })
      .catch(() => {
        prepared = false; // a click tries again and shows the error
      });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 100);
}
