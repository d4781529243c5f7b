/**
 * The relay's tables as the seam's repositories see them (./relay-mailbox.ts,
 * ./relay-subscriptions.ts, ./relay-quota.ts); StorageSchema (./schema.ts) extends this. Columns
 * follow migration 18 (../db/migrations.ts) and the Postgres baseline (./postgres/baseline-core.ts);
 * times are ms since the epoch.
 */
import type { Generated } from 'kysely';

export interface RelayMessagesTable {
  /** Generated (rowid on SQLite, an identity on Postgres): the mailbox's order. */
  id: Generated<number>;
  topic: string;
  message: string;
  tag: number;
  attestation: string | null;
  sender_client_id: string;
  published_at: number;
  expires_at: number;
  /** The quota key of the address it came from. */
  sender_ip: string;
  /** Bytes of topic, message and attestation in UTF-8. */
  size: number;
}

/** Which client ids received a message (deleted with it). */
export interface RelayDeliveriesTable {
  message_id: number;
  client_id: string;
  delivered_at: number;
}

export interface RelaySubscriptionsTable {
  client_id: string;
  topic: string;
  /** sha256_hex(topic + client_id). */
  id: string;
  subscribed_at: number;
  /** The quota key of the address that made it ('' for rows from before migration 14). */
  ip: string;
  expires_at: number;
}

/** The hourly quota windows: what a counter counted for a key in the window ending at reset_at. */
export interface RelayQuotaWindowsTable {
  counter: string;
  key: string;
  count: number;
  reset_at: number;
}

export interface RelayTables {
  relay_messages: RelayMessagesTable;
  relay_deliveries: RelayDeliveriesTable;
  relay_subscriptions: RelaySubscriptionsTable;
  relay_quota_windows: RelayQuotaWindowsTable;
}
