/**
 * Migration 18 (issue 30): sign-in sessions of any namespace the registry serves. An old
 * database (migration 17, whose CHECK took eip155 and solana only) migrates with its sessions
 * kept; afterwards a registered test namespace's session is stored, and the store refuses, in
 * words, a namespace no chain module serves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_CHAINS } from '../chains/index.js';
import type { ServerChain } from '../chains/types.js';
import { migrations } from '../db/migrations.js';
import { openDatabase, type Database } from '../db/open.js';
import { seedDevProject } from '../projects.js';
import { sqliteStorage } from '../storage/engine.js';
import { siwxRepository } from '../storage/siwx.js';
import type { NewSession } from './sessions.js';

const DEV = 'w3kit-dev';
const HOUR = 3_600_000;
const testChain: ServerChain = { ...SERVER_CHAINS[0]!, namespace: 'tst', chainIdPattern: /^tst:[a-z]{1,8}$/ };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'w3kit-siwx-ns-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const insertSql = `INSERT INTO siwx_sessions (id, token_hash, project_id, namespace, chain_id, address, domain, uri, nonce,
  statement, message, signature, issued_at, expires_at, expiration_time, revoked_at, created_at)
  VALUES (?, ?, ?, ?, ?, ?, 'localhost', 'http://localhost/', ?, NULL, 'message', 'signature', '2026-01-01T00:00:00Z', ?, 'then', ?, ?)`;

function insertRow(db: Database, id: string, namespace: string, chainId: string, revokedAt: number | null = null) {
  db.prepare(insertSql).run(id, `hash-${id}`, DEV, namespace, chainId, `addr-${id}`, `nonce${id}00000`, Date.now() + HOUR, revokedAt, 1000);
}

async function session(db: Database, namespace: string, chainId: string, address: string): Promise<NewSession> {
  const { nonce } = await siwxRepository(sqliteStorage(db)).issueNonce(DEV, 'ip', Date.now(), HOUR);
  return {
    projectId: DEV,
    namespace,
    chainId,
    address,
    domain: 'localhost:5173',
    uri: 'http://localhost:5173/',
    nonce,
    statement: null,
    message: 'signed text',
    signature: 'sig',
    issuedAt: new Date().toISOString(),
    expiresAt: Date.now() + HOUR,
    expirationTime: new Date(Date.now() + HOUR).toISOString(),
  };
}

describe('migration 18: siwx_sessions without a CHECK naming namespaces', () => {
  it('migrates an old database with its sessions (and rowids) kept, and then takes another namespace', () => {
    const old = openDatabase(dir, { migrations: migrations.filter((m) => m.version <= 17) });
    seedDevProject(old);
    insertRow(old, 'a', 'eip155', 'eip155:1');
    insertRow(old, 'b', 'solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 7);
    // What the old table refused: the reason for the migration.
    expect(() => insertRow(old, 'c', 'tst', 'tst:main')).toThrow(/CHECK constraint failed/);
    const before = old.prepare('SELECT rowid, * FROM siwx_sessions ORDER BY rowid').all();
    old.close();

    const db = openDatabase(dir);
    try {
      expect(db.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({ v: migrations.at(-1)!.version });
      expect(db.prepare('SELECT rowid, * FROM siwx_sessions ORDER BY rowid').all()).toEqual(before);
      expect(before).toHaveLength(2);
      const sql = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'siwx_sessions'").get() as { sql: string }).sql;
      expect(sql).not.toMatch(/eip155|solana/);
      const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'siwx_sessions' AND sql IS NOT NULL");
      expect(
        indexes
          .all()
          .map((r) => (r as { name: string }).name)
          .sort(),
      ).toEqual(['siwx_sessions_by_account', 'siwx_sessions_by_expiry']);
      insertRow(db, 'c', 'tst', 'tst:main');
      // The sessions still go with their project.
      db.prepare('DELETE FROM projects WHERE id = ?').run(DEV);
      expect(db.prepare('SELECT count(*) AS n FROM siwx_sessions').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});

describe('the session store checks the namespace against the registry', () => {
  it("stores a registered test namespace's session", async () => {
    const db = openDatabase(undefined);
    seedDevProject(db);
    const store = siwxRepository(sqliteStorage(db), [...SERVER_CHAINS, testChain]);
    const opened = await store.openSession(await session(db, 'tst', 'tst:main', 'acct-7F'), Date.now(), 20);
    expect(opened?.session.reply).toMatchObject({ namespace: 'tst', chainId: 'tst:main', address: 'acct-7F' });
    expect((await store.session(DEV, opened!.token))?.reply.address).toBe('acct-7F');
    db.close();
  });

  it('refuses, naming it, a namespace no chain module serves, and spends no nonce', async () => {
    const db = openDatabase(undefined);
    seedDevProject(db);
    const store = siwxRepository(sqliteStorage(db));
    const fresh = await session(db, 'tst', 'tst:main', 'acct-7F');
    await expect(store.openSession(fresh, Date.now(), 20)).rejects.toThrow(
      'No chain module of this server serves the namespace tst (served: eip155, solana, bip122)',
    );
    expect((await store.nonce(DEV, fresh.nonce))?.used_at).toBeNull();
    db.close();
  });
});
