/**
 * The relay's SQLite-only migrations (14 and 15, before the Postgres baseline, which has their
 * schema): they run on the raw handle, so they live in the storage layer.
 *
 * Migration 14: relay subscriptions know the address that made them (the per-IP quota key,
 * counted against the per-address cap) and when they expire (renewed on every subscribe).
 * Rows from before keep their 30 days from `subscribed_at` and count for no address.
 *
 * Migration 15: what the relay needs to keep the disk without locking anyone out (issue 29).
 * Each message records the address it came from (its quota key) and its size in bytes, so the
 * oldest unfetched messages of the heaviest senders can be found and evicted without reading
 * their content; the hourly quota windows per address and for all addresses are rows
 * (`relay_quota_windows`), so a restart does not reset them.
 */
import type { Database } from '../db/open.js';

export const relaySubscriptionsMigration = {
  version: 14,
  name: 'WalletConnect relay: subscriptions per address, with an expiry',
  up(db: Database): void {
    db.exec(`
      ALTER TABLE relay_subscriptions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
      ALTER TABLE relay_subscriptions ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
      UPDATE relay_subscriptions SET expires_at = subscribed_at + 2592000000;
      CREATE INDEX relay_subscriptions_by_ip ON relay_subscriptions (ip, expires_at);
      CREATE INDEX relay_subscriptions_by_expiry ON relay_subscriptions (expires_at);
    `);
  },
};

export const relayRetentionMigration = {
  version: 15,
  name: 'relay: message senders and sizes, persisted quota windows',
  up(db: Database): void {
    db.exec(`
      ALTER TABLE relay_messages ADD COLUMN sender_ip TEXT NOT NULL DEFAULT 'unknown';
      ALTER TABLE relay_messages ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
      UPDATE relay_messages SET size = octet_length(topic) + octet_length(message) + coalesce(octet_length(attestation), 0);
      -- Covers the heaviest senders' totals and each one's oldest messages; the second, what nobody fetched in time.
      CREATE INDEX relay_messages_by_sender ON relay_messages (sender_ip, id, size);
      CREATE INDEX relay_messages_by_published ON relay_messages (published_at);

      CREATE TABLE relay_quota_windows (
        counter TEXT NOT NULL,
        key TEXT NOT NULL,
        count INTEGER NOT NULL,
        reset_at INTEGER NOT NULL,
        PRIMARY KEY (counter, key)
      ) WITHOUT ROWID;
      CREATE INDEX relay_quota_windows_by_reset ON relay_quota_windows (reset_at);
    `);
  },
};
