import { atom, onMount } from 'nanostores';
import { WALLETS } from '../../core/constants.js';
import { storage, type StorageValue } from '../app/storage.js';

export type RecentWallet = StorageValue<'recentWallets'>[number];

/**
 * The wallet a recent entry stands for (issue 28): a wallet connected through its connectors is
 * one wallet whatever namespaces it connected (EVM and Solana under one name are one entry); a
 * WalletConnect one is its registry wallet.
 */
export const recentWalletKey = (w: Pick<RecentWallet, 'id' | 'name' | 'walletConnect'>): string =>
  w.walletConnect ? `wc:${w.id}` : `name:${w.name.trim().toLowerCase()}`;

/** `list` with each wallet once (its first, newest entry), at most 2 (spec section 9). */
function distinct(list: readonly RecentWallet[]): RecentWallet[] {
  const seen = new Set<string>();
  return list.filter((w) => !seen.has(recentWalletKey(w)) && seen.add(recentWalletKey(w))).slice(0, WALLETS.recentMax);
}

/** Recently used wallets, newest first, each wallet once, at most 2 (spec section 9). */
export const $recentWallets = atom<RecentWallet[]>([]);

onMount($recentWallets, () => {
  // Entries stored before wallets were told apart by name may name one wallet twice.
  $recentWallets.set(distinct(storage.get('recentWallets') ?? []));
});

export function addRecentWallet(wallet: RecentWallet): void {
  const next = distinct([wallet, ...$recentWallets.get().filter((w) => w.id !== wallet.id)]);
  $recentWallets.set(next);
  storage.set('recentWallets', next);
}
