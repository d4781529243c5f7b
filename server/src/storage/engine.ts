/**
 * The storage seam: one Kysely over either engine. `openStorage` opens what `--db` names (see
 * url.ts): the SQLite file in `--data` (migrated by ../db/open.ts, as before) or a Postgres pool
 * (migrated by postgres/migrate.ts). Repositories (./projects.ts, ...) take a Storage and are
 * registered as Fastify decorators by ../repositories.ts; nothing outside this folder and
 * ../db imports better-sqlite3, pg or kysely (the lint zone of scripts/lib/storage-zone.mjs).
 */
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { databaseFile, openDatabase, type Database, type OpenDatabaseOptions } from '../db/open.js';
import { migratePostgres } from './postgres/migrate.js';
import type { StorageSchema } from './schema.js';
import type { Engine, StorageTarget } from './url.js';

export interface Storage {
  engine: Engine;
  /** What the start line shows: the SQLite file, or the Postgres URL with its password as `***`. */
  label: string;
  db: Kysely<StorageSchema>;
  /**
   * The raw SQLite handle, for the features not yet behind the seam (the shrinking allowlist of
   * the lint zone); undefined on Postgres, where they cannot run yet.
   */
  sqlite: Database | undefined;
  /** Closes the pool or the SQLite handle. */
  close(): Promise<void>;
}

const wrapped = new WeakMap<Database, Storage>();

/** The Storage of an open SQLite handle (one per handle); closing it closes the handle. */
export function sqliteStorage(handle: Database, label = handle.name): Storage {
  let storage = wrapped.get(handle);
  if (!storage) {
    const db = new Kysely<StorageSchema>({ dialect: new SqliteDialect({ database: handle }) });
    storage = {
      engine: 'sqlite',
      label,
      db,
      sqlite: handle,
      close: async () => {
        if (handle.open) await db.destroy();
      },
    };
    wrapped.set(handle, storage);
  }
  return storage;
}

/** pg parses int8 (BIGINT, count(*)) as a string; the schema keeps safe integers (ms, block numbers), so numbers. */
const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface OpenStorageOptions extends OpenDatabaseOptions {
  /** Postgres connections at most (default 10). */
  poolSize?: number;
}

/** Opens and migrates the configured database. A failure to reach Postgres names the redacted URL. */
export async function openStorage(target: StorageTarget, options: OpenStorageOptions = {}): Promise<Storage> {
  if (target.engine === 'sqlite') {
    const handle = openDatabase(target.dataDir, options);
    return sqliteStorage(handle, target.dataDir === undefined ? 'in memory' : databaseFile(target.dataDir));
  }
  const pool = new pg.Pool({ connectionString: target.url, max: options.poolSize ?? 10, types: PG_TYPES });
  // An idle connection the server drops must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<StorageSchema>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migratePostgres(db, options.migrations);
  } catch (err) {
    await db.destroy();
    throw new StorageError(`cannot use the database ${target.shown}: ${(err as Error).message}`, { cause: err });
  }
  return { engine: 'postgres', label: target.shown, db, sqlite: undefined, close: () => db.destroy() };
}

/** The database could not be opened or migrated; the message holds no password. */
export class StorageError extends Error {
  override name = 'StorageError';
}
