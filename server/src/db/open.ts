/**
 * Opens the backend's SQLite database and brings its schema up to date. A file database lives
 * at `<dataDir>/w3kit.sqlite` in WAL mode; without a data directory it is in memory. A new
 * database is created only where no file is: an existing file that is empty (0 bytes), not
 * SQLite, or another program's SQLite database is refused (DatabaseFileError), never started
 * over, and a full disk is named as such.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { isShared, migrations as defaultMigrations, type Migration } from './migrations.js';
import { checkExistingFile, DatabaseFileError, nativeDriverFailure, openFailure, removeEmptyFresh } from './file-check.js';

export type { Database } from 'better-sqlite3';

export const DB_FILE_NAME = 'w3kit.sqlite';

export interface OpenDatabaseOptions {
  /** Defaults to the backend's own list; tests pass extra ones. */
  migrations?: readonly Migration[];
}

/** The database file inside a data directory. */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, DB_FILE_NAME);
}

/**
 * Opens (creating it and its directory if needed) and migrates the database of `dataDir`;
 * `undefined` gives an in-memory one. A DatabaseFileError says why an existing file is refused.
 */
export function openDatabase(dataDir: string | undefined, options: OpenDatabaseOptions = {}): Database {
  if (dataDir === undefined) {
    let memory: Database;
    try {
      memory = new BetterSqlite3(':memory:');
    } catch (err) {
      throw nativeDriverFailure(err);
    }
    return prepare(memory, options);
  }
  const file = databaseFile(dataDir);
  let fresh = false;
  let db: Database | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    fresh = checkExistingFile(file) === 'absent';
    db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    if (!fresh) checkW3kitSchema(db, file);
    return prepare(db, options);
  } catch (err) {
    if (db?.open) db.close();
    // A start that failed (on a full disk, say) leaves no empty file that the next start would refuse.
    if (fresh) removeEmptyFresh(file);
    throw openFailure(err, file);
  }
}

function prepare(db: Database, options: OpenDatabaseOptions): Database {
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db, options.migrations ?? defaultMigrations);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** An existing file must hold w3kit's tables (schema_migrations), or no table at all (a first start cut short). */
function checkW3kitSchema(db: Database, file: string): void {
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((t) => t.name);
  if (tables.length === 0 || tables.includes('schema_migrations')) return;
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
  throw new DatabaseFileError(
    file,
    `${file} is not a w3kit database: it is another program's SQLite database (tables ${shown}, no schema_migrations). Point --data at w3kit's data folder, or at a new folder to start afresh`,
  );
}

export interface AppliedMigration {
  version: number;
  name: string;
  applied_at: string;
}

/** The migrations recorded in the database, oldest first. */
export function appliedMigrations(db: Database): AppliedMigration[] {
  return db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all() as AppliedMigration[];
}

/** Applies, in one transaction, every migration newer than the database's latest. */
export function migrate(db: Database, list: readonly Migration[]): number[] {
  const sorted = [...list].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version < 1 || (i > 0 && sorted[i - 1]!.version === m.version)) {
      throw new Error(`Bad migration list: version ${m.version} is not a unique positive integer`);
    }
  });
  const run = db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const { latest } = db.prepare('SELECT coalesce(max(version), 0) AS latest FROM schema_migrations').get() as { latest: number };
    const known = sorted.at(-1)?.version ?? 0;
    if (latest > known) {
      throw new Error(`The database is at schema version ${latest}, newer than this w3kit-server knows (${known}): upgrade w3kit-server`);
    }
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    const applied: number[] = [];
    // Compiles shared migrations' Kysely builders (never destroyed: that would close the handle).
    let compiler: Kysely<unknown> | undefined;
    for (const m of sorted) {
      if (m.version <= latest) continue;
      if (isShared(m)) {
        compiler ??= new Kysely({ dialect: new SqliteDialect({ database: db }) });
        for (const statement of m.statements(compiler, 'sqlite')) {
          const { sql, parameters } = statement.compile();
          db.prepare(sql).run(...(parameters as unknown[]));
        }
      } else m.up(db);
      record.run(m.version, m.name, new Date().toISOString());
      applied.push(m.version);
    }
    // A migration that rebuilt a table (SQLite's way to change a column) must leave no dangling reference.
    const broken = db.pragma('foreign_key_check') as { table: string }[];
    if (broken.length > 0) throw new Error(`Migration left broken references in ${broken[0]!.table}`);
    return applied;
  });
  // Off while migrating (it cannot change inside a transaction): rebuilding a table must not
  // cascade deletes into the tables that point at it.
  const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  try {
    return run.immediate();
  } finally {
    if (enforced) db.pragma('foreign_keys = ON');
  }
}
