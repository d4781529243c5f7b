/**
 * What the Blockchain API reads from the EVM index, on either engine: indexed tokens (with the
 * effective spam flag: the heuristic's, or the operator's list), the NFTs an address owns, and
 * the pages of an address's history. Text is ordered byte-wise on both engines (COLLATE "C" on
 * Postgres, SQLite's default), as SQLite always did.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Storage } from './engine.js';
import type { StorageSchema } from './schema.js';
import type { Engine } from './url.js';
import type { EvmTransactionsTable, EvmTransfersTable, TokenKind } from './index-schema.js';

/** An indexed token: the row with its chain, without indexing details; `spam` is the effective flag. */
export interface IndexedToken {
  chainId: string;
  address: string;
  kind: TokenKind;
  name: string;
  symbol: string;
  decimals: number | null;
  imageId: string;
  spam: boolean;
}

export interface OwnedNftRow {
  contract: string;
  token_id: string;
  name: string;
  image: string | null;
  collection: string | null;
  image_id: string | null;
  spam: boolean;
}

/** A transaction of an address's history: its evm_transactions row without the chain and value. */
export type HistoryTxRow = Omit<EvmTransactionsTable, 'chain_id' | 'value'>;

/** A transfer of a history transaction: its evm_transfers row without the chain and position. */
export type HistoryTransferRow = Omit<EvmTransfersTable, 'chain_id' | 'log_index' | 'block_number'>;

export interface NftInfoRow {
  name: string;
  image: string | null;
  spam: boolean;
}

export interface EvmReadsRepository {
  /** The indexed tokens among `addresses` (lower-case), by address. */
  tokensByAddress(chainId: string, addresses: Iterable<string>): Promise<Map<string, IndexedToken>>;
  /** Every ERC-20 of the chain that is not spam, by address. */
  fungibleTokens(chainId: string): Promise<IndexedToken[]>;
  /** Every indexed token of every chain (lower-case addresses), by chain, kind, symbol and address. */
  listTokens(): Promise<IndexedToken[]>;
  /** The NFTs `owner` holds on the chain, by contract and token id. */
  ownedNfts(chainId: string, owner: string): Promise<OwnedNftRow[]>;
  /** Up to `limit` transactions involving `address`, newest first, strictly before `before` when given. */
  historyTransactions(
    chainId: string,
    address: string,
    before: { block: number; txIndex: number } | undefined,
    limit: number,
  ): Promise<HistoryTxRow[]>;
  /** The transfers of each of `hashes` from or to `address`, by log index. */
  transfersOf(chainId: string, hashes: readonly string[], address: string): Promise<Map<string, HistoryTransferRow[]>>;
  /** The indexed NFT of `contract` and `tokenId` (decimal). */
  nft(chainId: string, contract: string, tokenId: string): Promise<NftInfoRow | undefined>;
}

/** A text column ordered byte-wise on both engines. */
export const bytewise = (engine: Engine, column: string): RawBuilder<unknown> =>
  engine === 'postgres' ? sql`${sql.ref(column)} COLLATE "C"` : sql`${sql.ref(column)}`;

function tokenSelect(db: Kysely<StorageSchema>) {
  return db
    .selectFrom('evm_tokens as t')
    .leftJoin('spam_contracts as s', 's.address', 't.address')
    .select([
      't.chain_id as chainId',
      't.address',
      't.kind',
      't.name',
      't.symbol',
      't.decimals',
      't.image_id as imageId',
      sql<boolean | number>`(t.spam = 1 OR s.address IS NOT NULL)`.as('spam'),
    ]);
}

const token = (r: Omit<IndexedToken, 'spam'> & { spam: boolean | number }): IndexedToken => ({ ...r, spam: Boolean(r.spam) });

