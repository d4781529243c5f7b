/**
 * The embedded wallet's shipped SQLite migrations 4-7 (moved here from server/src/auth with the
 * storage seam: they are the storage layer's, run on the raw handle by ./open.ts; Postgres gets
 * their result from ../storage/postgres/baseline-auth.ts). Never edit: a change is a new shared
 * migration (./migrations.ts).
 */
import type { Database } from 'better-sqlite3';

/**
 * The embedded wallet's tables (migration 4): users with their addresses and key shares (the
 * recovery share encrypted under the key-encryption key), approved devices, pending logins,
 * sessions, e-mail changes and key exports. Codes, tokens and device ids are stored hashed.
 */

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

/**
 * Migration 5: users who log in by a social account or Farcaster. The e-mail becomes optional
 * (an X or Farcaster user may have none; SQLite needs the table rebuilt for that), each external
 * identity (provider and the provider's subject) points at one user, and a session remembers
 * how it was opened (the provider and the username shown in the account).
 */

export const identitiesMigration = {
  version: 5,
  name: 'embedded wallet: social and Farcaster identities, optional e-mail',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE auth_users_next (
        id TEXT PRIMARY KEY,
        email TEXT UNIQUE,
        evm_address TEXT,
        solana_address TEXT,
        server_share TEXT,
        recovery_share TEXT,
        created_at INTEGER NOT NULL
      );
      INSERT INTO auth_users_next SELECT id, email, evm_address, solana_address, server_share, recovery_share, created_at FROM auth_users;
      DROP TABLE auth_users;
      ALTER TABLE auth_users_next RENAME TO auth_users;

      CREATE TABLE auth_identities (
        provider TEXT NOT NULL,
        subject TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        email TEXT,
        user_name TEXT,
        created_at INTEGER NOT NULL,
        last_login_at INTEGER NOT NULL,
        PRIMARY KEY (provider, subject)
      );
      CREATE INDEX auth_identities_by_user ON auth_identities (user_id);

      ALTER TABLE auth_sessions ADD COLUMN social_provider TEXT;
      ALTER TABLE auth_sessions ADD COLUMN user_name TEXT;
    `);
  },
};

/**
 * Migration 6: social logins in progress. A row lives from POST /social/start until the finish
 * (or its 10-minute lapse). Only hashes of `state` and of the frame's `socialId` are stored; the
 * callback's one-time completion value (see flow.ts) is stored hashed too; the
 * PKCE verifier and the nonce are derived from the state under a server key (see flow.ts), so
 * the table holds nothing that would let a reader complete a login.
 */

export const socialLoginsMigration = {
  version: 6,
  name: 'embedded wallet: social logins in progress',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE auth_social_logins (
        state_hash TEXT PRIMARY KEY,
        social_id_hash TEXT NOT NULL UNIQUE,
        provider TEXT NOT NULL,
        project_id TEXT NOT NULL,
        device_hash TEXT NOT NULL,
        origin TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'ok', 'failed')),
        message TEXT,
        subject TEXT,
        email TEXT,
        user_name TEXT,
        completion_hash TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX auth_social_logins_by_expiry ON auth_social_logins (expires_at);
    `);
  },
};

/**
 * Migration 7: passkeys and Farcaster sign-in. Each passkey (a WebAuthn credential) belongs to
 * one user and may hold the recovery share wrapped under its PRF key; challenges are single use
 * and short lived; the user keeps the SHA-256 of the recovery share, to check the share a frame
 * hands back when the last passkey holding it goes. A Farcaster channel is one sign-in attempt:
 * the frame knows its id, the sign-in link carries a separate token (stored hashed).
 */

export const passkeysMigration = {
  version: 7,
  name: 'embedded wallet: passkeys with wrapped recovery shares, passkey challenges, Farcaster channels',
  up(db: Database): void {
    db.exec(`
      ALTER TABLE auth_users ADD COLUMN recovery_share_hash TEXT;

      CREATE TABLE auth_passkeys (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
        public_key BLOB NOT NULL,
        counter INTEGER NOT NULL,
        transports TEXT NOT NULL DEFAULT '[]',
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER,
        wrapped_recovery_share TEXT
      );
      CREATE INDEX auth_passkeys_by_user ON auth_passkeys (user_id, created_at);

      CREATE TABLE auth_passkey_challenges (
        id TEXT PRIMARY KEY,
        challenge TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('register', 'login')),
        user_id TEXT REFERENCES auth_users (id) ON DELETE CASCADE,
        ip TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX auth_passkey_challenges_by_user ON auth_passkey_challenges (user_id, expires_at);
      CREATE INDEX auth_passkey_challenges_by_ip ON auth_passkey_challenges (ip, expires_at);

      CREATE TABLE auth_farcaster_channels (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        device_hash TEXT NOT NULL,
        nonce TEXT NOT NULL,
        ip TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        fid INTEGER,
        user_name TEXT,
        message TEXT,
        signature TEXT
      );
      CREATE INDEX auth_farcaster_channels_by_ip ON auth_farcaster_channels (ip, expires_at);
      CREATE INDEX auth_farcaster_channels_by_expiry ON auth_farcaster_channels (expires_at);
    `);
  },
};
