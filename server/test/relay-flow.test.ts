/**
 * The hub's bounds on what one address or one socket can make the relay hold, without
 * sockets: subscriptions per address across client ids and their expiry (a fake clock), the
 * window of unacknowledged pushes, and the send-buffer bound (a fake socket that keeps what it
 * is sent buffered until told to drain), on both storage engines. The same over real sockets:
 * relay-subscriptions and relay-slow-readers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RPC_ERRORS, type Storage } from '../src/index.js';
import { SLOW_READER_CLOSE } from '../src/relay/backpressure.js';
import { FETCH_PAGE_BYTES } from '../src/relay/delivered.js';
import { RelayHub, type RelaySocket } from '../src/relay/hub.js';
import { RELAY_LIMITS, type RelayLimits } from '../src/relay/protocol.js';
import { RelayStore } from '../src/relay/store.js';
import { ENGINES, freshStorage } from './engines.js';

class BufferingSocket implements RelaySocket {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: [number, string] | undefined;
  paused = false;
  /** While set, what is sent stays buffered until `drain()`. */
  hold = false;
  bufferedAmount = 0;
  private readonly written: (() => void)[] = [];
  send(data: string, cb?: () => void): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
    if (!this.hold) return cb?.();
    this.bufferedAmount += data.length;
    if (cb) this.written.push(cb);
  }
  /** Writes everything buffered out, calling back each send. */
  drain(): void {
    this.hold = false;
    this.bufferedAmount = 0;
    this.written.splice(0).forEach((cb) => cb());
  }
  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
    this.readyState = 3;
  }
  pause(): void {
    this.paused = true;
  }
  resume(): void {
    this.paused = false;
  }
  pushes(): { id: number; params: { data: { message: string } } }[] {
    return this.sent.filter((f) => f.method === 'irn_subscription') as never;
  }
  messages(): string[] {
    return this.pushes().map((p) => p.params.data.message);
  }
}

let storage: Storage;
let t: number;
const logged: Record<string, unknown>[] = [];
const clock = () => t;
const makeHub = (limits: Partial<RelayLimits>) =>
  new RelayHub<BufferingSocket>(storage, new RelayStore(storage, clock), { ...RELAY_LIMITS, ...limits }, clock, (e) => logged.push(e));
const msg = (topic: string, message: string) => ({ topic, message, ttl: 300, tag: 1 });
const subscriptions = () =>
  storage.db.selectFrom('relay_subscriptions').select(['topic', 'subscribed_at', 'expires_at']).orderBy('topic').execute();
