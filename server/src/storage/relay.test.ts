/**
 * The relay's repositories on both engines (SQLite in memory, a real Postgres): mailbox order,
 * TTL, sender and receipts, acknowledgements written in batches, claims, eviction's bytes, the
 * quota windows (a refusal counts nothing) and the subscription caps; then two instances on one
 * Postgres racing on one mailbox, one acknowledgement, one address's quota and one client id's
 * subscription cap: every once-only rule holds.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { fetchPending } from '../relay/delivered.js';
import { RELAY_LIMITS, RPC_ERRORS } from '../relay/protocol.js';
import { RelayQuotas } from '../relay/quota.js';
import { RelayStore } from '../relay/store.js';
import { RelaySubscriptions } from '../relay/subscriptions.js';
import type { Storage } from './engine.js';
import { relayMailbox, type NewMailboxMessage } from './relay-mailbox.js';
import { relayQuotaRepository } from './relay-quota.js';

const NOW = 1_800_000_000_000;
const message = (topic: string, text: string, extra: Partial<NewMailboxMessage> = {}): NewMailboxMessage => ({
  topic,
  message: text,
  tag: 1,
  attestation: null,
  senderClientId: 'alice',
  senderIp: '10.0.0.1',
  publishedAt: NOW,
  expiresAt: NOW + 60_000,
  size: topic.length + text.length,
  ...extra,
});
const texts = (list: { message: string }[]) => list.map((m) => m.message);
const deliveries = (storage: Storage) => storage.db.selectFrom('relay_deliveries').selectAll().orderBy('message_id').execute();

describe.each(ENGINES)('the relay’s storage on %s', (engine) => {
  it('keeps a topic’s messages in order until their TTL, never for their sender, each received once per client id', async () => {
    const storage = await freshStorage(engine);
    const mailbox = relayMailbox(storage);
    const ids = await mailbox.add([
      message('t', 'one'),
      message('t', 'two'),
      message('other', 'x'),
      message('t', 'old', { expiresAt: NOW }),
    ]);
    expect(ids).toHaveLength(4);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(texts(await mailbox.pending('t', 'bob', NOW, 10, 0))).toEqual(['one', 'two']);
    expect(await mailbox.pending('t', 'alice', NOW, 10, 0)).toEqual([]);
    expect(texts(await mailbox.pending('t', 'bob', NOW, 10, ids[0]!))).toEqual(['two']);
    expect((await mailbox.pending('t', 'bob', NOW, 1, 0))[0]).toMatchObject({
      id: ids[0],
      senderClientId: 'alice',
      publishedAt: NOW,
      tag: 1,
    });

    // Acknowledgements of one turn are written together; a read of what waits writes them first.
    void mailbox.markDelivered([ids[0]!], 'bob', NOW);
    void mailbox.markDelivered([ids[0]!, 999_999], 'bob', NOW);
    expect(texts(await mailbox.pending('t', 'bob', NOW, 10, 0))).toEqual(['two']);
    expect(await deliveries(storage)).toEqual([{ message_id: ids[0], client_id: 'bob', delivered_at: NOW }]);
    // A claim marks only what was not received yet.
    expect(await mailbox.claim([ids[0]!, ids[1]!], 'bob', NOW)).toEqual(new Set([ids[1]]));
    expect(await mailbox.claim([ids[1]!], 'bob', NOW)).toEqual(new Set());

    expect(await mailbox.totals()).toEqual({ messages: 4, bytes: 4 + 4 + 6 + 4 });
    expect(await mailbox.prune(NOW)).toEqual({ messages: 1, bytes: 4 });
    // Received messages are not 'unfetched'; deliveries go with their message.
    expect(await mailbox.pruneUnfetched(NOW)).toEqual({ messages: 1, bytes: 6 });
    expect(await mailbox.evict(1, 64)).toEqual({ messages: 0, bytes: 0, senders: [] });
    expect(await mailbox.prune(NOW + 60_000)).toEqual({ messages: 2, bytes: 8 });
    expect(await deliveries(storage)).toEqual([]);
  });

  it('evicts the heaviest sender’s oldest unfetched messages first, down towards the next', async () => {
    const mailbox = relayMailbox(await freshStorage(engine));
    const ids = await mailbox.add([
      ...['h1', 'h2', 'h3', 'h4'].map((m) => message('t', m, { senderIp: 'heavy', size: 100 })),
      message('t', 'l1', { senderIp: 'light', size: 100 }),
    ]);
    await mailbox.markDelivered([ids[0]!], 'bob', NOW);
    expect(await mailbox.evict(150, 64)).toEqual({ messages: 2, bytes: 200, senders: ['heavy'] });
    expect(texts(await mailbox.pending('t', 'carol', NOW, 10, 0))).toEqual(['h1', 'h4', 'l1']);
  });

  it('counts quota windows all or nothing: a refusal counts nothing, an ended window starts again', async () => {
    const storage = await freshStorage(engine);
    const windows = relayQuotaRepository(storage, 1000, 2);
    const seen: number[][] = [];
    const take = (n: number, now: number, max: number) =>
      windows.take(
        [
          ['m', 'ip', n],
          ['m', '*', n],
        ],
        now,
        (before) => {
          seen.push(before.map((w) => w.count));
          if (before[0]!.count + n > max) throw new Error('over');
        },
      );
    await take(3, NOW, 5);
    await expect(take(3, NOW + 1, 5)).rejects.toThrow('over');
    await take(2, NOW + 2, 5);
    expect(seen).toEqual([
      [0, 0],
      [3, 3],
      [3, 3],
    ]);
    expect(
      await windows.read(
        [
          ['m', 'ip'],
          ['m', '*'],
          ['m', 'none'],
        ],
        NOW + 3,
      ),
    ).toEqual([
      { count: 5, resetAt: NOW + 1000 },
      { count: 5, resetAt: NOW + 1000 },
      { count: 0, resetAt: NOW + 1003 },
    ]);
    await take(1, NOW + 1000, 5);
    expect((await windows.read([['m', 'ip']], NOW + 1000))[0]).toEqual({ count: 1, resetAt: NOW + 2000 });
    // Swept: ended windows, then the oldest past two per counter.
    await windows.take([['m', 'third', 1]], NOW + 1001, () => undefined);
    await windows.take([['m', 'fourth', 1]], NOW + 1002, () => undefined);
    await windows.sweep(NOW + 1002);
    const rows = await storage.db.selectFrom('relay_quota_windows').select(['key', 'count', 'reset_at']).orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'fourth', count: 1, reset_at: NOW + 2002 },
      { key: 'third', count: 1, reset_at: NOW + 2001 },
    ]);
  });
});

describe('the relay’s storage, two instances on one Postgres', () => {
  const twoStorages = async () => {
    const url = await postgresUrl();
    return [await openAgain(url), await openAgain(url)] as const;
  };

  it('hands a client id each message once when both fetch its mailbox at once, and writes one receipt for two acknowledgements', async () => {
    const [a, b] = await twoStorages();
    const [storeA, storeB] = [new RelayStore(a, () => NOW), new RelayStore(b, () => NOW)];
    const published = await storeA.addMessages(
      Array.from({ length: 40 }, (_, i) => ({ topic: 't', message: `m${i}`, ttl: 60, tag: 1, senderClientId: 'alice' })),
    );
    for (let round = 0; round < 3; round++) {
      const replies = await Promise.all([0, 1, 2, 3].map((i) => fetchPending(i % 2 ? storeA : storeB, `bob-${round}`, ['t'])));
      const got = replies.flatMap((r) => texts(r.messages));
      expect(got.sort()).toEqual(published.map((m) => m.message).sort());
    }
    await Promise.all([storeA.markDelivered(published[0]!.id, 'carol'), storeB.markDelivered(published[0]!.id, 'carol')]);
    expect((await deliveries(a)).filter((d) => d.client_id === 'carol')).toHaveLength(1);
  });

  it('never passes an address’s hourly quota when publishes reach both instances at once', async () => {
    const [a, b] = await twoStorages();
    const limits = { ...RELAY_LIMITS, ipMessagesPerHour: 5, maxPublishesPerSecond: 1000 };
    const [qa, qb] = [new RelayQuotas(limits, a), new RelayQuotas(limits, b)];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? qa : qb).take(`client-${i}`, '10.0.0.9', 1, 10)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: RPC_ERRORS.rateLimited });
    const row = await a.db.selectFrom('relay_quota_windows').select('count').where('counter', '=', 'ip-messages').executeTakeFirstOrThrow();
    expect(row.count).toBe(5);
  });

  it('never passes a client id’s subscription cap when it subscribes on both instances at once', async () => {
    const [a, b] = await twoStorages();
    const limits = { ...RELAY_LIMITS, maxSubscriptionsPerClient: 3 };
    const [sa, sb] = [new RelaySubscriptions(a, limits), new RelaySubscriptions(b, limits)];
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? sa : sb).add('bob', `10.0.0.${i}`, [`topic-${i}`])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await sa.countOfClient('bob')).toBe(3);
  });
});
