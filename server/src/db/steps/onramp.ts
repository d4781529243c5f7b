/**
 * Migration 10: the sandbox on-ramp (issue 19). A checkout session is what a generated URL
 * stands for: who gets what (destination, chain, the quoted crypto amount in base units) for how
 * much fiat, until when, and its CSRF token; once paid it holds the payout's transaction hash.
 * `status` goes pending -> paying -> paid (or back to pending when a payout fails). Times are ms.
 */
import type { Database } from 'better-sqlite3';

export const onrampMigration = {
  version: 10,
  name: 'sandbox on-ramp: checkout sessions',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE onramp_sessions (
        id TEXT PRIMARY KEY,
        csrf TEXT NOT NULL,
        project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        asset TEXT NOT NULL,
        crypto_amount TEXT NOT NULL,
        fiat_total TEXT NOT NULL,
        fiat_fee TEXT NOT NULL,
        fiat_currency TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'paying', 'paid')),
        tx_hash TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        paid_at INTEGER
      );
      CREATE INDEX onramp_sessions_by_project ON onramp_sessions (project_id, expires_at);
      CREATE INDEX onramp_sessions_by_expiry ON onramp_sessions (expires_at);
      CREATE INDEX onramp_sessions_by_tx ON onramp_sessions (chain_id, tx_hash);
    `);
  },
};
