/** Shows a state in the Blockchain API stores (tests; resetStores() puts them back to their start). */
import type { WritableAtom } from 'nanostores';
import type { FetcherValue } from '../stores/app/fetcher.js';
import { $activityLoadingMore, $history, type ActivityState } from '../stores/portfolio/activity.js';
import { $tokenBalances, type BalancesState } from '../stores/portfolio/balances.js';
import { $nftList, type NftsState } from '../stores/portfolio/nfts.js';

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
