/**
 * GET /v1/account/{address}/nfts (our extension): the NFTs an address owns now, by collection
 * and token id. `spam` is the NFT's heuristic flag, its collection's, or the operator's list.
 */
import { getAddress } from 'viem';
import type { EvmReadsRepository } from '../storage/evm-reads.js';

export interface OwnedNft {
  contract: string;
  /** Decimal. */
  tokenId: string;
  name: string;
  imageUrl: string;
  collection: string;
  spam: boolean;
}

export async function ownedNfts(
  index: EvmReadsRepository,
  chainId: string,
  owner: string,
  tokenIcon: (imageId: string) => string,
): Promise<OwnedNft[]> {
  return (await index.ownedNfts(chainId, owner)).map((r) => ({
    contract: getAddress(r.contract),
    tokenId: r.token_id,
    name: r.name,
    imageUrl: r.image ?? tokenIcon(r.image_id ?? 'NFT'),
    collection: r.collection ?? 'NFT',
    spam: r.spam,
  }));
}
