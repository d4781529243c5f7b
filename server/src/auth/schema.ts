/**
 * The embedded wallet's tables (migration 4): users with their addresses and key shares (the
 * recovery share encrypted under the key-encryption key), approved devices, pending logins,
 * sessions, e-mail changes and key exports. Codes, tokens and device ids are stored hashed.
 */
import type { Database } from 'better-sqlite3';

export const authMigration = {
  version: 4,
  name: 'embedded wallet: users, devices, logins, sessions, e-mail changes, exports',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE auth_users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        evm_address TEXT,
        solana_address TEXT,
        server_share TEXT,
        recovery_share TEXT,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE auth_devices (
        email TEXT NOT NULL,
        device_hash TEXT NOT NULL,
        approved_at INTEGER NOT NULL,
        PRIMARY KEY (email, device_hash)
      );

      CREATE TABLE auth_logins (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        device_hash TEXT NOT NULL,
        new_device INTEGER NOT NULL CHECK (new_device IN (0, 1)),
        approved INTEGER NOT NULL CHECK (approved IN (0, 1)),
        device_token_hash TEXT UNIQUE,
        code_hash TEXT,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_sent_at INTEGER NOT NULL,
        done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
        ip TEXT NOT NULL
      );
      CREATE INDEX auth_logins_by_email ON auth_logins (email, last_sent_at);

      CREATE TABLE auth_sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        device_hash TEXT NOT NULL,
        device_verified INTEGER NOT NULL CHECK (device_verified IN (0, 1)),
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX auth_sessions_by_expiry ON auth_sessions (expires_at);

      CREATE TABLE auth_challenges (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('export', 'email-change')),
        user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        stage TEXT NOT NULL,
        new_email TEXT,
        code_hash TEXT,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_sent_at INTEGER NOT NULL
      );
      CREATE INDEX auth_challenges_by_user ON auth_challenges (user_id, kind, last_sent_at);
    `);
  },
};
