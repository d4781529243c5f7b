/**
 * The database's readiness for GET /ready, on either engine: SQLite's probe (./sqlite-readiness.ts:
 * schema version, write lock, full disk), or on Postgres whether it answers within READY_PG_WAIT_MS
 * and holds every migration of this release (another instance may have laid them).
 */
import { sql } from 'kysely';
import { diskState } from '../db/disk-full.js';
import { migrations, type Migration } from '../db/migrations.js';
import type { ReadinessCheck } from '../ops/readiness-check.js';
import type { Storage } from './engine.js';
import { databaseReadiness } from './sqlite-readiness.js';

/** How long the Postgres probe waits for an answer before it calls the database unreachable. */
export const READY_PG_WAIT_MS = 1000;

export function storageReadiness(storage: Storage, known: readonly Migration[] = migrations): ReadinessCheck {
  if (storage.sqlite) return databaseReadiness(storage.sqlite, known);
  const needed = Math.max(0, ...known.map((m) => m.version));
  return {
    name: 'database',
    async check() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_PG_WAIT_MS} ms`)), READY_PG_WAIT_MS);
      });
      let latest: number;
      try {
        const query = sql<{ v: number }>`SELECT coalesce(max(version), 0) AS v FROM schema_migrations`.execute(storage.db);
        latest = Number((await Promise.race([query, timeout])).rows[0]?.v ?? 0);
      } catch (err) {
        return `the database does not answer: ${(err as Error)?.message ?? String(err)}`;
      } finally {
        clearTimeout(timer);
      }
      if (latest < needed) return `migrations not applied: the database is at schema version ${latest}, this release needs ${needed}`;
      return diskState(storage)?.message;
    },
  };
}
