/**
 * Migration 15: what the relay needs to keep the disk without locking anyone out (issue 29).
 * Each message records the address it came from (its quota key) and its size in bytes, so the
 * oldest unfetched messages of the heaviest senders can be found and evicted without reading
 * their content; the hourly quota windows per address and for all addresses are rows
 * (`relay_quota_windows`), so a restart does not reset them.
 */
import type { Database } from 'better-sqlite3';

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
