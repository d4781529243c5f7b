/**
 * The rows of the EVM index as the indexer reads them from the node and hands them to the
 * storage layer (../storage/evm-index.ts writes them, one transaction per batch of blocks).
 * Addresses and hashes are lower-case.
 */
import type { IndexedToken } from '../storage/evm-reads.js';
import type { TokenKind } from '../storage/index-schema.js';

export interface BlockRow {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
}

export interface TransactionRow {
  hash: string;
  blockNumber: number;
  txIndex: number;
  from: string;
  to: string | null;
  createdContract: string | null;
  value: bigint;
  nonce: number;
  status: 'confirmed' | 'failed';
  timestamp: number;
}

export interface TransferRow {
  txHash: string;
  /** -1 for the native value of the transaction. */
  logIndex: number;
  blockNumber: number;
  kind: 'native' | TokenKind;
  token: string | null;
  from: string;
  to: string;
  amount: bigint;
  tokenId: bigint | null;
}

/** A contract seen for the first time: the token the Blockchain API reads, without its chain, and the block it was first seen in. */
export type TokenRow = Omit<IndexedToken, 'chainId'> & { firstBlock: number };

export interface NftRow {
  contract: string;
  tokenId: bigint;
  owner: string;
  name: string;
  image: string | null;
  spam: boolean;
  firstBlock: number;
}

/** One batch of consecutive blocks with what they hold. */
export interface IndexBatch {
  blocks: BlockRow[];
  transactions: TransactionRow[];
  transfers: TransferRow[];
  /** Contracts seen for the first time. */
  tokens: TokenRow[];
  /** NFTs seen for the first time (owner as of their first transfer in the batch). */
  nfts: NftRow[];
  /** The new owner of each NFT transferred in the batch, in transfer order. */
  owners: { contract: string; tokenId: bigint; owner: string; block: number }[];
}
