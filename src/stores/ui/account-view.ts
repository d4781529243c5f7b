/**
 * What the Account view shows besides the account itself (spec section 9): the selected tab and
 * whether a Blockchain API is configured. While the view listens, the data of the active account
 * and network loads, and loads again when either changes: the native balance from the chain,
 * then with a Blockchain API the token balances, the identity (name, avatar) and the tab's list.
 */
import { atom, computed } from 'nanostores';
import { adapterEntry } from '../../chains/registry.js';
import { $activeAccount } from '../connection/account.js';
import { fetchActivity } from '../portfolio/activity.js';
import { fetchBalances, refreshNativeBalance } from '../portfolio/balances.js';
import { activeTarget, getBlockchainApi } from '../portfolio/blockchain.js';
import { disconnect } from '../connection/disconnect.js';
import { loadAccountIdentity } from '../portfolio/identity.js';
import { whileListened } from '../app/lifecycle.js';
import { closeModal } from './modal.js';
import { $activeNetwork, $unknownNetwork } from '../network/networks.js';
import { fetchNfts } from '../portfolio/nfts.js';
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

function loadTab(tab: AccountTab): void {
  if (tab === 'tokens') void fetchBalances();
  else if (tab === 'nfts') void fetchNfts();
  else void fetchActivity();
}

/** Loads what the view shows of the active account. */
function loadAccount(): void {
  void refreshNativeBalance();
  if (!getBlockchainApi()) {
    if ($accountView.get().tokensFromChain) void fetchBalances();
    return;
  }
  void fetchBalances();
  void loadAccountIdentity();
  loadTab($tab.get());
}

// Each showing of the view starts on Tokens and loads; then it loads again per account or network.
whileListened($accountView, () => {
  $tab.set('tokens');
  let loaded: string | undefined;
  return $accountTarget.subscribe((key) => {
    if (key === loaded) return;
    loaded = key;
    if (key) loadAccount();
  });
});

/** Shows a tab and loads its list. */
export function selectAccountTab(tab: AccountTab): void {
  $tab.set(tab);
  loadTab(tab);
}

/** The view's Disconnect: disconnects, then closes the modal (also when disconnecting failed). */
export function disconnectAndClose(): Promise<void> {
  return disconnect().finally(() => void closeModal());
}
