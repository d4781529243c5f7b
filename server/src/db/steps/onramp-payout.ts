/**
 * Migration 13: a payout is sent at most once (issue 29). A checkout session keeps the signed
 * payout transaction before it is broadcast: its hash, nonce, sender and raw bytes (the same
 * transaction can be sent again after a restart; it can never be mined twice), and `failed`
 * joins the states for a payout the chain refused or reverted (terminal: nothing was paid, a
 * new checkout is needed). SQLite cannot change a CHECK in place, so the table is rebuilt.
 */
import type { Database } from 'better-sqlite3';

export const onrampPayoutMigration = {
  version: 13,
  name: 'sandbox on-ramp: the payout transaction recorded before it is sent',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE onramp_sessions_next (
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
        status TEXT NOT NULL CHECK (status IN ('pending', 'paying', 'paid', 'failed')),
        tx_hash TEXT,
        tx_nonce INTEGER,
        tx_from TEXT,
        tx_raw TEXT,
        failure TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        paid_at INTEGER
      );
      INSERT INTO onramp_sessions_next (id, csrf, project_id, chain_id, address, asset, crypto_amount, fiat_total, fiat_fee,
          fiat_currency, status, tx_hash, created_at, expires_at, paid_at)
        SELECT id, csrf, project_id, chain_id, address, asset, crypto_amount, fiat_total, fiat_fee,
          fiat_currency, status, tx_hash, created_at, expires_at, paid_at FROM onramp_sessions;
      DROP TABLE onramp_sessions;
      ALTER TABLE onramp_sessions_next RENAME TO onramp_sessions;
      CREATE INDEX onramp_sessions_by_project ON onramp_sessions (project_id, expires_at);
      CREATE INDEX onramp_sessions_by_expiry ON onramp_sessions (expires_at);
      CREATE INDEX onramp_sessions_by_tx ON onramp_sessions (chain_id, tx_hash);
      CREATE INDEX onramp_sessions_paying ON onramp_sessions (status) WHERE status = 'paying';
    `);
  },
};
