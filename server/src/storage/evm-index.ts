/**
 * The EVM index's writes and the reads the indexer needs, on either engine: a batch of blocks
 * with what they hold (one transaction), the rollback after a reorganisation or a chain
 * restart (one transaction), and the chain rows (`evm_chains`: which chain an RPC URL served,
 * and its head).
 *
 * An index row is written once, also when two instances index the same blocks at the same
 * time (issue 31): every insert does nothing on a conflict with the table's primary key; an
 * NFT's owner only moves forward (a batch older than the stored owner leaves it); the head
 * only rises (a rollback sets it). Rows are written in key order, so two racing batches take
 * their row locks in one order on Postgres and never deadlock.
 */
import { sql, type Compilable, type Kysely } from 'kysely';
import { tokenBadge } from '../blockchain/icons.js';
import type { BlockRow, IndexBatch } from '../blockchain/index-rows.js';
import type { TokenKind } from '../blockchain/metadata.js';
import { atomically } from './atomic.js';
import type { Storage } from './engine.js';
import { imageQueries } from './images.js';
import type { StorageSchema } from './schema.js';

export interface EvmIndexRepository {
  /** The highest indexed block of the chain. */
  lastBlock(chainId: string): Promise<BlockRow | undefined>;
  blockHash(chainId: string, number: number): Promise<string | undefined>;
  /** Which tokens of `addresses` are already known: address -> kind and name. */
  knownTokens(chainId: string, addresses: readonly string[]): Promise<Map<string, { kind: TokenKind; name: string }>>;
  /** Which NFTs of `keys` are already indexed, as `contract:tokenId`. */
  knownNfts(chainId: string, keys: readonly { contract: string; tokenId: bigint }[]): Promise<Set<string>>;
  /** Stores one batch in one transaction. */
  writeBatch(chainId: string, batch: IndexBatch): Promise<void>;
  /**
   * Deletes everything above block `ancestor` (-1: everything) and puts each NFT back with the
   * owner its last remaining transfer gave it (an NFT first seen above it is deleted), in one transaction.
   */
  rollback(chainId: string, ancestor: number): Promise<void>;
  /** Records that `rpcUrl` serves `chainId`. */
  saveChain(chainId: string, rpcUrl: string): Promise<void>;
  /** The chain `rpcUrl` served last time (so the API knows it while the node is down). */
  chainOfRpc(rpcUrl: string): Promise<string | undefined>;
}

/** Rows per INSERT statement: well below both engines' limits on bound parameters. */
const ROWS_PER_INSERT = 200;

function chunks<T>(rows: readonly T[], size = ROWS_PER_INSERT): T[][] {
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

function batchQueries(db: Kysely<StorageSchema>, engine: Storage['engine'], chainId: string, batch: IndexBatch): Compilable[] {
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

function rollbackQueries(db: Kysely<StorageSchema>, chainId: string, ancestor: number): Compilable[] {
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

export function evmIndexRepository(storage: Storage): EvmIndexRepository {
  const { db, engine } = storage;
  return {
    async lastBlock(chainId) {
      const row = await db
        .selectFrom('evm_blocks')
        .select(['number', 'hash', 'parent_hash', 'timestamp'])
        .where('chain_id', '=', chainId)
        .orderBy('number', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && { number: row.number, hash: row.hash, parentHash: row.parent_hash, timestamp: row.timestamp };
    },
    async blockHash(chainId, number) {
      const row = await db
        .selectFrom('evm_blocks')
        .select('hash')
        .where('chain_id', '=', chainId)
        .where('number', '=', number)
        .executeTakeFirst();
      return row?.hash;
    },
    async knownTokens(chainId, addresses) {
      const out = new Map<string, { kind: TokenKind; name: string }>();
      for (const some of chunks([...new Set(addresses)], 500)) {
        const rows = await db
          .selectFrom('evm_tokens')
          .select(['address', 'kind', 'name'])
          .where('chain_id', '=', chainId)
          .where('address', 'in', some)
          .execute();
        for (const r of rows) out.set(r.address, { kind: r.kind, name: r.name });
      }
      return out;
    },
    async knownNfts(chainId, keys) {
      const wanted = new Set(keys.map((k) => `${k.contract}:${k.tokenId}`));
      const found = new Set<string>();
      for (const contract of new Set(keys.map((k) => k.contract))) {
        const ids = [...new Set(keys.filter((k) => k.contract === contract).map((k) => String(k.tokenId)))];
        for (const some of chunks(ids, 500)) {
          const rows = await db
            .selectFrom('evm_nfts')
            .select('token_id')
            .where('chain_id', '=', chainId)
            .where('contract', '=', contract)
            .where('token_id', 'in', some)
            .execute();
          for (const r of rows) if (wanted.has(`${contract}:${r.token_id}`)) found.add(`${contract}:${r.token_id}`);
        }
      }
      return found;
    },
    async writeBatch(chainId, batch) {
      await atomically(storage, batchQueries(db, engine, chainId, batch));
    },
    async rollback(chainId, ancestor) {
      await atomically(storage, rollbackQueries(db, chainId, ancestor));
    },
    async saveChain(chainId, rpcUrl) {
      const now = new Date().toISOString();
      await atomically(storage, [
        db
          .insertInto('evm_chains')
          .values({ chain_id: chainId, rpc_url: rpcUrl, head: null, updated_at: now })
          .onConflict((oc) =>
            oc.column('chain_id').doUpdateSet((eb) => ({ rpc_url: eb.ref('excluded.rpc_url'), updated_at: eb.ref('excluded.updated_at') })),
          ),
        db
          .updateTable('evm_chains')
          .set((eb) => ({
            head: eb
              .selectFrom('evm_blocks')
              .select((b) => b.fn.max('number').as('n'))
              .where('evm_blocks.chain_id', '=', chainId),
          }))
          .where('chain_id', '=', chainId),
      ]);
    },
    async chainOfRpc(rpcUrl) {
      const row = await db
        .selectFrom('evm_chains')
        .select('chain_id')
        .where('rpc_url', '=', rpcUrl)
        .orderBy('updated_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.chain_id;
    },
  };
}
