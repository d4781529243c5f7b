/**
 * The relay mailbox's hot writes, batched (./relay-mailbox.ts holds the rest). Publishes of one
 * turn of the event loop are written together, a group commit: each publish's promise settles
 * once its batch is committed (never before), with its ids in the order of the calls. On Postgres
 * one multi-row INSERT per INSERT_BATCH rows; on SQLite one transaction running one prepared
 * single-row INSERT per row (cheaper than a new statement per batch size). Acknowledgements of
 * one turn are written the same way (INSERT ... ON CONFLICT DO NOTHING: a client id receives a
 * message once, on one instance or several; a message gone meanwhile is skipped).
 */
import { sql, type Kysely } from 'kysely';
import type { Storage } from './engine.js';
import type { NewMailboxMessage } from './relay-mailbox.js';
import type { StorageSchema } from './schema.js';
import { prepared, preparedByShape, stepRunner } from './steps.js';

/** Rows of messages written by one statement (Postgres) or transaction (SQLite) at most; a publish is never split. */
const INSERT_BATCH = 256;
/** Acknowledgements written by one statement at most (Postgres). */
const DELIVERY_BATCH = 500;

interface Publish {
  messages: readonly NewMailboxMessage[];
  resolve(ids: number[]): void;
  reject(err: unknown): void;
}

type Delivery = readonly [messageId: number, clientId: string, at: number];

const valuesOf = (m: NewMailboxMessage) =>
  [m.topic, m.message, m.tag, m.attestation, m.senderClientId, m.publishedAt, m.expiresAt, m.senderIp, m.size] as never[];

function insertMessages(db: Kysely<StorageSchema>) {
  return preparedByShape(16, (n) =>
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
}

/**
 * Where each bound parameter of a prepared statement comes from, as indexes into its arguments
 * (found once, by building it with the indexes themselves), so a row binds its values without
 * building the query again; undefined when they are the arguments in their order.
 */
function bindOrder(query: (...v: never[]) => { parameters: readonly unknown[] }, arity: number): number[] | undefined {
  const order = query(...(Array.from({ length: arity }, (_, i) => i) as never[])).parameters.map(Number);
  if (!order.every((i) => Number.isInteger(i) && i >= 0 && i < arity)) throw new Error('bindOrder: the statement has constant parameters');
  return order.length === arity && order.every((i, k) => i === k) ? undefined : order;
}

/** Stores messages all or nothing, in the batch of the current turn; resolves to their ids once committed. */
export function publishWriter(storage: Storage): { add(messages: readonly NewMailboxMessage[]): Promise<number[]> } {
  const run = stepRunner(storage);
  const insert = insertMessages(storage.db);
  const handle = storage.sqlite;
  // SQLite: the statement prepared and the transaction made once (a transaction function per call costs more than its rows).
  let sqliteInsert: ((all: readonly NewMailboxMessage[]) => number[]) | undefined;
  const idsOf = (all: readonly NewMailboxMessage[]): Promise<number[]> => {
    if (handle) {
      if (!sqliteInsert) {
        // pluck: the id itself, no row object per message.
        const statement = handle.prepare<unknown[], number>(insert(1)(...valuesOf(all[0]!)).sql).pluck();
        const order = bindOrder(insert(1), 9);
        const bound = order
          ? (m: NewMailboxMessage) => {
              const v = valuesOf(m);
              return order.map((i) => v[i]);
            }
          : valuesOf;
        sqliteInsert = handle.transaction((rows: readonly NewMailboxMessage[]) => rows.map((m) => Number(statement.get(bound(m)))));
      }
      try {
        return Promise.resolve(sqliteInsert(all));
      } catch (err) {
        return Promise.reject(err as Error);
      }
    }
    // Ids are drawn in the rows' order; RETURNING need not keep it.
    return run.one(insert(all.length)(...all.flatMap(valuesOf))).then(({ rows }) => rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  };
  let publishes: Publish[] = [];
  const write = async () => {
    const batch = publishes;
    publishes = [];
    for (let i = 0; i < batch.length; ) {
      const group: Publish[] = [];
      let rows = 0;
      while (i < batch.length && (group.length === 0 || rows + batch[i]!.messages.length <= INSERT_BATCH)) {
        rows += batch[i]!.messages.length;
        group.push(batch[i++]!);
      }
      try {
        const ids = await idsOf(group.flatMap((g) => g.messages));
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
        if (publishes.length === 1) setImmediate(() => void write());
      });
    },
  };
}

/** Postgres: the acknowledgements of a batch in one statement; a message evicted or expired meanwhile is dropped by the join. */
function deliveriesInsert(db: Kysely<StorageSchema>, batch: readonly Delivery[]) {
  const values = sql.join(
    batch.map(
      ([id, client, at]) => sql`SELECT CAST(${id} AS BIGINT) AS id, CAST(${client} AS TEXT) AS client_id, CAST(${at} AS BIGINT) AS at`,
    ),
    sql` UNION ALL `,
  );
  return sql`INSERT INTO relay_deliveries (message_id, client_id, delivered_at)
    SELECT m.id, v.client_id, v.at FROM relay_messages m JOIN (${values}) AS v ON v.id = m.id WHERE true
    ON CONFLICT (message_id, client_id) DO NOTHING`.compile(db);
}

export interface DeliveryWriter {
  /** Marks messages received by `clientId`, in the batch of the current turn; settles once written. */
  mark(messageIds: readonly number[], clientId: string, now: number): Promise<void>;
  /** How many acknowledgements wait for their batch. */
  waiting(): number;
  /** Writes the acknowledgements waiting for their batch. */
  flush(): Promise<void>;
}

export function deliveryWriter(storage: Storage): DeliveryWriter {
  const { db } = storage;
  const run = stepRunner(storage);
  const one = prepared(3, (id: number, client: string, at: number) => ({
    compile: () =>
      sql`INSERT INTO relay_deliveries (message_id, client_id, delivered_at)
        SELECT m.id, ${client}, ${at} FROM relay_messages m WHERE m.id = ${id}
        ON CONFLICT (message_id, client_id) DO NOTHING`.compile(db),
  }));
  const handle = storage.sqlite;
  let sqliteWrite: ((batch: readonly Delivery[]) => void) | undefined;
  const writeBatch = async (batch: Delivery[]) => {
    if (handle) {
      if (!sqliteWrite) {
        const statement = handle.prepare(one(0, '', 0).sql);
        const order = bindOrder(one as (...v: never[]) => { parameters: readonly unknown[] }, 3);
        sqliteWrite = handle.transaction((rows: readonly Delivery[]) => {
          for (const row of rows) statement.run(...(order ? order.map((i) => row[i]) : row));
        });
      }
      sqliteWrite(batch);
      return;
    }
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
  let waiting = new Map<string, Delivery>();
  let written: Promise<void> = Promise.resolve();
  let scheduled: Promise<void> | undefined;
  const flush = (): Promise<void> => {
    scheduled = undefined;
    if (waiting.size === 0) return written;
    const batch = [...waiting.values()];
    waiting = new Map();
    written = written.catch(() => undefined).then(() => writeBatch(batch));
    return written;
  };
  return {
    mark(messageIds, clientId, now) {
      for (const id of messageIds) waiting.set(`${id} ${clientId}`, [id, clientId, now]);
      if (waiting.size >= DELIVERY_BATCH) return flush();
      scheduled ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
      return scheduled;
    },
    waiting: () => waiting.size,
    flush,
  };
}
