/** NFTs of the active account on the active network (Blockchain API), spam hidden, 30 s cache: loads while listened. */
import { computed } from 'nanostores';
import type { Nft } from '../../wire/blockchain-api.js';
import { CACHE_LIFETIME_MS } from '../../core/constants.js';
import { createFetcherStore } from '../app/fetcher.js';
import { onReset } from '../app/reset.js';
import { $activeTarget, getBlockchainApi, now, type AccountTarget } from './blockchain.js';

export interface NftsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  key: string | undefined;
  items: Nft[];
}

const $nftTarget = computed($activeTarget, (target) => (target && getBlockchainApi() ? target : undefined));

export const $nftList = createFetcherStore<Nft[], AccountTarget>($nftTarget, {
  key: (t) => t.key,
  lifetimeMs: CACHE_LIFETIME_MS.portfolio,
  now,
  fetcher: async ({ address, network }) => {
    const api = getBlockchainApi();
    if (!api) throw new Error('No Blockchain API');
    return (await api.getNfts(address, { chainId: network.caipNetworkId })).filter((n) => !n.spam);
  },
});

export const $nfts = computed($nftList, ({ data, loading, error, key }): NftsState => {
  if (key === undefined) return { status: 'idle', key, items: [] };
  if (loading) return { status: 'loading', key, items: data ?? [] };
  return error !== undefined ? { status: 'error', key, items: [] } : { status: 'ready', key, items: data ?? [] };
});

/** Loads the NFTs (from the cache when fresh, unless forced). Never rejects. */
export const fetchNfts = ({ force = false }: { force?: boolean } = {}): Promise<void> => $nftList.fetch({ force });

export const resetNfts = (): void => $nftList.reset();
onReset(resetNfts);
