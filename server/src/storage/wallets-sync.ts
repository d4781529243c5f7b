/**
 * The wallet registry's queries, synchronously on a raw SQLite handle (the queries of
 * ./wallets.ts compiled for SQLite): for seeding at start and the programmatic API. A write here
 * drops the cached getWallets replies of the app on the same handle.
 */
import type { Selectable } from 'kysely';
import type { GetWalletsReply, WalletEntry } from '../../../src/wire/provider-api.js';
import type { Database } from '../db/open.js';
import {
  readWalletFile,
  validateWalletList,
  type ImportWalletsOptions,
  type ImportWalletsResult,
  type ValidWallet,
} from '../wallets/import.js';
import { sqliteStorage } from './engine.js';
import type { WalletsTable } from './feature-schema.js';
import { runSync } from './sqlite-sync.js';
import { walletFromRow, walletQueries, walletsChanged, walletStoreQueries, type WalletQuery, type WriteMode } from './wallets.js';

const queries = (db: Database) => walletQueries(sqliteStorage(db).db, 'sqlite');
type Row = Selectable<WalletsTable>;

/** The wallets matching `query`, ordered by `order` then name (search: names starting with the term first). */
export function queryWallets(db: Database, query: WalletQuery = {}): GetWalletsReply {
  const { count, rows } = queries(db).page(query);
  const [{ n }] = runSync<{ n: number }>(db, count).rows as [{ n: number }];
  return { count: n, data: runSync<Row>(db, rows).rows.map(walletFromRow) };
}

export function countWallets(db: Database): number {
  return (runSync<{ n: number }>(db, queries(db).count()).rows[0] as { n: number }).n;
}

export function getWallet(db: Database, id: string): WalletEntry | undefined {
  return runSync<Row>(db, queries(db).get(id)).rows.map(walletFromRow)[0];
}

/** Writes entries (already validated); 'ignore' keeps wallets whose id exists. Returns how many rows changed. */
export function writeWallets(db: Database, entries: readonly WalletEntry[], mode: WriteMode = 'upsert'): number {
  const q = queries(db);
  let changed = 0;
  for (const entry of entries) changed += runSync(db, q.write(entry, mode)).changes;
  walletsChanged(sqliteStorage(db));
  return changed;
}

/** Stores validated wallets and their images (given ones overwrite, generated ones only fill gaps), in one transaction. */
export function storeWallets(db: Database, wallets: readonly ValidWallet[], mode: WriteMode, replace = false): void {
  const list = walletStoreQueries(sqliteStorage(db).db, 'sqlite', wallets, mode, replace);
  db.transaction(() => {
    for (const q of list) runSync(db, q);
  })();
  walletsChanged(sqliteStorage(db));
}

/**
 * Imports wallet entries, or a wallet file when given a path. Entries with an existing id
 * update that wallet. Any bad entry throws a WalletImportError and nothing is imported.
 */
export function importWallets(db: Database, input: readonly unknown[] | string, options: ImportWalletsOptions = {}): ImportWalletsResult {
  const source = typeof input === 'string' ? input : undefined;
  const wallets = validateWalletList(typeof input === 'string' ? readWalletFile(input) : input, source);
  storeWallets(db, wallets, 'upsert', options.replace ?? false);
  return { imported: wallets.length, total: countWallets(db) };
}
