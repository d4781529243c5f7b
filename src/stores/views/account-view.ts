/**
 * What the Account view shows besides the account itself (spec section 9): the selected tab and
 * whether a Blockchain API is configured. While the view listens, the native balance of the active
 * account and network is read from the chain (again when either changes) and its identity (name,
 * avatar) loads into the account state. The lists are fetcher stores that load while listened:
 * the view reads the token balances ($balances) and the open tab's list ($accountTabList), so a
 * tab's list loads when its tab shows.
 */
import { atom, computed } from 'nanostores';
import { adapterEntry } from '../../chains/registry.js';
import { $activeAccount } from '../connection/account.js';
import { $activity, type ActivityState } from '../portfolio/activity.js';
import { $tokenBalances, refreshNativeBalance } from '../portfolio/balances.js';
import { activeTarget } from '../portfolio/blockchain.js';
import { disconnect } from '../connection/disconnect.js';
import { followAccountIdentity } from '../portfolio/identity.js';
import { whileListened } from '../app/lifecycle.js';
import { closeModal } from '../ui/modal.js';
import { $activeNetwork, $unknownNetwork } from '../network/networks.js';
import { $nfts, type NftsState } from '../portfolio/nfts.js';
import { $options } from '../app/options.js';

export type AccountTab = 'tokens' | 'nfts' | 'activity';

export interface AccountViewState {
  tab: AccountTab;
  /** A Blockchain API is configured: tokens, NFTs and activity show. */
  withApi: boolean;
  /** Without one, the active network's adapter reads the tokens from the chain (Solana): Tokens shows. */
  tokensFromChain: boolean;
}

const $tab = atom<AccountTab>('tokens');

/** The account and network the view's data is for (`caipNetworkId|address`); undefined when none. */
export const $accountTarget = computed([$activeAccount, $activeNetwork, $unknownNetwork], () => activeTarget()?.key);

export const $accountView = computed(
  [$tab, $options, $activeNetwork],
  (tab, options, network): AccountViewState => ({
    tab,
    withApi: Boolean(options?.blockchainApiUrl && options.projectId),
    tokensFromChain: !!(network && adapterEntry(network.chainNamespace)?.readsTokens),
  }),
);

// Each showing of the view starts on Tokens; the native balance is read per account and network.
whileListened($accountView, () => {
  $tab.set('tokens');
  let loaded: string | undefined;
  const offTarget = $accountTarget.subscribe((key) => {
    if (key === loaded) return;
    loaded = key;
    if (key) void refreshNativeBalance();
  });
  const offIdentity = followAccountIdentity();
  return () => {
    offTarget();
    offIdentity();
  };
});

/**
 * The open tab's list (NFTs or Activity); listening to it loads that list only. Opening the
 * Tokens tab is a look at the token balances (a listener of their store while it shows): past
 * their 30 s cache it asks again (`staleOnLook`: the view listens to the balances all along for
 * its total, so a first listener alone would not).
 */
export const $accountTabList = atom<{ nfts?: NftsState; activity?: ActivityState }>({});

whileListened($accountTabList, () => {
  let off: (() => void) | undefined;
  const offTab = $tab.subscribe((tab) => {
    off?.();
    off = undefined;
    if (tab === 'nfts') off = $nfts.subscribe((nfts) => $accountTabList.set({ nfts }));
    else if (tab === 'activity') off = $activity.subscribe((activity) => $accountTabList.set({ activity }));
    else {
      $accountTabList.set({});
      off = $tokenBalances.listen(() => undefined);
    }
  });
  return () => {
    offTab();
    off?.();
  };
});

/** Shows a tab (its list loads as the view reads it). */
export function selectAccountTab(tab: AccountTab): void {
  $tab.set(tab);
}

/** The view's Disconnect: disconnects, then closes the modal (also when disconnecting failed). */
export function disconnectAndClose(): Promise<void> {
  return disconnect().finally(() => void closeModal());
}
