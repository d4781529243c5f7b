/**
 * The EVM index in SQLite: what the indexer writes (one transaction per batch of blocks), the
 * rollback after a reorganisation or a chain restart, and the chain rows (`evm_chains`: which
 * chain an RPC URL served, and its head). Addresses and hashes are lower-case, amounts and
 * token ids decimal text.
 */
import type { Database } from '../db/open.js';
import type { TokenKind } from './metadata.js';
import { ensureTokenImage } from './icons.js';

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

export interface TokenRow {
  address: string;
  kind: TokenKind;
  name: string;
  symbol: string;
  decimals: number | null;
  imageId: string;
  spam: boolean;
  firstBlock: number;
}

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

export function lastBlock(db: Database, chainId: string): BlockRow | undefined {
  const row = db
    .prepare('SELECT number, hash, parent_hash AS parentHash, timestamp FROM evm_blocks WHERE chain_id = ? ORDER BY number DESC LIMIT 1')
    .get(chainId) as BlockRow | undefined;
  return row;
}

export function blockHash(db: Database, chainId: string, number: number): string | undefined {
  const row = db.prepare('SELECT hash FROM evm_blocks WHERE chain_id = ? AND number = ?').get(chainId, number) as
    | { hash: string }
    | undefined;
  return row?.hash;
}

/** Which tokens of `addresses` are already known: address -> kind and name. */
export function knownTokens(db: Database, chainId: string, addresses: readonly string[]): Map<string, { kind: TokenKind; name: string }> {
  const stmt = db.prepare('SELECT kind, name FROM evm_tokens WHERE chain_id = ? AND address = ?');
  const out = new Map<string, { kind: TokenKind; name: string }>();
  for (const address of new Set(addresses)) {
    const row = stmt.get(chainId, address) as { kind: TokenKind; name: string } | undefined;
    if (row) out.set(address, row);
  }
  return out;
}

export function nftExists(db: Database, chainId: string, contract: string, tokenId: bigint): boolean {
  return (
    db.prepare('SELECT 1 FROM evm_nfts WHERE chain_id = ? AND contract = ? AND token_id = ?').get(chainId, contract, String(tokenId)) !==
    undefined
  );
}

