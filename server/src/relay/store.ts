/**
 * The relay's mailboxes: messages kept per topic until their TTL and which client ids have
 * received each one (both survive a relay restart; subscriptions are in subscriptions.ts), on
 * SQLite or Postgres through the storage seam (storage/relay-mailbox.ts). It keeps the messages
 * and bytes stored (topic, message and attestation in UTF-8) as running totals, read on start and
 * again on every periodic prune (other instances on one database add and delete too), so the
 * storage cap and the mailbox gauge cost no query per publish.
 */
import { publishedBytes } from './protocol.js';
import type { Storage } from '../storage/engine.js';
import { relayMailbox, type Freed, type MailboxMessage, type RelayMailbox } from '../storage/relay-mailbox.js';

export interface StoredMessage extends MailboxMessage {
  /** Its irn_subscription `data` as JSON, made on its first push (delivered.ts): a field, not a WeakMap entry, for the GC's sake. */
  json?: string | undefined;
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

export class RelayStore {
  readonly mailbox: RelayMailbox;
  private bytes = 0;
  private messages = 0;

  constructor(
    readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {
    this.mailbox = relayMailbox(storage);
  }

  /** Bytes of the messages stored (expired ones until they are pruned). */
  storedBytes(): number {
    return this.bytes;
  }

  /** How many messages are stored, counting at most `cap` (for the metrics). */
  storedMessages(cap: number): number {
    return Math.min(this.messages, cap);
  }

  /** Reads the stored messages and bytes again. */
  async recount(): Promise<void> {
    const { messages, bytes } = await this.mailbox.totals();
    this.messages = messages;
    this.bytes = bytes;
  }

  /** Takes messages deleted elsewhere (retention.ts) off the stored totals. */
  released(gone: Freed): void {
    this.bytes -= gone.bytes;
    this.messages -= gone.messages;
  }

  /** Stores messages (all or nothing) until their TTLs; returns them with their ids. */
  async addMessages(list: readonly NewMessage[]): Promise<StoredMessage[]> {
    const publishedAt = this.now();
    const rows = list.map((m) => ({
      topic: m.topic,
      message: m.message,
      tag: m.tag,
      attestation: m.attestation ?? null,
      senderClientId: m.senderClientId,
      senderIp: m.senderIp ?? 'unknown',
      publishedAt,
      expiresAt: publishedAt + m.ttl * 1000,
      size: publishedBytes(m),
    }));
    const ids = await this.mailbox.add(rows);
    for (const r of rows) this.bytes += r.size;
    this.messages += rows.length;
    // Built field by field (no rest and spread copies: one object per message).
    return rows.map((r, i) => ({
      id: ids[i]!,
      topic: r.topic,
      message: r.message,
      tag: r.tag,
      attestation: r.attestation,
      senderClientId: r.senderClientId,
      publishedAt: r.publishedAt,
      expiresAt: r.expiresAt,
      json: undefined,
    }));
  }

  /** Stores a message until its TTL; returns it with its id. */
  async addMessage(input: NewMessage): Promise<StoredMessage> {
    const [stored] = await this.addMessages([input]);
    return stored!;
  }

  /** Unexpired messages of `topic` after id `afterId` that `clientId` neither sent nor received, oldest first. */
  pending(topic: string, clientId: string, limit = 1000, afterId = 0): Promise<StoredMessage[]> {
    return this.mailbox.pending(topic, clientId, this.now(), limit, afterId);
  }

  /** Marks messages received by `clientId`; settles once written (acknowledgements of one turn are written together). */
  markDelivered(messageIds: number | readonly number[], clientId: string): Promise<void> {
    return this.mailbox.markDelivered(typeof messageIds === 'number' ? [messageIds] : messageIds, clientId, this.now());
  }

  /** Marks messages received by `clientId` unless they already were (on any instance): the ids this call marked. */
  claim(messageIds: readonly number[], clientId: string): Promise<Set<number>> {
    return this.mailbox.claim(messageIds, clientId, this.now());
  }

  /** Deletes expired messages (their deliveries go with them); returns how many. */
  async prune(): Promise<{ messages: number }> {
    const gone = await this.mailbox.prune(this.now());
    this.released(gone);
    return { messages: gone.messages };
  }
}
