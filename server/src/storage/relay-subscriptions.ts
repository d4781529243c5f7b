/**
 * The relay's subscriptions on either engine (`relay_subscriptions`); the limits and their
 * refusals are ../relay/subscriptions.ts's. A subscribe is all or none and checks its caps in the
 * same transaction as its upsert; on Postgres under advisory locks on the client id and on the
 * address, so two instances subscribing one client id (or one address) at once count one after
 * the other and never pass a cap.
 */
import type { Storage } from './engine.js';
import { prepared, step, stepRunner } from './steps.js';

export interface NewSubscriptions {
  clientId: string;
  /** The quota key of the address making them. */
  ip: string;
  /** Distinct topics, each with its subscription id. */
  topics: readonly { topic: string; id: string }[];
  now: number;
  expiresAt: number;
  /** At most this many unexpired subscriptions per client id, and per address (all its client ids). */
  perClient: number;
  perAddress: number;
}

export interface RelaySubscriptionsRepository {
  /** Subscribes (renewing those held); 'client' or 'address' names the cap it would pass (then nothing changes). */
  add(entry: NewSubscriptions): Promise<'client' | 'address' | undefined>;
  delete(clientId: string, topics: readonly string[]): Promise<void>;
  /** Client ids with an unexpired subscription to `topic`, and when each expires. */
  subscribers(topic: string, now: number): Promise<{ clientId: string; expiresAt: number }[]>;
  countOfClient(clientId: string, now: number): Promise<number>;
  countOfAddress(ip: string, now: number): Promise<number>;
  /** Deletes subscriptions expired at `now`; how many. */
  sweep(now: number): Promise<number>;
}

export function relaySubscriptionsRepository(storage: Storage): RelaySubscriptionsRepository {
  const { db } = storage;
  const run = stepRunner(storage);
  const live = (now: number) => db.selectFrom('relay_subscriptions').where('expires_at', '>', now);
  const countOf = (now: number, column: 'client_id' | 'ip', value: string) =>
    live(now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .compile();
  const subscribersQuery = prepared(2, (topic: string, now: number) =>
    live(now).select(['client_id', 'expires_at']).where('topic', '=', topic),
  );
  return {
    add: (e) =>
      run.transact(
        function* () {
          const topics = e.topics.map((t) => t.topic);
          const { rows: held } = yield* step(
            live(e.now).select(['topic', 'ip']).where('client_id', '=', e.clientId).where('topic', 'in', topics).compile(),
          );
          const newForClient = topics.length - held.length;
          if (newForClient) {
            const { rows } = yield* step(countOf(e.now, 'client_id', e.clientId));
            if (Number(rows[0]?.n ?? 0) + newForClient > e.perClient) return 'client' as const;
          }
          const newForAddress = topics.length - held.filter((h) => h.ip === e.ip).length;
          if (newForAddress) {
            const { rows } = yield* step(countOf(e.now, 'ip', e.ip));
            if (Number(rows[0]?.n ?? 0) + newForAddress > e.perAddress) return 'address' as const;
          }
          yield* step(
            db
              .insertInto('relay_subscriptions')
              .values(
                e.topics.map((t) => ({
                  client_id: e.clientId,
                  topic: t.topic,
                  id: t.id,
                  subscribed_at: e.now,
                  ip: e.ip,
                  expires_at: e.expiresAt,
                })),
              )
              .onConflict((oc) =>
                oc.columns(['client_id', 'topic']).doUpdateSet((eb) => ({
                  subscribed_at: eb.ref('excluded.subscribed_at'),
                  ip: eb.ref('excluded.ip'),
                  expires_at: eb.ref('excluded.expires_at'),
                })),
              )
              .compile(),
          );
          return undefined;
        },
        [`w3kit-relay-client:${e.clientId}`, `w3kit-relay-address:${e.ip}`],
      ),
    async delete(clientId, topics) {
      if (topics.length)
        await run.one(db.deleteFrom('relay_subscriptions').where('client_id', '=', clientId).where('topic', 'in', topics).compile());
    },
    async subscribers(topic, now) {
      const { rows } = await run.one(subscribersQuery(topic, now));
      return rows.map((r) => ({ clientId: r.client_id, expiresAt: Number(r.expires_at) }));
    },
    countOfClient: async (clientId, now) => Number((await run.one(countOf(now, 'client_id', clientId))).rows[0]?.n ?? 0),
    countOfAddress: async (ip, now) => Number((await run.one(countOf(now, 'ip', ip))).rows[0]?.n ?? 0),
    async sweep(now) {
      return (await run.one(db.deleteFrom('relay_subscriptions').where('expires_at', '<=', now).compile())).changes;
    },
  };
}
