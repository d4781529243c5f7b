/** NFTs of the active account on the active network (Blockchain API), spam hidden, 30 s cache. */
import { atom } from 'nanostores';
import type { Nft } from '../../wire/blockchain-api.js';
import { CACHE_LIFETIME_MS } from '../../core/constants.js';
import { activeTarget, createCache, getBlockchainApi, isActive } from './blockchain.js';

export interface NftsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  key: string | undefined;
  items: Nft[];
}

export const $nfts = atom<NftsState>({ status: 'idle', key: undefined, items: [] });

const cache = createCache<Nft[]>(CACHE_LIFETIME_MS.portfolio);

/** Loads the NFTs (from the cache when fresh, unless forced). Never rejects. */
export async function fetchNfts({ force = false }: { force?: boolean } = {}): Promise<void> {
  const api = getBlockchainApi();
  const target = activeTarget();
  if (!api || !target) {
    $nfts.set({ status: 'idle', key: undefined, items: [] });
    return;
  }
  const { key, address, network } = target;
  const hit = force ? undefined : cache.get(key);
  if (hit) {
    $nfts.set({ status: 'ready', key, items: hit });
    return;
  }
  const previous = $nfts.get();
  $nfts.set({ status: 'loading', key, items: previous.key === key ? previous.items : [] });
  try {
    const items = (await api.getNfts(address, { chainId: network.caipNetworkId })).filter((n) => !n.spam);
    cache.set(key, items);
    if (isActive(key)) $nfts.set({ status: 'ready', key, items });
  } catch {
    if (isActive(key)) $nfts.set({ status: 'error', key, items: [] });
  }
}

export function resetNfts(): void {
  cache.clear();
  $nfts.set({ status: 'idle', key: undefined, items: [] });
}
