/**
 * Migration 6: social logins in progress. A row lives from POST /social/start until the finish
 * (or its 10-minute lapse). Only hashes of `state` and of the frame's `socialId` are stored; the
 * callback's one-time completion value (see flow.ts) is stored hashed too; the
 * PKCE verifier and the nonce are derived from the state under a server key (see flow.ts), so
 * the table holds nothing that would let a reader complete a login.
 */
import type { Database } from 'better-sqlite3';

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
