/**
 * The metadata step of indexing: contracts seen for the first time get their name, symbol and
 * decimals (and a spam flag for NFT collections), NFTs seen for the first time their name and
 * image from tokenURI; each NFT transfer moves its owner. A contract keeps the kind (ERC-20 or
 * ERC-721) of its first transfer; logs of the other shape from it are not counted.
 */
import type { FetchedRange } from './blocks.js';
import { tokenImageId } from './icons.js';
import { fetchNftMetadata, fetchTokenMetadata } from './metadata.js';
import type { TokenKind } from '../storage/index-schema.js';
import type { RpcClient } from './rpc.js';
import { looksLikeSpam } from './spam.js';
import type { IndexBatch, NftRow, TokenRow } from './index-rows.js';
import type { EvmIndexRepository } from '../storage/evm-index.js';

/** Adds what a range needs beyond blocks and transfers: the tokens and NFTs seen for the first time, with their metadata. */
export async function withMetadata(
  index: Pick<EvmIndexRepository, 'knownTokens' | 'knownNfts'>,
  rpc: RpcClient,
  chainId: string,
  range: FetchedRange,
  signal?: AbortSignal,
): Promise<IndexBatch> {
  const tokenTransfers = range.transfers.filter((t) => t.kind !== 'native');
  const known = await index.knownTokens(
    chainId,
    tokenTransfers.map((t) => t.token!),
  );
  const fresh = new Map<string, { kind: TokenKind; firstBlock: number }>();
  for (const t of tokenTransfers) {
    if (!known.has(t.token!) && !fresh.has(t.token!)) fresh.set(t.token!, { kind: t.kind as TokenKind, firstBlock: t.blockNumber });
  }
  const freshList = [...fresh].map(([address, v]) => ({ address, ...v }));
  const metadata = await fetchTokenMetadata(rpc, freshList, signal);
  const tokens: TokenRow[] = freshList.map((t, i) => {
    const meta = metadata[i]!;
    return {
      ...t,
      ...meta,
      imageId: tokenImageId(meta.symbol, chainId, t.address),
      spam: t.kind === 'erc721' && looksLikeSpam(meta.name),
    };
  });
  const kinds = new Map<string, { kind: TokenKind; name: string }>([...known, ...tokens.map((t) => [t.address, t] as const)]);
  // A contract keeps the kind of its first transfer; logs of the other shape are not counted.
  const transfers = range.transfers.filter((t) => t.kind === 'native' || kinds.get(t.token!)?.kind === t.kind);

  const newNfts = new Map<string, { contract: string; tokenId: bigint; owner: string; firstBlock: number; collection: string }>();
  const owners: IndexBatch['owners'] = [];
  const nftTransfers = transfers.filter((t) => t.kind === 'erc721');
  const indexed = await index.knownNfts(
    chainId,
    nftTransfers.map((t) => ({ contract: t.token!, tokenId: t.tokenId! })),
  );
  for (const t of nftTransfers) {
    const key = `${t.token}:${t.tokenId}`;
    if (!newNfts.has(key) && !indexed.has(key)) {
      newNfts.set(key, {
        contract: t.token!,
        tokenId: t.tokenId!,
        owner: t.to,
        firstBlock: t.blockNumber,
        collection: kinds.get(t.token!)!.name,
      });
    }
    owners.push({ contract: t.token!, tokenId: t.tokenId!, owner: t.to, block: t.blockNumber });
  }
  const nftList = [...newNfts.values()];
  const nftMeta = await fetchNftMetadata(rpc, nftList, signal);
  const nfts: NftRow[] = nftList.map((n, i) => ({
    contract: n.contract,
    tokenId: n.tokenId,
    owner: n.owner,
    firstBlock: n.firstBlock,
    name: nftMeta[i]!.name,
    image: nftMeta[i]!.image,
    spam: looksLikeSpam(nftMeta[i]!.name) || looksLikeSpam(n.collection),
  }));
  return { blocks: range.blocks, transactions: range.transactions, transfers, tokens, nfts, owners };
}
