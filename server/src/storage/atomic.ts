/**
 * Runs a list of write queries all or nothing on either engine: on SQLite in one synchronous
 * better-sqlite3 transaction (nothing else on the shared handle runs in between, and no Kysely
 * transaction spans awaits on it), on Postgres in one Kysely transaction on a pooled connection.
 */
import type { Compilable } from 'kysely';
import type { Storage } from './engine.js';
import { runSync } from './sqlite-sync.js';

/** Runs `queries` in one transaction; the rows each changed, in order. */
export async function atomically(storage: Storage, queries: readonly Compilable[]): Promise<number[]> {
  const handle = storage.sqlite;
  if (handle) return handle.transaction(() => queries.map((q) => runSync(handle, q).changes))();
  return storage.db.transaction().execute(async (trx) => {
    const changes: number[] = [];
    for (const q of queries) changes.push(Number((await trx.executeQuery(q.compile())).numAffectedRows ?? 0n));
    return changes;
  });
}
