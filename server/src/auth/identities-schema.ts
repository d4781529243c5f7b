/**
 * Migration 5: users who log in by a social account or Farcaster. The e-mail becomes optional
 * (an X or Farcaster user may have none; SQLite needs the table rebuilt for that), each external
 * identity (provider and the provider's subject) points at one user, and a session remembers
 * how it was opened (the provider and the username shown in the account).
 */
import type { Database } from 'better-sqlite3';

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