const topics = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe.each(ENGINES)('on %s', (engine) => {
  beforeEach(async () => {
    storage = await freshStorage(engine);
    t = 1_000_000;
    logged.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('subscriptions per address', () => {
    it('caps the topics of all client ids of one address together, all or none, while another address subscribes', async () => {
      const hub = makeHub({ ipSubscriptions: 5, maxSubscriptionsPerClient: 3 });
      const a = hub.attach(new BufferingSocket(), 'key-a', '10.0.0.1');
      const b = hub.attach(new BufferingSocket(), 'key-b', '10.0.0.1');
      await hub.subscribe(a, topics('a', 3));
      // Renewing what it holds takes no room; a new key from the same address gets what is left.
      await hub.subscribe(a, ['a-0', 'a-1']);
      await expect(hub.subscribe(b, topics('b', 3))).rejects.toThrow(
        expect.objectContaining({
          code: RPC_ERRORS.tooManySubscriptions,
          message: 'Too many subscriptions: at most 5 topics per IP address, for all its clients together; unsubscribe from some first',
        }),
      );
      await hub.subscribe(b, topics('b', 2));
      await expect(hub.subscribe(hub.attach(new BufferingSocket(), 'key-c', '10.0.0.1'), ['c'])).rejects.toThrow(/at most 5 topics per IP/);
      await hub.subscribe(hub.attach(new BufferingSocket(), 'key-d', '10.0.0.2'), ['d']);
      expect(await subscriptions()).toHaveLength(6);
      // Unsubscribing frees room.
      await hub.unsubscribe('key-a', ['a-2']);
      await hub.subscribe(hub.attach(new BufferingSocket(), 'key-c', '10.0.0.1'), ['c']);
    });

    it('lets a subscription live maxTtl from its last subscribe, then neither counts nor receives it, and sweeps it', async () => {
      const hub = makeHub({ ipSubscriptions: 2, maxTtl: 60 });
      const bob = hub.attach(new BufferingSocket(), 'bob', '10.0.0.1');
      await hub.subscribe(bob, ['old', 'renewed']);
      t += 30_000;
      await hub.subscribe(bob, ['renewed']);
      t += 30_000;
      // 'old' has lived its 60 s: it neither counts nor keeps messages on its topic longer.
      await hub.subscribe(bob, ['new']);
      await hub.publish('alice', { ...msg('old', 'x'), ttl: 3600 });
      const old = await storage.db
        .selectFrom('relay_messages')
        .select(['published_at', 'expires_at'])
        .where('topic', '=', 'old')
        .executeTakeFirstOrThrow();
      expect((old.expires_at - old.published_at) / 1000).toBe(RELAY_LIMITS.unsubscribedTtl);
      expect((await subscriptions()).map((r) => ({ topic: r.topic, life: r.expires_at - r.subscribed_at }))).toEqual([
        { topic: 'new', life: 60_000 },
        { topic: 'old', life: 60_000 },
        { topic: 'renewed', life: 60_000 },
      ]);
      await hub.prune();
      expect((await subscriptions()).map((r) => r.topic)).toEqual(['new', 'renewed']);
    });
  });

  describe('pushes', () => {
    it('ends a fetch reply at FETCH_PAGE_BYTES (past its first message), saying more wait', async () => {
      const hub = makeHub({});
      const body = 'x'.repeat(250 * 1024);
      await hub.publish('alice', ...Array.from({ length: 20 }, () => msg('t', body)));
      const bob = hub.attach(new BufferingSocket(), 'bob', '10.0.0.1');
      const sizes = [await hub.fetchMessages(bob, ['t']), await hub.fetchMessages(bob, ['t'])].map((r) => [r.messages.length, r.hasMore]);
      expect(FETCH_PAGE_BYTES).toBe(4 * 1024 * 1024);
      expect(sizes).toEqual([
        [16, true],
        [4, false],
      ]);
    });

    it('pages a mailbox out: at most maxUnacknowledgedPushes at once, the next as they are acknowledged, in order', async () => {
      const hub = makeHub({ maxUnacknowledgedPushes: 3 });
      await hub.publish('alice', ...topics('m', 8).map((m) => msg('t', m)));
      const bob = hub.attach(new BufferingSocket(), 'bob', '10.0.0.1');
      await hub.subscribe(bob, ['t']);
      hub.flush(bob, ['t']);
      await hub.settled();
      expect(bob.ws.messages()).toEqual(['m-0', 'm-1', 'm-2']);
      // A message published meanwhile waits behind the older ones.
      await hub.publish('alice', msg('t', 'live'));
      await hub.settled();
      expect(bob.ws.pushes()).toHaveLength(3);
      for (let i = 0; i < 3; i++) hub.acknowledge(bob, bob.ws.pushes()[i]!.id, true);
      await hub.settled();
      expect(bob.ws.messages()).toEqual(topics('m', 6));
      // An error answer frees room too (that message comes again on a later connection).
      bob.ws
        .pushes()
        .slice(3)
        .forEach((p) => hub.acknowledge(bob, p.id, false));
      await hub.settled();
      bob.ws
        .pushes()
        .slice(6)
        .forEach((p) => hub.acknowledge(bob, p.id, true));
      await hub.settled();
      expect(bob.ws.messages()).toEqual([...topics('m', 8), 'live']);
    });

    it('stops pushing at the high-water mark, resumes when the buffer drains, and closes a socket that stays over it', async () => {
      // Timers only: the hub writes acknowledgements on setImmediate.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const hub = makeHub({ socketBufferBytes: 3000, socketStallTimeout: 5 });
      const big = (i: number) => `${i}`.padEnd(1000, '.');
      await hub.publish('alice', ...Array.from({ length: 10 }, (_, i) => msg('t', big(i))));
      const bob = hub.attach(new BufferingSocket(), 'bob', '10.0.0.1');
      bob.ws.hold = true;
      await hub.subscribe(bob, ['t']);
      hub.flush(bob, ['t']);
      await hub.settled();
      // Blocked once 3000 bytes wait: reading stops, the rest waits in the database.
      expect(bob.ws.pushes()).toHaveLength(3);
      expect(bob.ws.paused).toBe(true);
      await hub.publish('alice', msg('t', big(10)));
      await hub.settled();
      expect(bob.ws.pushes()).toHaveLength(3);
      vi.advanceTimersByTime(4000);
      bob.ws.drain();
      await hub.settled();
      expect(bob.ws.paused).toBe(false);
      expect(bob.ws.messages()).toEqual(Array.from({ length: 11 }, (_, i) => big(i)));
      expect(bob.ws.closedWith).toBeUndefined();

      // Over the mark again and never drained: closed after socketStallTimeout.
      const carol = hub.attach(new BufferingSocket(), 'carol', '10.0.0.2');
      carol.ws.hold = true;
      await hub.subscribe(carol, ['t']);
      hub.flush(carol, ['t']);
      await hub.settled();
      vi.advanceTimersByTime(4999);
      expect(carol.ws.closedWith).toBeUndefined();
      vi.advanceTimersByTime(1);
      const reason = 'The socket did not read what it was sent for 5 s';
      expect(carol.ws.closedWith).toEqual([SLOW_READER_CLOSE, reason]);
      expect(logged).toEqual([expect.objectContaining({ event: 'relay_slow_reader', clientId: 'carol', code: 1013, reason })]);
      expect(carol.flow.peakBufferedBytes).toBeLessThan(3000 + 1200);
    });
  });
});
