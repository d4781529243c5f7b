/**
 * GET /ready on the real bin: 200 while the database answers, is migrated and takes writes; 503
 * naming the problem while another process holds its write lock or a migration is missing, and
 * 200 again once that is over. /health keeps answering `{ ok: true }` meanwhile.
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, migrations } from '../src/index.js';
import { databaseReadiness } from '../src/storage/sqlite-readiness.js';
import { builtBin, removeBuiltBin } from './built-bin.js';
import { runBin, tempDir, type RunningBin } from './helpers.js';

const KEK = Buffer.alloc(32, 7).toString('base64');
const LATEST = Math.max(...migrations.map((m) => m.version));

async function ready(
  bin: RunningBin,
): Promise<{ status: number; body: { ready: boolean; message?: string; checks: Record<string, string> } }> {
  const res = await fetch(`${bin.url}/ready`);
  return { status: res.status, body: (await res.json()) as never };
}

describe('GET /ready on the bin', () => {
  const data = tempDir('w3kit-ready-');
  let bin: RunningBin;
  beforeAll(async () => {
    bin = await runBin(await builtBin(), ['--port', '0', '--relay-port', '0', '--frame-port', '0', '--data', data.dir], {
      ...process.env,
      W3KIT_KEK: KEK,
    });
  }, 60_000);
  afterAll(async () => {
    await bin?.stop();
    data.remove();
    removeBuiltBin();
  });

  it('is ready on a migrated, writable database, and /health is unchanged', async () => {
    expect(await ready(bin)).toEqual({ status: 200, body: { ready: true, checks: { database: 'ok' } } });
    expect(await (await fetch(`${bin.url}/health`)).json()).toEqual({ ok: true });
  });

  it('is not ready while another process holds the write lock, and ready again once it lets go', async () => {
    const other = new BetterSqlite3(databaseFile(data.dir));
    try {
      other.exec('BEGIN IMMEDIATE');
      const locked = await ready(bin);
      expect(locked.status).toBe(503);
      expect(locked.body.ready).toBe(false);
      expect(locked.body.checks.database).toMatch(/^the database is locked by another process \(SQLITE_BUSY\)/);
      expect(locked.body.message).toBe(`Not ready: database: ${locked.body.checks.database}`);
      // The process still answers.
      expect((await fetch(`${bin.url}/health`)).status).toBe(200);
      other.exec('ROLLBACK');
      expect((await ready(bin)).status).toBe(200);
    } finally {
      other.close();
    }
  });

  it('is not ready while a migration this release needs is not applied', async () => {
    const other = new BetterSqlite3(databaseFile(data.dir));
    try {
      const row = other.prepare('SELECT * FROM schema_migrations WHERE version = ?').get(LATEST) as Record<string, unknown>;
      other.prepare('DELETE FROM schema_migrations WHERE version = ?').run(LATEST);
      const behind = await ready(bin);
      expect(behind.status).toBe(503);
      expect(behind.body.checks.database).toBe(
        `migrations not applied: the database is at schema version ${LATEST - 1}, this release needs ${LATEST}`,
      );
      other.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (@version, @name, @applied_at)').run(row);
      expect((await ready(bin)).status).toBe(200);
    } finally {
      other.close();
    }
  });
});

describe('the database readiness check', () => {
  it('names a read-only database and a closed one', () => {
    const data = tempDir('w3kit-ready-ro-');
    try {
      const file = `${data.dir}/x.sqlite`;
      const setup = new BetterSqlite3(file);
      setup.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
        INSERT INTO schema_migrations VALUES (1, 'one', '2026-01-01')`);
      setup.close();
      const readonly = new BetterSqlite3(file, { readonly: true });
      const check = databaseReadiness(readonly, [{ version: 1, name: 'one', up: () => undefined }]);
      expect(check.check()).toMatch(/^the database is read-only \(SQLITE_READONLY/);
      readonly.close();
      expect(check.check()).toBe('the database is closed');
    } finally {
      data.remove();
    }
  });
});
