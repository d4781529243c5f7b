/**
 * The statements of the EVM index's writes (./evm-index.ts runs each list in one transaction):
 * a batch of blocks, inserted in key order and doing nothing on a conflict, an NFT's owner and
 * the chain's head moved forward only; and the rollback above an ancestor.
 */
import { sql, type Compilable, type Kysely } from 'kysely';
import { tokenBadge } from '../blockchain/icons.js';
import type { IndexBatch } from '../blockchain/index-rows.js';
import type { Storage } from './engine.js';
import { imageQueries } from './images.js';
import type { StorageSchema } from './schema.js';

/** Rows per INSERT statement: well below both engines' limits on bound parameters. */
const ROWS_PER_INSERT = 200;

export function chunks<T>(rows: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const byKey =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
/** Token ids and block numbers sort as numbers: shorter first, then by digits. */
const numericKey = (n: bigint | number) => String(n).padStart(80, '0');

export function batchQueries(db: Kysely<StorageSchema>, engine: Storage['engine'], chainId: string, batch: IndexBatch): Compilable[] {
  const queries: Compilable[] = [];
  for (const rows of chunks(batch.blocks)) {
    queries.push(
      db
        .insertInto('evm_blocks')
        .values(rows.map((b) => ({ chain_id: chainId, number: b.number, hash: b.hash, parent_hash: b.parentHash, timestamp: b.timestamp })))
        .onConflict((oc) => oc.doNothing()),
    );
  }
  const transactions = [...batch.transactions].sort(byKey((t) => t.hash));
  for (const rows of chunks(transactions)) {
    queries.push(
      db
        .insertInto('evm_transactions')
        .values(
          rows.map((t) => ({
            chain_id: chainId,
            hash: t.hash,
            block_number: t.blockNumber,
            tx_index: t.txIndex,
            from_address: t.from,
            to_address: t.to,
            created_contract: t.createdContract,
            value: String(t.value),
            nonce: t.nonce,
            status: t.status,
            timestamp: t.timestamp,
          })),
        )
        .onConflict((oc) => oc.doNothing()),
    );
  }
  const transfers = [...batch.transfers].sort(byKey((t) => `${t.txHash}:${numericKey(t.logIndex + 1)}`));
  for (const rows of chunks(transfers)) {
    queries.push(
      db
        .insertInto('evm_transfers')
        .values(
          rows.map((t) => ({
            chain_id: chainId,
            tx_hash: t.txHash,
            log_index: t.logIndex,
            block_number: t.blockNumber,
            kind: t.kind,
            token_address: t.token,
            from_address: t.from,
            to_address: t.to,
            amount: String(t.amount),
            token_id: t.tokenId === null ? null : String(t.tokenId),
          })),
        )
        .onConflict((oc) => oc.doNothing()),
    );
  }
  const tokens = [...batch.tokens].sort(byKey((t) => t.address));
  for (const rows of chunks(tokens)) {
    queries.push(
      db
        .insertInto('evm_tokens')
        .values(
          rows.map((t) => ({
            chain_id: chainId,
            address: t.address,
            kind: t.kind,
            name: t.name,
            symbol: t.symbol,
            decimals: t.decimals,
            image_id: t.imageId,
            spam: t.spam ? 1 : 0,
            first_block: t.firstBlock,
          })),
        )
        .onConflict((oc) => oc.doNothing()),
    );
  }
  const images = imageQueries(db, engine);
  const badges = new Map(tokens.map((t) => [t.imageId, t.symbol]));
  for (const imageId of [...badges.keys()].sort()) {
    queries.push(images.put('token', imageId, tokenBadge(imageId, badges.get(imageId)!), { overwrite: false }));
  }
  const nftKey = (n: { contract: string; tokenId: bigint }) => `${n.contract}:${numericKey(n.tokenId)}`;
  const nfts = [...batch.nfts].sort(byKey(nftKey));
  for (const rows of chunks(nfts)) {
    queries.push(
      db
        .insertInto('evm_nfts')
        .values(
          rows.map((n) => ({
            chain_id: chainId,
            contract: n.contract,
            token_id: String(n.tokenId),
            owner: n.owner,
            name: n.name,
            image: n.image,
            spam: n.spam ? 1 : 0,
            first_block: n.firstBlock,
            owner_block: n.firstBlock,
          })),
        )
        .onConflict((oc) => oc.doNothing()),
    );
  }
  // The owner after the batch: its last transfer of each NFT (they come in transfer order).
  const owners = new Map(batch.owners.map((o) => [nftKey(o), o]));
  for (const key of [...owners.keys()].sort()) {
    const o = owners.get(key)!;
    queries.push(
      db
        .updateTable('evm_nfts')
        .set({ owner: o.owner, owner_block: o.block })
        .where('chain_id', '=', chainId)
        .where('contract', '=', o.contract)
        .where('token_id', '=', String(o.tokenId))
        .where('owner_block', '<=', o.block),
    );
  }
  const head = batch.blocks.at(-1);
  if (head) {
    queries.push(
      db
        .updateTable('evm_chains')
        .set({ head: head.number, updated_at: new Date().toISOString() })
        .where('chain_id', '=', chainId)
        .where((eb) => eb.or([eb('head', 'is', null), eb('head', '<', head.number)])),
    );
  }
  return queries;
}

export function rollbackQueries(db: Kysely<StorageSchema>, chainId: string, ancestor: number): Compilable[] {
  /** The column of an NFT's last remaining transfer (correlated with the evm_nfts row being changed). */
  const latestTransfer = <T>(column: 'to_address' | 'block_number') =>
    sql<T>`(SELECT ${sql.ref(`tr.${column}`)} FROM evm_transfers tr
      WHERE tr.chain_id = evm_nfts.chain_id AND tr.kind = 'erc721' AND tr.token_address = evm_nfts.contract AND tr.token_id = evm_nfts.token_id
      ORDER BY tr.block_number DESC, tr.log_index DESC LIMIT 1)`;
  return [
    db.deleteFrom('evm_blocks').where('chain_id', '=', chainId).where('number', '>', ancestor),
    db.deleteFrom('evm_transactions').where('chain_id', '=', chainId).where('block_number', '>', ancestor),
    db.deleteFrom('evm_transfers').where('chain_id', '=', chainId).where('block_number', '>', ancestor),
    db.deleteFrom('evm_tokens').where('chain_id', '=', chainId).where('first_block', '>', ancestor),
    db.deleteFrom('evm_nfts').where('chain_id', '=', chainId).where('first_block', '>', ancestor),
    // An NFT moved above the ancestor gets the owner of its last remaining transfer (none left: it goes).
    db
      .deleteFrom('evm_nfts')
      .where('chain_id', '=', chainId)
      .where('owner_block', '>', ancestor)
      .where(sql<boolean>`${latestTransfer('block_number')} IS NULL`),
    db
      .updateTable('evm_nfts')
      .set({
        owner: sql<string>`coalesce(${latestTransfer('to_address')}, owner)`,
        owner_block: sql<number>`coalesce(${latestTransfer('block_number')}, owner_block)`,
      })
      .where('chain_id', '=', chainId)
      .where('owner_block', '>', ancestor),
    db
      .updateTable('evm_chains')
      .set({ head: ancestor >= 0 ? ancestor : null, updated_at: new Date().toISOString() })
      .where('chain_id', '=', chainId),
  ];
}
