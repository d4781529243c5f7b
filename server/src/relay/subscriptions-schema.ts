/**
 * Migration 14: relay subscriptions know the address that made them (the per-IP quota key,
 * counted against the per-address cap) and when they expire (renewed on every subscribe).
 * Rows from before keep their 30 days from `subscribed_at` and count for no address.
 */
import type { Database } from 'better-sqlite3';

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
