/**
 * Migration 18: a sign-in session's namespace is any the server's registry serves (issue 30).
 * Migration 8 listed two namespaces in a CHECK, so a namespace added as a folder of
 * server/src/chains could not store a session; SQLite changes a CHECK only by rebuilding the
 * table, so the sessions move to a table without it, rows (and their rowids, the trimming
 * order's tie-break) kept. The namespace is checked in code against the registry (../../siwx/store.ts);
 * the table keeps only the CAIP-2 form of a namespace (3 to 8 characters).
 */
import type { Database } from 'better-sqlite3';

const COLUMNS = `id, token_hash, project_id, namespace, chain_id, address, domain, uri, nonce, statement, message, signature,
  issued_at, expires_at, expiration_time, revoked_at, created_at`;

export const siwxNamespaceMigration = {
  version: 18,
  name: 'sign in with X: any namespace the registry serves',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE siwx_sessions_next (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        namespace TEXT NOT NULL CHECK (length(namespace) BETWEEN 3 AND 8),
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        domain TEXT NOT NULL,
        uri TEXT NOT NULL,
        nonce TEXT NOT NULL,
        statement TEXT,
        message TEXT NOT NULL,
        signature TEXT NOT NULL,
        issued_at TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        expiration_time TEXT NOT NULL,
        revoked_at INTEGER,
        created_at INTEGER NOT NULL
      );
      INSERT INTO siwx_sessions_next (rowid, ${COLUMNS}) SELECT rowid, ${COLUMNS} FROM siwx_sessions;
      DROP TABLE siwx_sessions;
      ALTER TABLE siwx_sessions_next RENAME TO siwx_sessions;
      CREATE INDEX siwx_sessions_by_account ON siwx_sessions (project_id, namespace, address, created_at);
      CREATE INDEX siwx_sessions_by_expiry ON siwx_sessions (expires_at);
    `);
  },
};
