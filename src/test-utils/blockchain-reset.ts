/** Puts the Blockchain API stores back to their start, or shows a state in them (tests). */
import type { WritableAtom } from 'nanostores';
import type { FetcherValue } from '../stores/app/fetcher.js';
import { $activityLoadingMore, $history, resetActivity, type ActivityState } from '../stores/portfolio/activity.js';
import { $tokenBalances, resetBalances, type BalancesState } from '../stores/portfolio/balances.js';
import { setBlockchainApiDeps, setClock } from '../stores/portfolio/blockchain.js';
import { resetIdentities } from '../stores/portfolio/identity.js';
import { $nftList, resetNfts, type NftsState } from '../stores/portfolio/nfts.js';
import { resetSend } from '../stores/send/send.js';

export function resetBlockchainStores(): void {
  setClock(undefined);
  setBlockchainApiDeps({});
  resetBalances();
  resetActivity();
  resetNfts();
  resetIdentities();
  resetSend();
}

/** Shows `state` in the token balances of the active account (as if the API had answered it). */
export function showBalances(state: Pick<BalancesState, 'status' | 'tokens' | 'key'>): void {
  // A request under way has no action of its own: the store's value is set as the fetcher would.
  if (state.status === 'loading')
    return ($tokenBalances as unknown as WritableAtom<FetcherValue<unknown>>).set({ loading: true, key: state.key });
  $tokenBalances.mutate({ tokens: state.tokens, unsupported: state.status === 'unsupported' });
}

export const showNfts = (state: Pick<NftsState, 'items'>): void => $nftList.mutate(state.items);

export function showActivity(state: Pick<ActivityState, 'transactions' | 'next' | 'loadingMore'>): void {
  $history.mutate({ transactions: state.transactions, next: state.next });
  $activityLoadingMore.set(state.loadingMore);
}
