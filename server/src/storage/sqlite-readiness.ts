/**
 * The SQLite database's readiness (GET /ready): it reads the migrations table (the file is there,
 * readable and not held by another process), compares its version with this release's, takes the
 * write lock for an instant and makes a write it rolls back (a read-only or locked file is named),
 * and reports a disk that refused a write in the last minute (db/disk-full.ts).
 */
import type { Database } from 'better-sqlite3';
import { diskState } from '../db/disk-full.js';
import { migrations, type Migration } from '../db/migrations.js';
import type { ReadinessCheck } from '../ops/readiness-check.js';

/** How long the probe waits for the database's write lock before it calls the file locked. */
export const READY_LOCK_WAIT_MS = 250;

export function databaseReadiness(db: Database, known: readonly Migration[] = migrations): ReadinessCheck {
  const needed = Math.max(0, ...known.map((m) => m.version));
  return {
    name: 'database',
    check() {
      if (!db.open) return 'the database is closed';
      let latest: number;
      try {
        latest = db.prepare('SELECT coalesce(max(version), 0) AS v FROM schema_migrations').pluck().get() as number;
      } catch (err) {
        return `the database does not answer: ${reason(err)}`;
      }
      if (latest < needed) return `migrations not applied: the database is at schema version ${latest}, this release needs ${needed}`;
      const writable = tryWriteLock(db);
      if (writable) return writable;
      return diskState(db)?.message;
    },
  };
}

/** Takes and releases the write lock, waiting at most READY_LOCK_WAIT_MS; why it could not, or undefined. */
function tryWriteLock(db: Database): string | undefined {
  if (db.inTransaction) return undefined;
  const wait = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${READY_LOCK_WAIT_MS}`);
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      // A write nothing keeps (rolled back before it reaches the file): a read-only database refuses it.
      db.prepare('UPDATE schema_migrations SET name = name WHERE version = 0').run();
    } finally {
      db.exec('ROLLBACK');
    }
    return undefined;
  } catch (err) {
    const code = String((err as { code?: unknown }).code ?? '');
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
      return `the database is locked by another process (${code}): writes would wait`;
    if (code.startsWith('SQLITE_READONLY')) return `the database is read-only (${code}): writes are refused`;
    return `the database refuses writes: ${reason(err)}`;
  } finally {
    db.pragma(`busy_timeout = ${wait}`);
  }
}

function reason(err: unknown): string {
  const { code, message } = err as { code?: unknown; message?: unknown };
  return `${String(message ?? err)}${typeof code === 'string' ? ` (${code})` : ''}`;
}
