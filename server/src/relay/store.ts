/**
 * The relay's SQLite state: messages kept per topic until their TTL, which client ids have
 * received each one, and the clients' subscriptions (all survive a relay restart). It keeps
 * the bytes its messages take (topic, message and attestation in UTF-8) as a running total,
 * read once on start, so the storage cap costs no query per publish.
 */
import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { publishedBytes } from './protocol.js';

export interface StoredMessage {
  id: number;
  topic: string;
  message: string;
  tag: number;
  attestation: string | null;
  senderClientId: string;
  /** Milliseconds since the epoch. */
  publishedAt: number;
  expiresAt: number;
}

export interface NewMessage {
  topic: string;
  message: string;
  /** Seconds. */
  ttl: number;
  tag: number;
  attestation?: string | undefined;
  senderClientId: string;
  /** The quota key of the sender's address (quotaKey): eviction takes from the heaviest addresses first. */
  senderIp?: string | undefined;
}

/** How long a subscription is kept without being renewed (a client re-subscribes on every connect). */
export const SUBSCRIPTION_TTL_MS = 30 * 24 * 3600 * 1000;

/** `sha256_hex(topic + clientId)`, the id clients compute for their subscriptions. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex');
}

interface MessageRow {
  id: number;
  topic: string;
  message: string;
  tag: number;
  attestation: string | null;
  sender_client_id: string;
  published_at: number;
  expires_at: number;
}

const toMessage = (r: MessageRow): StoredMessage => ({
  id: r.id,
  topic: r.topic,
  message: r.message,
  tag: r.tag,
  attestation: r.attestation,
  senderClientId: r.sender_client_id,
  publishedAt: r.published_at,
  expiresAt: r.expires_at,
});

/** A message's bytes in SQL: what `publishedBytes` counts in JavaScript (octet_length reads no content). */
const SIZE = 'octet_length(topic) + octet_length(message) + coalesce(octet_length(attestation), 0)';

export class RelayStore {
  private readonly insertMessage: Statement;
  private readonly pendingQuery: Statement;
  private readonly deliveredInsert: Statement;
  private readonly subscribeUpsert: Statement;
  private readonly unsubscribeDelete: Statement;
  private readonly subscriptionCount: Statement;
  private readonly isSubscribedQuery: Statement;
  private readonly subscribersQuery: Statement;
  private readonly pruneMessages: Statement;
  private readonly pruneSubscriptions: Statement;
  private readonly totalBytes: Statement;
  private bytes: number;

  constructor(
    readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.insertMessage = db.prepare(
      `INSERT INTO relay_messages (topic, message, tag, attestation, sender_client_id, published_at, expires_at, sender_ip, size)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.pendingQuery = db.prepare(
      `SELECT * FROM relay_messages m
       WHERE m.topic = ? AND m.expires_at > ? AND m.sender_client_id <> ?
         AND NOT EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id AND d.client_id = ?)
       ORDER BY m.id LIMIT ?`,
    );
    // A message evicted or expired while its push was in flight is not there to mark.
    this.deliveredInsert = db.prepare(
      `INSERT OR IGNORE INTO relay_deliveries (message_id, client_id, delivered_at)
       SELECT id, ?, ? FROM relay_messages WHERE id = ?`,
    );
    this.subscribeUpsert = db.prepare(
      `INSERT INTO relay_subscriptions (client_id, topic, id, subscribed_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (client_id, topic) DO UPDATE SET subscribed_at = excluded.subscribed_at`,
    );
    this.unsubscribeDelete = db.prepare('DELETE FROM relay_subscriptions WHERE client_id = ? AND topic = ?');
    this.subscriptionCount = db.prepare('SELECT count(*) AS n FROM relay_subscriptions WHERE client_id = ?');
    this.isSubscribedQuery = db.prepare('SELECT 1 FROM relay_subscriptions WHERE client_id = ? AND topic = ?');
    this.subscribersQuery = db.prepare('SELECT client_id FROM relay_subscriptions WHERE topic = ?');
    this.pruneMessages = db.prepare(`DELETE FROM relay_messages WHERE expires_at <= ? RETURNING ${SIZE} AS size`);
    this.pruneSubscriptions = db.prepare('DELETE FROM relay_subscriptions WHERE subscribed_at <= ?');
    this.totalBytes = db.prepare(`SELECT total(${SIZE}) AS n FROM relay_messages`).pluck();
    this.bytes = this.totalBytes.get() as number;
  }

  /** Bytes of the messages stored (expired ones until they are pruned). */
  storedBytes(): number {
    return this.bytes;
  }

  /** Reads the stored bytes again (after a transaction that added messages was rolled back). */
  recount(): void {
    this.bytes = this.totalBytes.get() as number;
  }

  /** Takes `bytes` of messages deleted elsewhere (retention.ts) off the stored total. */
  released(bytes: number): void {
    this.bytes -= bytes;
  }

  /** Stores a message until its TTL; returns it with its id. */
  addMessage(input: NewMessage): StoredMessage {
    const publishedAt = this.now();
    const expiresAt = publishedAt + input.ttl * 1000;
    const size = publishedBytes(input);
    const info = this.insertMessage.run(
      input.topic,
      input.message,
      input.tag,
      input.attestation ?? null,
      input.senderClientId,
      publishedAt,
      expiresAt,
      input.senderIp ?? 'unknown',
      size,
    );
    this.bytes += size;
    return {
      id: Number(info.lastInsertRowid),
      topic: input.topic,
      message: input.message,
      tag: input.tag,
      attestation: input.attestation ?? null,
      senderClientId: input.senderClientId,
      publishedAt,
      expiresAt,
    };
  }

  /** Unexpired messages of `topic` that `clientId` neither sent nor received, oldest first. */
  pending(topic: string, clientId: string, limit = 1000): StoredMessage[] {
    return (this.pendingQuery.all(topic, this.now(), clientId, clientId, limit) as MessageRow[]).map(toMessage);
  }

  markDelivered(messageId: number, clientId: string): void {
    this.deliveredInsert.run(clientId, this.now(), messageId);
  }

  /** Records the subscription (renewing it if present); returns its id. */
  subscribe(clientId: string, topic: string): string {
    const id = subscriptionId(topic, clientId);
    this.subscribeUpsert.run(clientId, topic, id, this.now());
    return id;
  }

  unsubscribe(clientId: string, topic: string): void {
    this.unsubscribeDelete.run(clientId, topic);
  }

  isSubscribed(clientId: string, topic: string): boolean {
    return this.isSubscribedQuery.get(clientId, topic) !== undefined;
  }

  subscriptionsOf(clientId: string): number {
    return (this.subscriptionCount.get(clientId) as { n: number }).n;
  }

  subscribers(topic: string): string[] {
    return (this.subscribersQuery.all(topic) as { client_id: string }[]).map((r) => r.client_id);
  }

  /** Deletes expired messages (their deliveries go with them) and stale subscriptions. */
  prune(): { messages: number; subscriptions: number } {
    const now = this.now();
    const pruned = this.pruneMessages.all(now) as { size: number }[];
    for (const { size } of pruned) this.bytes -= size;
    return {
      messages: pruned.length,
      subscriptions: this.pruneSubscriptions.run(now - SUBSCRIPTION_TTL_MS).changes,
    };
  }
}
