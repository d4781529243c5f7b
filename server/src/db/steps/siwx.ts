/**
 * Migration 8: sign in with X (issue 17). Nonces are issued per project, good once until they
 * expire; a session is one verified CAIP-122 message, found by the SHA-256 of its bearer token.
 * eip155 addresses are stored checksummed (so equal addresses are equal text); times are ms.
 */
import type { Database } from 'better-sqlite3';

export const siwxMigration = {
  version: 8,
  name: 'sign in with X: nonces and sessions',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE siwx_nonces (
        nonce TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE INDEX siwx_nonces_by_project ON siwx_nonces (project_id, expires_at);
      CREATE INDEX siwx_nonces_by_expiry ON siwx_nonces (expires_at);

      CREATE TABLE siwx_sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        namespace TEXT NOT NULL CHECK (namespace IN ('eip155', 'solana')),
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
      CREATE INDEX siwx_sessions_by_account ON siwx_sessions (project_id, namespace, address, created_at);
      CREATE INDEX siwx_sessions_by_expiry ON siwx_sessions (expires_at);
    `);
  },
};

/**
 * Migration 12: the sign-in limits count per client address and per account, never per
 * project (issue 29). A nonce keeps the key of the address that asked for it (src/client-key.ts),
 * counted through an index that holds every column the count reads; the per-project index goes.
 * Sessions are trimmed per account through siwx_sessions_by_account.
 */
export const siwxLimitsMigration = {
  version: 12,
  name: 'sign in with X: nonces counted per client address',
  up(db: Database): void {
    db.exec(`
      ALTER TABLE siwx_nonces ADD COLUMN ip_key TEXT NOT NULL DEFAULT 'unknown';
      DROP INDEX siwx_nonces_by_project;
      CREATE INDEX siwx_nonces_by_client ON siwx_nonces (project_id, ip_key, expires_at, used_at);
    `);
  },
};

/**
 * Migration 17: the chains a project takes sign-in on (issue 29), a JSON list of CAIP-2 ids;
 * NULL takes the server's default chains (./chains.ts).
 */
export const siwxChainsMigration = {
  version: 17,
  name: 'sign in with X: the chains a project takes',
  up(db: Database): void {
    db.exec('ALTER TABLE projects ADD COLUMN siwx_chains TEXT');
  },
};
