import { WALLETCONNECT_HOME } from '../../chains/registry.js';
import type { ChainNamespace } from '../../core/caip.js';
import { addConnectors, removeConnector, type Connector } from '../connection/connectors.js';
import { markRestoring } from '../connection/restore-hint.js';
import { registerConnectorHandler } from '../connection/connect-handlers.js';
import { $router, pushView } from '../ui/router.js';
import { storage } from '../app/storage.js';
import { $wcConfigured, WALLETCONNECT_ID } from './state.js';

/**
 * The WalletConnect connector (first chunk): the Connect view's entry, and the loader of the
 * session module (sign-client, a lazy chunk loaded on first use). Its state is in state.ts.
 */
export const loadWalletConnectSession = () => import('./session.js');

const CONNECTOR: Connector = { id: WALLETCONNECT_ID, type: 'WALLET_CONNECT', name: 'WalletConnect', chain: WALLETCONNECT_HOME };

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
  const stored = storage.get('connectedConnectorIds') ?? {};
  if (stored[WALLETCONNECT_HOME] === WALLETCONNECT_ID) {
    for (const [ns, id] of Object.entries(stored) as [ChainNamespace, string][]) if (id === WALLETCONNECT_ID) markRestoring(ns, id);
    void loadWalletConnectSession().then((m) => m.restoreWcSession());
  }
}

let prepared = false;

/** Connect is on screen: the person may still choose WalletConnect. */
const onConnect = (): boolean => $router.get().view === 'Connect';

/**
 * Loads sign-client and starts its client while the person looks at the Connect view, so a click
 * on WalletConnect only has to pair. Starting the client opens no socket: it connects to the
 * relay once there is a pairing or session. The work (about 30 ms of script on a laptop, in
 * several tasks) waits for an idle moment and is dropped when the person has left Connect by
 * then (All Wallets, another wallet): it would compete with the view they opened. Connect shown
 * again prepares again.
 */
export function prepareWalletConnect(): void {
  if (prepared || !$wcConfigured.get() || typeof window === 'undefined') return;
  prepared = true;
  const run = (): void => {
    if (!onConnect()) {
      prepared = false;
      return;
    }
    loadWalletConnectSession()
      .then(async (m) => {
        if (onConnect()) await m.getWcClient();
        else prepared = false;
      })
      .catch(() => {
        prepared = false; // a click tries again and shows the error
      });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 100);
}