/** Stores one batch in one transaction. */
export function writeBatch(db: Database, chainId: string, batch: IndexBatch): void {
  const insertBlock = db.prepare(
    'INSERT OR REPLACE INTO evm_blocks (chain_id, number, hash, parent_hash, timestamp) VALUES (?, ?, ?, ?, ?)',
  );
  const insertTx = db.prepare(
    `INSERT OR REPLACE INTO evm_transactions
       (chain_id, hash, block_number, tx_index, from_address, to_address, created_contract, value, nonce, status, timestamp)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertTransfer = db.prepare(
    `INSERT OR REPLACE INTO evm_transfers
       (chain_id, tx_hash, log_index, block_number, kind, token_address, from_address, to_address, amount, token_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertToken = db.prepare(
    `INSERT OR IGNORE INTO evm_tokens (chain_id, address, kind, name, symbol, decimals, image_id, spam, first_block)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertNft = db.prepare(
    `INSERT OR IGNORE INTO evm_nfts (chain_id, contract, token_id, owner, name, image, spam, first_block, owner_block)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setOwner = db.prepare('UPDATE evm_nfts SET owner = ?, owner_block = ? WHERE chain_id = ? AND contract = ? AND token_id = ?');
  db.transaction(() => {
    for (const b of batch.blocks) insertBlock.run(chainId, b.number, b.hash, b.parentHash, b.timestamp);
    for (const t of batch.transactions) {
      insertTx.run(
        chainId,
        t.hash,
        t.blockNumber,
        t.txIndex,
        t.from,
        t.to,
        t.createdContract,
        String(t.value),
        t.nonce,
        t.status,
        t.timestamp,
      );
    }
    for (const t of batch.transfers) {
      insertTransfer.run(
        chainId,
        t.txHash,
        t.logIndex,
        t.blockNumber,
        t.kind,
        t.token,
        t.from,
        t.to,
        String(t.amount),
        t.tokenId === null ? null : String(t.tokenId),
      );
    }
    for (const t of batch.tokens) {
      insertToken.run(chainId, t.address, t.kind, t.name, t.symbol, t.decimals, t.imageId, t.spam ? 1 : 0, t.firstBlock);
      ensureTokenImage(db, t.imageId, t.symbol);
    }
    for (const n of batch.nfts) {
      insertNft.run(chainId, n.contract, String(n.tokenId), n.owner, n.name, n.image, n.spam ? 1 : 0, n.firstBlock, n.firstBlock);
    }
    for (const o of batch.owners) setOwner.run(o.owner, o.block, chainId, o.contract, String(o.tokenId));
    const head = batch.blocks.at(-1);
    if (head)
      db.prepare('UPDATE evm_chains SET head = ?, updated_at = ? WHERE chain_id = ?').run(head.number, new Date().toISOString(), chainId);
  })();
}

/**
 * Deletes everything above block `ancestor` (-1: everything) and puts each NFT back with the
 * owner its last remaining transfer gave it (an NFT first seen above it is deleted).
 */
export function rollback(db: Database, chainId: string, ancestor: number): void {
  db.transaction(() => {
    for (const [table, column] of [
      ['evm_blocks', 'number'],
      ['evm_transactions', 'block_number'],
      ['evm_transfers', 'block_number'],
      ['evm_tokens', 'first_block'],
      ['evm_nfts', 'first_block'],
    ] as const) {
      db.prepare(`DELETE FROM ${table} WHERE chain_id = ? AND ${column} > ?`).run(chainId, ancestor);
    }
    const moved = db.prepare('SELECT contract, token_id FROM evm_nfts WHERE chain_id = ? AND owner_block > ?').all(chainId, ancestor) as {
      contract: string;
      token_id: string;
    }[];
    const latest = db.prepare(
      `SELECT to_address AS owner, block_number AS block FROM evm_transfers
       WHERE chain_id = ? AND kind = 'erc721' AND token_address = ? AND token_id = ?
       ORDER BY block_number DESC, log_index DESC LIMIT 1`,
    );
    const setOwner = db.prepare('UPDATE evm_nfts SET owner = ?, owner_block = ? WHERE chain_id = ? AND contract = ? AND token_id = ?');
    const remove = db.prepare('DELETE FROM evm_nfts WHERE chain_id = ? AND contract = ? AND token_id = ?');
    for (const { contract, token_id } of moved) {
      const last = latest.get(chainId, contract, token_id) as { owner: string; block: number } | undefined;
      if (last) setOwner.run(last.owner, last.block, chainId, contract, token_id);
      else remove.run(chainId, contract, token_id);
    }
    db.prepare('UPDATE evm_chains SET head = ?, updated_at = ? WHERE chain_id = ?').run(
      ancestor >= 0 ? ancestor : null,
      new Date().toISOString(),
      chainId,
    );
  })();
}

/** Records that `rpcUrl` serves `chainId`. */
export function saveChain(db: Database, chainId: string, rpcUrl: string): void {
  db.prepare(
    `INSERT INTO evm_chains (chain_id, rpc_url, head, updated_at) VALUES (?, ?, NULL, ?)
     ON CONFLICT (chain_id) DO UPDATE SET rpc_url = excluded.rpc_url, updated_at = excluded.updated_at`,
  ).run(chainId, rpcUrl, new Date().toISOString());
  const last = lastBlock(db, chainId);
  db.prepare('UPDATE evm_chains SET head = ? WHERE chain_id = ?').run(last?.number ?? null, chainId);
}

/** The chain `rpcUrl` served last time (so the API knows it while the node is down). */
export function chainOfRpc(db: Database, rpcUrl: string): string | undefined {
  const row = db.prepare('SELECT chain_id FROM evm_chains WHERE rpc_url = ? ORDER BY updated_at DESC LIMIT 1').get(rpcUrl) as
    | { chain_id: string }
    | undefined;
  return row?.chain_id;
}
