/**
 * Runs a repository's Kysely query synchronously on the raw SQLite handle (compiled for SQLite,
 * run by better-sqlite3), for the callers that are still synchronous on the handle (the
 * Blockchain API's identities, commands seeding a data folder): the same query as the async
 * repository, so both read one way.
 */
import type { Compilable } from 'kysely';
import type { Database } from '../db/open.js';

export function runSync<Row = unknown>(db: Database, query: Compilable): { rows: Row[]; changes: number } {
  const { sql, parameters } = query.compile();
  const statement = db.prepare(sql);
  const values = parameters as unknown[];
  return statement.reader
    ? { rows: statement.all(...values) as Row[], changes: 0 }
    : { rows: [], changes: statement.run(...values).changes };
}