export function evmReadsRepository({ db, engine }: Storage): EvmReadsRepository {
  return {
    async tokensByAddress(chainId, addresses) {
      const wanted = [...new Set(addresses)];
      const out = new Map<string, IndexedToken>();
      for (let i = 0; i < wanted.length; i += 500) {
        const rows = await tokenSelect(db)
          .where('t.chain_id', '=', chainId)
          .where('t.address', 'in', wanted.slice(i, i + 500))
          .execute();
        for (const r of rows) out.set(r.address, token(r));
      }
      // In the order asked, as before.
      return new Map(wanted.flatMap((a) => (out.has(a) ? [[a, out.get(a)!] as const] : [])));
    },
    async fungibleTokens(chainId) {
      const rows = await tokenSelect(db)
        .where('t.chain_id', '=', chainId)
        .where('t.kind', '=', 'erc20')
        .orderBy(bytewise(engine, 't.address'))
        .execute();
      return rows.map(token).filter((t) => !t.spam);
    },
    async listTokens() {
      const rows = await tokenSelect(db)
        .orderBy(bytewise(engine, 't.chain_id'))
        .orderBy(bytewise(engine, 't.kind'))
        .orderBy(bytewise(engine, 't.symbol'))
        .orderBy(bytewise(engine, 't.address'))
        .execute();
      return rows.map(token);
    },
    async ownedNfts(chainId, owner) {
      const rows = await db
        .selectFrom('evm_nfts as n')
        .leftJoin('evm_tokens as t', (join) => join.onRef('t.chain_id', '=', 'n.chain_id').onRef('t.address', '=', 'n.contract'))
        .leftJoin('spam_contracts as s', 's.address', 'n.contract')
        .select([
          'n.contract',
          'n.token_id',
          'n.name',
          'n.image',
          't.name as collection',
          't.image_id',
          sql<boolean | number>`(n.spam = 1 OR coalesce(t.spam, 0) = 1 OR s.address IS NOT NULL)`.as('spam'),
        ])
        .where('n.chain_id', '=', chainId)
        .where('n.owner', '=', owner)
        .orderBy(bytewise(engine, 'n.contract'))
        .orderBy(sql`length(n.token_id)`)
        .orderBy(bytewise(engine, 'n.token_id'))
        .execute();
      return rows.map((r) => ({ ...r, spam: Boolean(r.spam) }));
    },
    async historyTransactions(chainId, address, before, limit) {
      const position = before ? sql`AND (t.block_number, t.tx_index) < (${before.block}, ${before.txIndex})` : sql``;
      const { rows } = await sql<HistoryTxRow>`
        WITH hits(hash) AS (
          SELECT hash FROM evm_transactions WHERE chain_id = ${chainId} AND from_address = ${address}
          UNION SELECT hash FROM evm_transactions WHERE chain_id = ${chainId} AND to_address = ${address}
          UNION SELECT tx_hash FROM evm_transfers WHERE chain_id = ${chainId} AND from_address = ${address}
          UNION SELECT tx_hash FROM evm_transfers WHERE chain_id = ${chainId} AND to_address = ${address}
        )
        SELECT t.hash, t.block_number, t.tx_index, t.from_address, t.to_address, t.created_contract, t.nonce, t.status, t.timestamp
        FROM evm_transactions t JOIN hits ON hits.hash = t.hash
        WHERE t.chain_id = ${chainId} ${position}
        ORDER BY t.block_number DESC, t.tx_index DESC
        LIMIT ${limit}`.execute(db);
      return rows;
    },
    async transfersOf(chainId, hashes, address) {
      const out = new Map<string, HistoryTransferRow[]>(hashes.map((h) => [h, []]));
      if (hashes.length === 0) return out;
      const rows = await db
        .selectFrom('evm_transfers')
        .select(['tx_hash', 'kind', 'token_address', 'from_address', 'to_address', 'amount', 'token_id'])
        .where('chain_id', '=', chainId)
        .where('tx_hash', 'in', [...new Set(hashes)])
        .where((eb) => eb.or([eb('from_address', '=', address), eb('to_address', '=', address)]))
        .orderBy('tx_hash')
        .orderBy('log_index')
        .execute();
      for (const r of rows) out.get(r.tx_hash)?.push(r);
      return out;
    },
    async nft(chainId, contract, tokenId) {
      const row = await db
        .selectFrom('evm_nfts')
        .select(['name', 'image', 'spam'])
        .where('chain_id', '=', chainId)
        .where('contract', '=', contract)
        .where('token_id', '=', tokenId)
        .executeTakeFirst();
      return row && { name: row.name, image: row.image, spam: row.spam === 1 };
    },
  };
}
