/**
 * The relay's SQLite state: messages kept per topic until their TTL and which client ids have
 * received each one (both survive a relay restart; subscriptions are in subscriptions.ts). It keeps
 * the bytes its messages take (topic, message and attestation in UTF-8) as a running total,
 * read once on start, so the storage cap costs no query per publish.
 */
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
  private readonly pruneMessages: Statement;
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
       WHERE m.topic = ? AND m.id > ? AND m.expires_at > ? AND m.sender_client_id <> ?
         AND NOT EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id AND d.client_id = ?)
       ORDER BY m.id LIMIT ?`,
    );
    // A message evicted or expired while its push was in flight is not there to mark.
    this.deliveredInsert = db.prepare(
      `INSERT OR IGNORE INTO relay_deliveries (message_id, client_id, delivered_at)
       SELECT id, ?, ? FROM relay_messages WHERE id = ?`,
    );
    this.pruneMessages = db.prepare(`DELETE FROM relay_messages WHERE expires_at <= ? RETURNING ${SIZE} AS size`);
    this.totalBytes = db.prepare(`SELECT total(${SIZE}) AS n FROM relay_messages`).pluck();
    this.bytes = this.totalBytes.get() as number;
  }

  /** Bytes of the messages stored (expired ones until they are pruned). */
  storedBytes(): number {
    return this.bytes;
  }

  /** How many messages are stored, counting at most `cap` (one bounded read, for the metrics). */
  storedMessages(cap: number): number {
    return this.db.prepare('SELECT count(*) FROM (SELECT 1 FROM relay_messages LIMIT ?)').pluck().get(cap) as number;
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

  /** Unexpired messages of `topic` after id `afterId` that `clientId` neither sent nor received, oldest first. */
  pending(topic: string, clientId: string, limit = 1000, afterId = 0): StoredMessage[] {
    return (this.pendingQuery.all(topic, afterId, this.now(), clientId, clientId, limit) as MessageRow[]).map(toMessage);
  }

  markDelivered(messageId: number, clientId: string): void {
    this.deliveredInsert.run(clientId, this.now(), messageId);
  }

  /** Deletes expired messages (their deliveries go with them); returns how many. */
  prune(): { messages: number } {
    const pruned = this.pruneMessages.all(this.now()) as { size: number }[];
    for (const { size } of pruned) this.bytes -= size;
    return { messages: pruned.length };
  }
}
