/** The SQLite database: file location, WAL, migrations applied once and only the new ones on reopen. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appliedMigrations,
  createProject,
  getProject,
  migrations,
  openDatabase,
  seedWallets,
  sqliteStorage,
  countWallets,
  type Database,
  type Migration,
  type SqliteMigration,
} from '../src/index.js';
import { tempDir } from './helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((fn) => fn()));

function dataDir(): string {
  const t = tempDir();
  cleanups.push(t.remove);
  return path.join(t.dir, 'nested', 'data');
}

describe('openDatabase', () => {
  it('creates <dataDir>/w3kit.sqlite in WAL mode with every table', () => {
    const dir = dataDir();
    const db = openDatabase(dir);
    try {
      expect(existsSync(path.join(dir, 'w3kit.sqlite'))).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
        (r) => r.name,
      );
      expect(tables).toEqual(
        expect.arrayContaining([
          'schema_migrations',
          'projects',
          'wallets',
          'images',
          'analytics_events',
          'relay_messages',
          'relay_deliveries',
          'relay_subscriptions',
        ]),
      );
      const indexes = (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'wallets'").all() as { name: string }[]
      ).map((r) => r.name);
      expect(indexes).toEqual(expect.arrayContaining(['wallets_by_order', 'wallets_by_lower_name']));
      expect(appliedMigrations(db).map((m) => m.version)).toEqual(migrations.map((m) => m.version));
    } finally {
      db.close();
    }
  });

  it('is in memory without a data directory', () => {
    const db = openDatabase(undefined);
    expect(db.memory).toBe(true);
    expect(appliedMigrations(db)).toHaveLength(migrations.length);
    db.close();
  });

  it('keeps data on reopen and does not apply migrations again', async () => {
    const dir = dataDir();
    const first = openDatabase(dir);
    createProject(first, { id: 'keep', name: 'Keep me', allowedOrigins: ['https://keep.example.com'] });
    await seedWallets(sqliteStorage(first), { count: 150 });
    const before = appliedMigrations(first);
    first.close();

    const second = openDatabase(dir);
    try {
      expect(appliedMigrations(second)).toEqual(before);
      expect(getProject(second, 'keep')).toMatchObject({ name: 'Keep me', allowedOrigins: ['https://keep.example.com'] });
      expect(countWallets(second)).toBe(150);
    } finally {
      second.close();
    }
  });

  it('applies only the new migrations of a newer release', () => {
    const dir = dataDir();
    openDatabase(dir).close();
    const ran: number[] = [];
    const next: Migration = {
      version: migrations.at(-1)!.version + 1,
      name: 'blockchain index',
      up(db) {
        ran.push(this.version);
        db.exec('CREATE TABLE future_index (topic TEXT NOT NULL, message TEXT NOT NULL)');
      },
    };
    const spied = (migrations as readonly SqliteMigration[]).map((m) => ({ ...m, up: (db: Database) => (ran.push(m.version), m.up(db)) }));
    const db = openDatabase(dir, { migrations: [...spied, next] });
    try {
      expect(ran).toEqual([next.version]);
      expect(appliedMigrations(db).map((m) => m.version)).toEqual([...migrations.map((m) => m.version), next.version]);
      db.prepare('INSERT INTO future_index VALUES (?, ?)').run('t', 'm');
    } finally {
      db.close();
    }
  });

  it('rolls a failing migration back completely', () => {
    const dir = dataDir();
    openDatabase(dir).close();
    const broken: Migration[] = [
      ...migrations,
      { version: 90, name: 'ok part', up: (db) => db.exec('CREATE TABLE half_done (x)') },
      {
        version: 91,
        name: 'fails',
        up: () => {
          throw new Error('boom');
        },
      },
    ];
    expect(() => openDatabase(dir, { migrations: broken })).toThrow('boom');
    const db = openDatabase(dir);
    try {
      expect(appliedMigrations(db)).toHaveLength(migrations.length);
      expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half_done'").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('refuses a database from a newer release', () => {
    const dir = dataDir();
    openDatabase(dir, { migrations: [...migrations, { version: 99, name: 'future', up: () => undefined }] }).close();
    expect(() => openDatabase(dir)).toThrow(/newer than this w3kit-server/);
  });
});
