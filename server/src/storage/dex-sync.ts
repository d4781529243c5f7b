/** The DEX repository's queries, synchronously on a raw SQLite handle: for `dex deploy` (still on the handle) and the programmatic API. */
import type { Database } from '../db/open.js';
import type { DexRecord } from '../dex/record.js';
import { dexFromRow, dexQueries } from './dex.js';
import { sqliteStorage } from './engine.js';
import { runSync } from './sqlite-sync.js';

const queries = (db: Database) => dexQueries(sqliteStorage(db).db);

/** Records (or replaces) the DEX of `record.chainId`. */
export function saveDex(db: Database, record: DexRecord, now = Date.now()): void {
  runSync(db, queries(db).save(record, now));
}

/** The recorded DEX of a chain, if any (a row that no longer parses counts as none). */
export function getDex(db: Database, chainId: number): DexRecord | undefined {
  return dexFromRow(runSync<{ record: string }>(db, queries(db).get(chainId)).rows[0]);
}
