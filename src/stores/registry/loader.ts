/**
 * Loading the wallet registry (first chunk): the lazy `wallet-registry` module, and the Connect
 * view's featured and recommended wallets fetched once on open. The state is in wallet-list.ts.
 */
import { $registryConfigured, $walletList } from './wallet-list.js';

/** Loads the registry module (Provider API client and zod schemas) lazily. */
export const loadWalletRegistry = () => import('./wallet-registry.js');

/** Fetches featured and recommended wallets once when the registry is configured (on open). */
export function ensureWalletList(): void {
  if (!$registryConfigured.get()) {
    if ($walletList.get().status !== 'off') $walletList.set({ status: 'off', featured: [], recommended: [], count: 0 });
    return;
  }
  const { status } = $walletList.get();
  if (status === 'loading' || status === 'ready') return;
  void loadWalletRegistry().then((m) => m.fetchWalletList());
}
