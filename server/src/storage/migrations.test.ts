/**
 * One migration list on both engines: the Postgres baseline and the shared migrations after it
 * (19 on) equal SQLite's schema, a shared migration runs on either (also on a copy of a database written by the
 * current release), and two instances starting together on Postgres migrate once.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { tempDir } from '../../test/helpers.js';
import { migrations, type Migration, type SharedMigration } from '../db/migrations.js';
import { appliedMigrations, databaseFile, openDatabase } from '../db/open.js';
import { createProject } from '../projects.js';
import { openStorage, type Storage } from './engine.js';
import { projectsRepository } from './projects.js';
import { storageTarget } from './url.js';

interface Column {
  table: string;
  column: string;
  type: string;
  notNull: boolean;
}

/** SQLite's declared types as Postgres's baseline writes them. */
const PG_TYPE: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', BLOB: 'bytea', REAL: 'double precision' };

async function columns(storage: Storage): Promise<Column[]> {
  if (storage.engine === 'sqlite') {
    const { rows } = await sql<{ table: string; column: string; type: string; notnull: number; pk: number }>`
      SELECT m.name AS "table", p.name AS "column", p.type AS type, p."notnull" AS "notnull", p.pk AS pk
      FROM sqlite_master m JOIN pragma_table_info(m.name) p
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`.execute(storage.db);
    // A primary key column is NOT NULL on Postgres whatever SQLite says.
    return rows.map((r) => ({ table: r.table, column: r.column, type: PG_TYPE[r.type]!, notNull: r.notnull === 1 || r.pk > 0 }));
  }
  const { rows } = await sql<{ table: string; column: string; type: string; nullable: string }>`
    SELECT table_name AS "table", column_name AS "column", data_type AS type, is_nullable AS nullable
    FROM information_schema.columns WHERE table_schema = 'public'`.execute(storage.db);
  return rows.map((r) => ({ table: r.table, column: r.column, type: r.type, notNull: r.nullable === 'NO' }));
}

async function indexNames(storage: Storage): Promise<string[]> {
  const { rows } =
    storage.engine === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`.execute(storage.db)
      : await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'
          AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key'`.execute(storage.db);
  return rows.map((r) => r.name).sort();
}

const byName = (a: Column, b: Column) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);

/** A shared migration as a later release would add it: a column and a table, built with Kysely. */
const next: SharedMigration = {
  version: migrations.at(-1)!.version + 1,
  name: 'projects: contact',
  statements: (db) => [
    db.schema.alterTable('projects').addColumn('contact', 'text'),
    db.schema
      .createTable('project_notes')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('note', 'text', (c) => c.notNull()),
  ],
};
const withNext: readonly Migration[] = [...migrations, next];

describe('migrations on both engines', () => {
  it('lays on Postgres (the baseline, then the shared migrations) the schema SQLite has, column by column and index by index', async () => {
    const [lite, pg] = [await freshStorage('sqlite'), await freshStorage('postgres')];
    expect((await columns(pg)).sort(byName)).toEqual((await columns(lite)).sort(byName));
    // Postgres adds one index: names taken once whatever their case (SQLite's COLLATE NOCASE).
    expect(await indexNames(pg)).toEqual([...(await indexNames(lite)), 'registered_names_by_lower_name'].sort());
    const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(pg.db);
    expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
  });

  it.each(ENGINES)('runs a shared migration on %s', async (engine) => {
    const storage = await freshStorage(engine, { migrations: withNext });
    const projects = projectsRepository(storage);
    await projects.create({ id: 'a', name: 'A' });
    await sql`UPDATE projects SET contact = 'ops@example.com'`.execute(storage.db);
    await sql`INSERT INTO project_notes (project_id, note) VALUES ('a', 'hello')`.execute(storage.db);
    expect(await projects.remove('a')).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM project_notes`.execute(storage.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('migrates in place a copy of a database written by the current release', async () => {
    const { dir, remove } = tempDir();
    const old = path.join(dir, 'old');
    const db = openDatabase(old);
    createProject(db, { id: 'kept', name: 'Kept', allowedOrigins: ['https://kept.example'] });
    db.close();
    const copy = path.join(dir, 'copy');
    mkdirSync(copy);
    copyFileSync(databaseFile(old), databaseFile(copy));
    const storage = await openStorage(storageTarget(undefined, copy), { migrations: withNext });
    try {
      expect(await projectsRepository(storage).get('kept')).toMatchObject({ allowedOrigins: ['https://kept.example'] });
      expect(appliedMigrations(storage.sqlite!).map((m) => m.version)).toEqual(withNext.map((m) => m.version));
      const { rows } = await sql<{ contact: string | null }>`SELECT contact FROM projects`.execute(storage.db);
      expect(rows).toEqual([{ contact: null }]);
    } finally {
      await storage.close();
      remove();
    }
  });

  it('migrates once when two instances start together on one Postgres', async () => {
    const url = await postgresUrl();
    const [a, b] = await Promise.all([openAgain(url, { migrations: withNext }), openAgain(url, { migrations: withNext })]);
    const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(a.db);
    expect(rows.map((r) => r.version)).toEqual(withNext.map((m) => m.version));
    await projectsRepository(b).create({ id: 'shared', name: 'Shared' });
    expect(await projectsRepository(a).get('shared')).toBeDefined();
  });

  it('refuses on Postgres a newer database and an SQLite-only step past the baseline, by name', async () => {
    const url = await postgresUrl();
    await openAgain(url, { migrations: withNext });
    const known = migrations.at(-1)!.version;
    await expect(openAgain(url)).rejects.toThrow(`schema version ${known + 1}, newer than this w3kit-server knows (${known})`);
    const sqliteOnly: Migration = { version: known + 2, name: 'rebuild', up: () => undefined };
    await expect(openAgain(url, { migrations: [...withNext, sqliteOnly] })).rejects.toThrow(
      `Migration ${known + 2} (rebuild) is SQLite-only`,
    );
  });
});
