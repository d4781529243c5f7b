import { atom, onMount } from 'nanostores';
import { WALLETS } from '../../core/constants.js';
import { storage, type StorageValue } from '../app/storage.js';

export type RecentWallet = StorageValue<'recentWallets'>[number];

/** Recently used wallets, newest first, at most 2 (spec section 9). */
export const $recentWallets = atom<RecentWallet[]>([]);

onMount($recentWallets, () => {
  $recentWallets.set((storage.get('recentWallets') ?? []).slice(0, WALLETS.recentMax));
});

export function addRecentWallet(wallet: RecentWallet): void {
  const next = [wallet, ...$recentWallets.get().filter((w) => w.id !== wallet.id)].slice(0, WALLETS.recentMax);
  $recentWallets.set(next);
  storage.set('recentWallets', next);
}
