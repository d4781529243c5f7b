/**
 * WalletConnect pairing for the QR views (spec section 9): loads the session module (sign-client)
 * on first use and starts or stops offering pairing URIs; the state shows in $wcPairing. Loaded
 * with the QR views, not in the first chunk.
 */
import { $wcPairing } from './state.js';
import { loadWalletConnectSession } from './connector.js';
import type { RegistryWallet } from '../registry/wallet-list.js';

let sessionModule: typeof import('./session.js') | undefined;
/** Bumped by every start and cancel, so a start whose chunk arrives after a cancel does nothing. */
let request = 0;

/** Starts pairing (loading sign-client on first use); resolves once a wallet approved and connected. */
export async function pairWalletConnect(wallet?: RegistryWallet): Promise<void> {
  const mine = ++request;
  $wcPairing.set({ status: 'loading', ...(wallet ? { wallet } : {}) });
  let module: typeof import('./session.js');
  try {
    module = sessionModule ??= await loadWalletConnectSession();
  } catch (err) {
    if (mine === request) $wcPairing.set({ status: 'error', error: { code: 'WALLETCONNECT_LOAD_FAILED' }, ...(wallet ? { wallet } : {}) });
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
