/**
 * Brings a Postgres database up to date with the one ordered list of ../../db/migrations.ts: an
 * empty database gets the baseline (migration 18's schema, ./baseline-*.ts) and versions 1-18
 * recorded as applied; then every shared migration past the database's latest runs, each with
 * its version row, all in one transaction. A transaction-scoped advisory lock makes instances
 * starting together migrate one after the other: the second finds the work done.
 */
import { sql, type Kysely } from 'kysely';
import { isShared, migrations as defaultMigrations, POSTGRES_BASELINE_VERSION, type Migration } from '../../db/migrations.js';
import type { StorageSchema } from '../schema.js';
import { POSTGRES_BASELINE_AUTH } from './baseline-auth.js';
import { POSTGRES_BASELINE_CORE } from './baseline-core.js';

/** The advisory lock key of migrations ('w3kit' in ASCII). */
const MIGRATION_LOCK = 0x7733_6b69_74;

/** Applies what is missing; returns the versions applied (1-18 when the baseline was laid). */
export async function migratePostgres(db: Kysely<StorageSchema>, list: readonly Migration[] = defaultMigrations): Promise<number[]> {
  const sorted = [...list].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version < 1 || (i > 0 && sorted[i - 1]!.version === m.version)) {
      throw new Error(`Bad migration list: version ${m.version} is not a unique positive integer`);
    }
  });
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(
      trx,
    );
    const { latest } = await trx
      .selectFrom('schema_migrations')
      .select((eb) => eb.fn.coalesce(eb.fn.max('version'), sql<number>`0`).as('latest'))
      .executeTakeFirstOrThrow();
    const known = sorted.at(-1)?.version ?? 0;
    if (latest > known) {
      throw new Error(`The database is at schema version ${latest}, newer than this w3kit-server knows (${known}): upgrade w3kit-server`);
    }
    if (latest !== 0 && latest < POSTGRES_BASELINE_VERSION) {
      throw new Error(`The database is at schema version ${latest}, which no w3kit-server writes on Postgres: restore it from a backup`);
    }
    const applied: number[] = [];
    const record = (m: Migration) =>
      trx.insertInto('schema_migrations').values({ version: m.version, name: m.name, applied_at: new Date().toISOString() }).execute();
    if (latest === 0) {
      for (const statement of [...POSTGRES_BASELINE_CORE, ...POSTGRES_BASELINE_AUTH]) await sql.raw(statement).execute(trx);
      for (const m of sorted.filter((m) => m.version <= POSTGRES_BASELINE_VERSION)) {
        await record(m);
        applied.push(m.version);
      }
    }
    for (const m of sorted) {
      if (m.version <= Math.max(latest, POSTGRES_BASELINE_VERSION)) continue;
      if (!isShared(m)) throw new Error(`Migration ${m.version} (${m.name}) is SQLite-only: it needs statements() to run on Postgres`);
      for (const statement of m.statements(trx, 'postgres')) await trx.executeQuery(statement.compile());
      await record(m);
      applied.push(m.version);
    }
    return applied;
  });
}
