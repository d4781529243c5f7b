/**
 * The Blockchain API's tables as Kysely sees them on both engines: the EVM index (chains,
 * blocks, transactions, transfers, tokens, NFTs) and the operator's data beside it (spam list,
 * prices). Columns follow migration 3 (../db/migrations.ts) and the Postgres baseline
 * (./postgres/baseline-core.ts); `identities` is in ./feature-schema.ts. Addresses and hashes
 * are lower-case, amounts and token ids decimal text, flags 0 or 1.
 */
/** What kind of contract an indexed token is. */
export type TokenKind = 'erc20' | 'erc721';

export interface EvmChainsTable {
  chain_id: string;
  rpc_url: string;
  head: number | null;
  updated_at: string;
}

export interface EvmBlocksTable {
  chain_id: string;
  number: number;
  hash: string;
  parent_hash: string;
  timestamp: number;
}

export interface EvmTransactionsTable {
  chain_id: string;
  hash: string;
  block_number: number;
  tx_index: number;
  from_address: string;
  to_address: string | null;
  created_contract: string | null;
  value: string;
  nonce: number;
  status: 'confirmed' | 'failed';
  timestamp: number;
}

export interface EvmTransfersTable {
  chain_id: string;
  tx_hash: string;
  /** -1 for the native value of the transaction. */
  log_index: number;
  block_number: number;
  kind: 'native' | TokenKind;
  token_address: string | null;
  from_address: string;
  to_address: string;
  amount: string;
  token_id: string | null;
}

export interface EvmTokensTable {
  chain_id: string;
  address: string;
  kind: TokenKind;
  name: string;
  symbol: string;
  decimals: number | null;
  image_id: string;
  spam: number;
  first_block: number;
}

export interface EvmNftsTable {
  chain_id: string;
  contract: string;
  token_id: string;
  owner: string;
  name: string;
  image: string | null;
  spam: number;
  first_block: number;
  owner_block: number;
}

export interface SpamContractsTable {
  address: string;
  added_at: string;
}

export interface PricesTable {
  chain_id: string;
  token: string;
  usd: number;
  updated_at: string;
}

export interface IndexTables {
  evm_chains: EvmChainsTable;
  evm_blocks: EvmBlocksTable;
  evm_transactions: EvmTransactionsTable;
  evm_transfers: EvmTransfersTable;
  evm_tokens: EvmTokensTable;
  evm_nfts: EvmNftsTable;
  spam_contracts: SpamContractsTable;
  prices: PricesTable;
}
