/**
 * The hub's bounds on what one address or one socket can make the relay hold, without
 * sockets: subscriptions per address across client ids and their expiry (a fake clock), the
 * window of unacknowledged pushes, and the send-buffer bound (a fake socket that keeps what it
 * is sent buffered until told to drain). The same over real sockets: relay-subscriptions and
 * relay-slow-readers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, RPC_ERRORS, type Database } from '../src/index.js';
import { SLOW_READER_CLOSE } from '../src/relay/backpressure.js';
import { FETCH_PAGE_BYTES } from '../src/relay/delivered.js';
import { RelayHub, type RelaySocket } from '../src/relay/hub.js';
import { RELAY_LIMITS, type RelayLimits } from '../src/relay/protocol.js';
import { RelayStore } from '../src/relay/store.js';

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

let db: Database;
let t: number;
const logged: Record<string, unknown>[] = [];
const clock = () => t;
const makeHub = (limits: Partial<RelayLimits>) =>
  new RelayHub<BufferingSocket>(db, new RelayStore(db, clock), { ...RELAY_LIMITS, ...limits }, clock, (e) => logged.push(e));
const msg = (topic: string, message: string) => ({ topic, message, ttl: 300, tag: 1 });
const subscriptionRows = () => db.prepare('SELECT count(*) FROM relay_subscriptions').pluck().get() as number;
const topics = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

beforeEach(() => {
  db = openDatabase(undefined);
  t = 1_000_000;
  logged.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  db.close();
});

describe('subscriptions per address', () => {
  it('caps the topics of all client ids of one address together, all or none, while another address subscribes', () => {
    const hub = makeHub({ ipSubscriptions: 5, maxSubscriptionsPerClient: 3 });
    const a = hub.attach(new BufferingSocket(), 'key-a', '10.0.0.1');
    const b = hub.attach(new BufferingSocket(), 'key-b', '10.0.0.1');
    hub.subscribe(a, topics('a', 3));
    // Renewing what it holds takes no room; a new key from the same address gets what is left.
    hub.subscribe(a, ['a-0', 'a-1']);
    expect(() => hub.subscribe(b, topics('b', 3))).toThrow(
      expect.objectContaining({
        code: RPC_ERRORS.tooManySubscriptions,
        message: 'Too many subscriptions: at most 5 topics per IP address, for all its clients together; unsubscribe from some first',
      }),
    );
    hub.subscribe(b, topics('b', 2));
    expect(() => hub.subscribe(hub.attach(new BufferingSocket(), 'key-c', '10.0.0.1'), ['c'])).toThrow(/at most 5 topics per IP/);
    hub.subscribe(hub.attach(new BufferingSocket(), 'key-d', '10.0.0.2'), ['d']);
    expect(subscriptionRows()).toBe(6);
    // Unsubscribing frees room.
    hub.unsubscribe('key-a', ['a-2']);
    hub.subscribe(hub.attach(new BufferingSocket(), 'key-c', '10.0.0.1'), ['c']);
  });

  it('lets a subscription live maxTtl from its last subscribe, then neither counts nor receives it, and sweeps it', () => {
    const hub = makeHub({ ipSubscriptions: 2, maxTtl: 60 });
    const bob = hub.attach(new BufferingSocket(), 'bob', '10.0.0.1');
    hub.subscribe(bob, ['old', 'renewed']);
    t += 30_000;
    hub.subscribe(bob, ['renewed']);
    t += 30_000;
    // 'old' has lived its 60 s: it neither counts nor keeps messages on its topic longer.
    hub.subscribe(bob, ['new']);
    hub.publish('alice', { ...msg('old', 'x'), ttl: 3600 });
    const ttl = db.prepare("SELECT (expires_at - published_at) / 1000 FROM relay_messages WHERE topic = 'old'").pluck().get();
    expect(ttl).toBe(RELAY_LIMITS.unsubscribedTtl);
    expect(db.prepare('SELECT topic, expires_at - subscribed_at AS life FROM relay_subscriptions ORDER BY topic').all()).toEqual([
      { topic: 'new', life: 60_000 },
      { topic: 'old', life: 60_000 },
      { topic: 'renewed', life: 60_000 },
    ]);
    hub.prune();
    expect(db.prepare('SELECT topic FROM relay_subscriptions ORDER BY topic').pluck().all()).toEqual(['new', 'renewed']);
  });
});

describe('pushes', () => {
  it('ends a fetch reply at FETCH_PAGE_BYTES (past its first message), saying more wait', () => {
    const hub = makeHub({});
    const body = 'x'.repeat(250 * 1024);
    hub.transaction(() => Array.from({ length: 20 }, () => hub.publish('alice', msg('t', body))));
    const bob = hub.attach(new BufferingSocket(), 'bob', '10.0.0.1');
    const sizes = [hub.fetchMessages(bob, ['t']), hub.fetchMessages(bob, ['t'])].map((r) => [r.messages.length, r.hasMore]);
    expect(FETCH_PAGE_BYTES).toBe(4 * 1024 * 1024);
    expect(sizes).toEqual([
      [16, true],
      [4, false],
    ]);
  });

  it('pages a mailbox out: at most maxUnacknowledgedPushes at once, the next as they are acknowledged, in order', () => {
    const hub = makeHub({ maxUnacknowledgedPushes: 3 });
    hub.transaction(() => topics('m', 8).forEach((m) => hub.publish('alice', msg('t', m))));
    const bob = hub.attach(new BufferingSocket(), 'bob', '10.0.0.1');
    hub.subscribe(bob, ['t']);
    hub.flush(bob, ['t']);
    expect(bob.ws.messages()).toEqual(['m-0', 'm-1', 'm-2']);
    // A message published meanwhile waits behind the older ones.
    hub.publish('alice', msg('t', 'live'));
    expect(bob.ws.pushes()).toHaveLength(3);
    for (let i = 0; i < 3; i++) hub.acknowledge(bob, bob.ws.pushes()[i]!.id, true);
    expect(bob.ws.messages()).toEqual(topics('m', 6));
    // An error answer frees room too (that message comes again on a later connection).
    bob.ws
      .pushes()
      .slice(3)
      .forEach((p) => hub.acknowledge(bob, p.id, false));
    bob.ws
      .pushes()
      .slice(6)
      .forEach((p) => hub.acknowledge(bob, p.id, true));
    expect(bob.ws.messages()).toEqual([...topics('m', 8), 'live']);
  });

  it('stops pushing at the high-water mark, resumes when the buffer drains, and closes a socket that stays over it', () => {
    vi.useFakeTimers();
    const hub = makeHub({ socketBufferBytes: 3000, socketStallTimeout: 5 });
    const big = (i: number) => `${i}`.padEnd(1000, '.');
    hub.transaction(() => Array.from({ length: 10 }, (_, i) => hub.publish('alice', msg('t', big(i)))));
    const bob = hub.attach(new BufferingSocket(), 'bob', '10.0.0.1');
    bob.ws.hold = true;
    hub.subscribe(bob, ['t']);
    hub.flush(bob, ['t']);
    // Blocked once 3000 bytes wait: reading stops, the rest waits in the database.
    expect(bob.ws.pushes()).toHaveLength(3);
    expect(bob.ws.paused).toBe(true);
    hub.publish('alice', msg('t', big(10)));
    expect(bob.ws.pushes()).toHaveLength(3);
    vi.advanceTimersByTime(4000);
    bob.ws.drain();
    expect(bob.ws.paused).toBe(false);
    expect(bob.ws.messages()).toEqual(Array.from({ length: 11 }, (_, i) => big(i)));
    expect(bob.ws.closedWith).toBeUndefined();

    // Over the mark again and never drained: closed after socketStallTimeout.
    const carol = hub.attach(new BufferingSocket(), 'carol', '10.0.0.2');
    carol.ws.hold = true;
    hub.subscribe(carol, ['t']);
    hub.flush(carol, ['t']);
    vi.advanceTimersByTime(4999);
    expect(carol.ws.closedWith).toBeUndefined();
    vi.advanceTimersByTime(1);
    const reason = 'The socket did not read what it was sent for 5 s';
    expect(carol.ws.closedWith).toEqual([SLOW_READER_CLOSE, reason]);
    expect(logged).toEqual([expect.objectContaining({ event: 'relay_slow_reader', clientId: 'carol', code: 1013, reason })]);
    expect(carol.flow.peakBufferedBytes).toBeLessThan(3000 + 1200);
  });
});
