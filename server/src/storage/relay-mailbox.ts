/**
 * The relay's mailboxes on either engine (`relay_messages`, `relay_deliveries`): messages kept
 * per topic until their TTL, in id order, and which client ids received each one. The rules
 * (TTLs, the storage cap, who gets what) are ../relay's; this holds their statements, each hot
 * one a single statement: the publishes of one turn of the event loop are one INSERT (ids in order),
 * a page of what a client id waits for one SELECT, and acknowledgements are batched: those made
 * in one turn of the event loop are written by one INSERT ... ON CONFLICT DO NOTHING (a client
 * id receives a message once, on one instance or several), and every read of what waits writes
 * the batch first. Eviction (./relay-eviction.ts) and the pruning of expired or unfetched
 * messages return the bytes they freed, for the relay's running total.
 */
import { sql, type Kysely } from 'kysely';
import type { Storage } from './engine.js';
import { evictionBody } from './relay-eviction.js';
import type { StorageSchema } from './schema.js';
import { prepared, preparedByShape, stepRunner } from './steps.js';

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

/** Rows of messages written by one statement at most (a publish is never split). */
const INSERT_BATCH = 256;

interface Publish {
  messages: readonly NewMailboxMessage[];
  resolve(ids: number[]): void;
  reject(err: unknown): void;
}

/** Acknowledgements written by one statement at most. */
const DELIVERY_BATCH = 500;

type Db = Kysely<StorageSchema>;

/** Rows of relay_messages nobody has received (`m` the message's alias). */
const unfetched = sql<boolean>`NOT EXISTS (SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id)`;

const freed = (rows: { size: number }[]): Freed => ({ messages: rows.length, bytes: rows.reduce((n, r) => n + Number(r.size), 0) });

function deliveriesInsert(db: Db, batch: readonly (readonly [number, string, number])[]) {
  const values = sql.join(
    batch.map(
      ([id, client, at]) => sql`SELECT CAST(${id} AS BIGINT) AS id, CAST(${client} AS TEXT) AS client_id, CAST(${at} AS BIGINT) AS at`,
    ),
    sql` UNION ALL `,
  );
  // A message evicted or expired while its push was in flight is not there to mark (the join drops it).
  return sql`INSERT INTO relay_deliveries (message_id, client_id, delivered_at)
    SELECT m.id, v.client_id, v.at FROM relay_messages m JOIN (${values}) AS v ON v.id = m.id WHERE true
    ON CONFLICT (message_id, client_id) DO NOTHING`.compile(db);
}

export function relayMailbox(storage: Storage): RelayMailbox {
  const { db } = storage;
  const run = stepRunner(storage);
  const columns = ['id', 'topic', 'message', 'tag', 'attestation', 'sender_client_id', 'published_at', 'expires_at'] as const;
  // The hot statements are built and compiled once (./steps.ts).
  const insert = preparedByShape(16, (n) =>
    prepared(n * 9, (...v: never[]) =>
      db
        .insertInto('relay_messages')
        .values(
          Array.from({ length: n }, (_, r) => {
            const at = (k: number) => v[r * 9 + k]!;
            return {
              topic: at(0),
              message: at(1),
              tag: at(2),
              attestation: at(3),
              sender_client_id: at(4),
              published_at: at(5),
              expires_at: at(6),
              sender_ip: at(7),
              size: at(8),
            };
          }),
        )
        .returning('id'),
    ),
  );
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

  let waiting = new Map<string, readonly [number, string, number]>();
  let written: Promise<void> = Promise.resolve();
  let scheduled: Promise<void> | undefined;
  const writeBatch = async (batch: (readonly [number, string, number])[]) => {
    for (let i = 0; i < batch.length; i += DELIVERY_BATCH) {
      const chunk = batch.slice(i, i + DELIVERY_BATCH);
      try {
        await run.one(deliveriesInsert(db, chunk));
      } catch (err) {
        // Postgres: a message deleted by another instance after this statement's snapshot fails its foreign key; once more without it.
        if ((err as { code?: unknown }).code !== '23503') throw err;
        await run.one(deliveriesInsert(db, chunk));
      }
    }
  };
  const flush = (): Promise<void> => {
    scheduled = undefined;
    if (waiting.size === 0) return written;
    const batch = [...waiting.values()];
    waiting = new Map();
    written = written.catch(() => undefined).then(() => writeBatch(batch));
    return written;
  };

  // Publishes of one turn of the event loop are written together (one statement, one commit, per INSERT_BATCH rows).
  let publishes: Publish[] = [];
  const writePublishes = async () => {
    const batch = publishes;
    publishes = [];
    for (let i = 0; i < batch.length; ) {
      const group: Publish[] = [];
      let rows = 0;
      while (i < batch.length && (group.length === 0 || rows + batch[i]!.messages.length <= INSERT_BATCH)) {
        rows += batch[i]!.messages.length;
        group.push(batch[i++]!);
      }
      const all = group.flatMap((g) => g.messages);
      try {
        const values = all.flatMap((m) => [
          m.topic,
          m.message,
          m.tag,
          m.attestation,
          m.senderClientId,
          m.publishedAt,
          m.expiresAt,
          m.senderIp,
          m.size,
        ]) as never[];
        const { rows: inserted } = await run.one(insert(all.length)(...values));
        // Ids are drawn in the rows' order; RETURNING need not keep it.
        const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
        let k = 0;
        for (const g of group) g.resolve(ids.slice(k, (k += g.messages.length)));
      } catch (err) {
        for (const g of group) g.reject(err);
      }
    }
  };

  return {
    add(messages) {
      if (messages.length === 0) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        publishes.push({ messages, resolve, reject });
        if (publishes.length === 1) setImmediate(() => void writePublishes());
      });
    },
    async pending(topic, clientId, now, limit, afterId) {
      if (waiting.size) await flush();
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
    markDelivered(messageIds, clientId, now) {
      for (const id of messageIds) waiting.set(`${id} ${clientId}`, [id, clientId, now]);
      if (waiting.size >= DELIVERY_BATCH) return flush();
      scheduled ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
      return scheduled;
    },
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
    flushDeliveries: () => flush(),
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
