/**
 * Migration 7: passkeys and Farcaster sign-in. Each passkey (a WebAuthn credential) belongs to
 * one user and may hold the recovery share wrapped under its PRF key; challenges are single use
 * and short lived; the user keeps the SHA-256 of the recovery share, to check the share a frame
 * hands back when the last passkey holding it goes. A Farcaster channel is one sign-in attempt:
 * the frame knows its id, the sign-in link carries a separate token (stored hashed).
 */
import type { Database } from 'better-sqlite3';

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
