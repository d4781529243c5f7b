/**
 * What the relay's throughput work must not change, on both storage engines and fake sockets:
 * publishes of one turn written together (group commit) are each stored once, answered only
 * once stored, and pushed once per subscribed client id in order per topic; quota windows counted
 * in memory never pass a quota under concurrent publishes and are written back for the next
 * start; a topic's cached subscribers follow every subscribe and unsubscribe.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { RPC_ERRORS, type Storage } from '../src/index.js';
import { RelayHub, type RelaySocket } from '../src/relay/hub.js';
import { runMethod } from '../src/relay/methods.js';
import { RELAY_LIMITS, type RelayLimits } from '../src/relay/protocol.js';
import { QUOTA_WINDOW_MS } from '../src/relay/quota.js';
import { RelayStore } from '../src/relay/store.js';
import { ENGINES, freshStorage } from './engines.js';

class FakeSocket implements RelaySocket {
  readonly OPEN = 1;
  readyState = 1;
  readonly bufferedAmount = 0;
  readonly sent: { method?: string; id: number; params: { data: { topic: string; message: string } } }[] = [];
  send(data: string): void {
    this.sent.push(JSON.parse(data) as never);
  }
  close(): void {}
  pushed(): string[] {
    return this.sent.filter((f) => f.method === 'irn_subscription').map((f) => f.params.data.message);
  }
}

let storage: Storage;
const limits: RelayLimits = { ...RELAY_LIMITS, maxPublishesPerSecond: 1000 };
const newHub = (overrides: Partial<RelayLimits> = {}, now: () => number = Date.now) =>
  new RelayHub<FakeSocket>(storage, new RelayStore(storage, now), { ...limits, ...overrides }, now);
const stored = async (message: string) =>
  (await storage.db.selectFrom('relay_messages').select('id').where('message', '=', message).execute()).length;

describe.each(ENGINES)('on %s', (engine) => {
  beforeEach(async () => {
    storage = await freshStorage(engine);
  });

  it('stores each publish of a turn once, answers it only once stored, and pushes it once per client id, in order per topic', async () => {
    const hub = newHub();
    const TOPICS = 8;
    const PER_TOPIC = 12;
    const senders = Array.from({ length: TOPICS }, (_, i) => hub.attach(new FakeSocket(), `sender-${i}`, `10.0.1.${i}`));
    const readers = Array.from({ length: TOPICS }, (_, i) => hub.attach(new FakeSocket(), `reader-${i}`, `10.0.2.${i}`));
    for (let i = 0; i < TOPICS; i++) await hub.subscribe(readers[i]!, [`t${i}`]);
    const missing: string[] = [];
    // Every publish starts in the same turn, so they share batches.
    await Promise.all(
      Array.from({ length: TOPICS * PER_TOPIC }, async (_, k) => {
        const [i, n] = [k % TOPICS, Math.floor(k / TOPICS)];
        const message = `t${i}-m${n}`;
        const { result } = await runMethod(hub, senders[i]!, 'irn_publish', { topic: `t${i}`, message, ttl: 300, tag: 1 });
        expect(result).toBe(true);
        // Answered: it must be in the database already.
        if ((await stored(message)) !== 1) missing.push(message);
      }),
    );
    await hub.settled();
    expect(missing).toEqual([]);
    const count = await storage.db
      .selectFrom('relay_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(TOPICS * PER_TOPIC);
    for (let i = 0; i < TOPICS; i++) {
      expect(readers[i]!.ws.pushed()).toEqual(Array.from({ length: PER_TOPIC }, (_, n) => `t${i}-m${n}`));
      expect(senders[i]!.ws.pushed()).toEqual([]);
    }
    // Acknowledged, all in one batch: nothing is left for the readers, nor pushed again.
    for (const r of readers) for (const f of r.ws.sent) if (f.method === 'irn_subscription') hub.acknowledge(r, f.id, true);
    await hub.settled();
    const deliveries = await storage.db.selectFrom('relay_deliveries').select('client_id').execute();
    expect(deliveries).toHaveLength(TOPICS * PER_TOPIC);
    for (let i = 0; i < TOPICS; i++) {
      expect((await hub.fetchMessages(readers[i]!, [`t${i}`])).messages).toEqual([]);
      expect(readers[i]!.ws.pushed()).toHaveLength(PER_TOPIC);
    }
  });

  it('never passes an address’s hourly quota counted in memory when its publishes arrive at once, and writes the windows back', async () => {
    const hub = newHub({ ipMessagesPerHour: 5 });
    const conns = Array.from({ length: 20 }, (_, i) => hub.attach(new FakeSocket(), `client-${i}`, '10.0.0.9'));
    const results = await Promise.allSettled(conns.map((c) => hub.admit(c, [{ topic: 't', message: 'x', ttl: 300, tag: 1 }])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: RPC_ERRORS.rateLimited });
    await hub.settled();
    const row = await storage.db
      .selectFrom('relay_quota_windows')
      .select(['count', 'reset_at'])
      .where('counter', '=', 'ip-messages')
      .where('key', '=', '10.0.0.9')
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(5);
    expect(Number(row.reset_at)).toBeGreaterThan(Date.now() + QUOTA_WINDOW_MS - 60_000);
    // The next start (another hub on the database) reads the window: the address stays refused.
    const next = newHub({ ipMessagesPerHour: 5 });
    await expect(
      next.admit(next.attach(new FakeSocket(), 'fresh', '10.0.0.9'), [{ topic: 't', message: 'x', ttl: 300, tag: 1 }]),
    ).rejects.toMatchObject({
      code: RPC_ERRORS.rateLimited,
    });
  });

  it('follows subscribes and unsubscribes in the cached subscribers of a topic: who is pushed, and the TTL of what nobody else holds', async () => {
    const t = 1_000_000_000;
    const hub = newHub({ unsubscribedTtl: 300 }, () => t);
    const alice = hub.attach(new FakeSocket(), 'alice', '10.0.0.1');
    const bob = hub.attach(new FakeSocket(), 'bob', '10.0.0.2');
    const ttlOf = async (message: string) => {
      const row = await storage.db
        .selectFrom('relay_messages')
        .select(['published_at', 'expires_at'])
        .where('message', '=', message)
        .executeTakeFirstOrThrow();
      return (Number(row.expires_at) - Number(row.published_at)) / 1000;
    };
    await hub.subscribe(alice, ['t']);
    await hub.publish(alice, { topic: 't', message: 'alone', ttl: 86_400, tag: 1 });
    await hub.subscribe(bob, ['t']);
    await hub.publish(alice, { topic: 't', message: 'with bob', ttl: 86_400, tag: 1 });
    await hub.settled();
    expect(bob.ws.pushed()).toEqual(['alone', 'with bob']);
    expect([await ttlOf('alone'), await ttlOf('with bob')]).toEqual([300, 86_400]);
    await hub.unsubscribe('bob', ['t']);
    await hub.publish(alice, { topic: 't', message: 'bob gone', ttl: 86_400, tag: 1 });
    await hub.settled();
    expect(bob.ws.pushed()).toEqual(['alone', 'with bob']);
    expect(await ttlOf('bob gone')).toBe(300);
  });
});
