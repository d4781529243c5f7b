/**
 * The relay's mailboxes on either engine (`relay_messages`, `relay_deliveries`): messages kept
 * per topic until their TTL, in id order, and which client ids received each one. The rules
 * (TTLs, the storage cap, who gets what) are ../relay's; this holds their statements. The hot
 * writes are batched per turn of the event loop (./relay-mailbox-writes.ts: the publishes of a
 * turn one group commit, ids in order; the acknowledgements of a turn one write), a page of what
 * a client id waits for is one SELECT, and every read of what waits writes the acknowledgements'
 * batch first. Eviction (./relay-eviction.ts) and the pruning of expired or unfetched
 * messages return the bytes they freed, for the relay's running total.
 */
import { sql } from 'kysely';
import type { Storage } from './engine.js';
import { evictionBody } from './relay-eviction.js';
import { deliveryWriter, publishWriter } from './relay-mailbox-writes.js';
import { prepared, stepRunner } from './steps.js';

export interface MailboxMessage {
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

export interface NewMailboxMessage extends Omit<MailboxMessage, 'id'> {
  /** The quota key of the sender's address. */
  senderIp: string;
  /** Bytes of topic, message and attestation in UTF-8. */
  size: number;
}

/** What a deletion took out of the mailboxes. */
export interface Freed {
  messages: number;
  bytes: number;
}

export interface RelayMailbox {
  /**
   * Stores messages all or nothing; their ids, in the list's order. What is added in one turn of
   * the event loop is written by one statement (a group commit), ids in the order of the calls.
   */
  add(messages: readonly NewMailboxMessage[]): Promise<number[]>;
  /** Unexpired messages of `topic` after id `afterId` that `clientId` neither sent nor received, oldest first. */
  pending(topic: string, clientId: string, now: number, limit: number, afterId: number): Promise<MailboxMessage[]>;
  /** Marks messages received by `clientId` (a message gone meanwhile is skipped); settles once written. */
  markDelivered(messageIds: readonly number[], clientId: string, now: number): Promise<void>;
  /**
   * Marks messages received by `clientId` now, unless they were already (by this instance or
   * another): the ids this call marked, which are the ones to hand to the client.
   */
  claim(messageIds: readonly number[], clientId: string, now: number): Promise<Set<number>>;
  /** Writes the acknowledgements waiting for their batch. */
  flushDeliveries(): Promise<void>;
  /** The messages stored and their bytes (expired ones until pruned). */
  totals(): Promise<Freed>;
  /** Deletes the messages expired at `now` (their deliveries go with them). */
  prune(now: number): Promise<Freed>;
  /** Deletes the messages published at or before `before` that no client id has received. */
  pruneUnfetched(before: number): Promise<Freed>;
  /**
   * Evicts the oldest unfetched messages of the heaviest senders (by address), the heaviest
   * brought down towards the next one, until `target` bytes are freed or `maxRounds` rounds ran.
   */
  evict(target: number, maxRounds: number): Promise<Freed & { senders: string[] }>;
}

/** Rows of relay_messages nobody has received (`m` the message's alias). */
const unfetched = sql<boolean>`NOT EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id)`;

const freed = (rows: { size: number }[]): Freed => ({ messages: rows.length, bytes: rows.reduce((n, r) => n + Number(r.size), 0) });

export function relayMailbox(storage: Storage): RelayMailbox {
  const { db } = storage;
  const run = stepRunner(storage);
  const columns = ['id', 'topic', 'message', 'tag', 'attestation', 'sender_client_id', 'published_at', 'expires_at'] as const;
  // The hot statements are built and compiled once (./steps.ts).
  const pendingQuery = prepared(5, (topic: string, afterId: number, now: number, clientId: string, limit: number) =>
    db
      .selectFrom('relay_messages as m')
      .select(columns.map((c) => `m.${c}` as const))
      .where('m.topic', '=', topic)
      .where('m.id', '>', afterId)
      .where('m.expires_at', '>', now)
      .where('m.sender_client_id', '<>', clientId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('relay_deliveries as d')
              .select('d.message_id')
              .whereRef('d.message_id', '=', 'm.id')
              .where('d.client_id', '=', clientId),
          ),
        ),
      )
      .orderBy('m.id')
      .limit(limit),
  );

  const publishes = publishWriter(storage);
  const deliveries = deliveryWriter(storage);

  return {
    add: (messages) => publishes.add(messages),
    async pending(topic, clientId, now, limit, afterId) {
      if (deliveries.waiting()) await deliveries.flush();
      const { rows } = await run.one(pendingQuery(topic, afterId, now, clientId, limit));
      return rows.map((r) => ({
        id: Number(r.id),
        topic: r.topic,
        message: r.message,
        tag: Number(r.tag),
        attestation: r.attestation,
        senderClientId: r.sender_client_id,
        publishedAt: Number(r.published_at),
        expiresAt: Number(r.expires_at),
      }));
    },
    markDelivered: (messageIds, clientId, now) => deliveries.mark(messageIds, clientId, now),
    async claim(messageIds, clientId, now) {
      if (messageIds.length === 0) return new Set();
      const { rows } = await run.one(
        db
          .insertInto('relay_deliveries')
          .columns(['message_id', 'client_id', 'delivered_at'])
          .expression((eb) =>
            eb
              .selectFrom('relay_messages')
              .select((s) => [
                'id',
                s.cast<string>(s.val(clientId), 'text').as('client_id'),
                s.cast<number>(s.val(now), 'bigint').as('delivered_at'),
              ])
              .where('id', 'in', messageIds),
          )
          .onConflict((oc) => oc.columns(['message_id', 'client_id']).doNothing())
          .returning('message_id')
          .compile(),
      );
      return new Set(rows.map((r) => Number(r.message_id)));
    },
    flushDeliveries: () => deliveries.flush(),
    async totals() {
      const { rows } = await run.one(
        sql<{
          n: number;
          bytes: number;
        }>`SELECT count(*) AS n, CAST(coalesce(sum(size), 0) AS BIGINT) AS bytes FROM relay_messages`.compile(db),
      );
      return { messages: Number(rows[0]?.n ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
    },
    async prune(now) {
      const { rows } = await run.one(db.deleteFrom('relay_messages').where('expires_at', '<=', now).returning('size').compile());
      return freed(rows);
    },
    async pruneUnfetched(before) {
      const { rows } = await run.one(
        db.deleteFrom('relay_messages as m').where('m.published_at', '<=', before).where(unfetched).returning('size').compile(),
      );
      return freed(rows);
    },
    evict: (target, maxRounds) => run.transact(() => evictionBody(db, target, maxRounds), ['w3kit-relay-eviction']),
  };
}
