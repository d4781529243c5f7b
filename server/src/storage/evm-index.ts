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
import type { BlockRow, IndexBatch } from '../blockchain/index-rows.js';
import type { TokenKind } from './index-schema.js';
import { atomically } from './atomic.js';
import type { Storage } from './engine.js';
import { batchQueries, chunks, rollbackQueries } from './evm-index-writes.js';

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
