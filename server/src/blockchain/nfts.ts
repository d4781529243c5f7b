/**
 * GET /v1/account/{address}/nfts (our extension): the NFTs an address owns now, by collection
 * and token id. `spam` is the NFT's heuristic flag, its collection's, or the operator's list.
 */
import { getAddress } from 'viem';
import type { Database } from '../db/open.js';

export interface OwnedNft {
  contract: string;
  /** Decimal. */
  tokenId: string;
  name: string;
  imageUrl: string;
  collection: string;
  spam: boolean;
}

interface Row {
  contract: string;
  token_id: string;
  name: string;
  image: string | null;
  collection: string | null;
  image_id: string | null;
  spam: number;
}

export function ownedNfts(db: Database, chainId: string, owner: string, tokenIcon: (imageId: string) => string): OwnedNft[] {
  const rows = db
    .prepare(
      `SELECT n.contract, n.token_id, n.name, n.image, t.name AS collection, t.image_id,
              (n.spam = 1 OR coalesce(t.spam, 0) = 1 OR s.address IS NOT NULL) AS spam
       FROM evm_nfts n
       LEFT JOIN evm_tokens t ON t.chain_id = n.chain_id AND t.address = n.contract
       LEFT JOIN spam_contracts s ON s.address = n.contract
       WHERE n.chain_id = ? AND n.owner = ?
       ORDER BY n.contract, length(n.token_id), n.token_id`,
    )
    .all(chainId, owner) as Row[];
  return rows.map((r) => ({
    contract: getAddress(r.contract),
    tokenId: r.token_id,
    name: r.name,
    imageUrl: r.image ?? tokenIcon(r.image_id ?? 'NFT'),
    collection: r.collection ?? 'NFT',
    spam: Boolean(r.spam),
  }));
}
