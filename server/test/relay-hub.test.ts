/**
 * The relay's parts without sockets: the hub's routing (never back to the sender, newest
 * subscribed socket, once per socket, acknowledgement), the method table and frame handling,
 * on both storage engines (SQLite in memory, a real Postgres) and fake sockets that record what
 * they were sent. `settle()` waits for what the hub does in the background (pumps, acknowledgements).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, RPC_ERRORS, sqliteStorage, type Storage } from '../src/index.js';
import { handleFrame, MAX_INVALID_FRAMES } from '../src/relay/frames.js';
import { FETCH_PAGE } from '../src/relay/delivered.js';
import { RelayHub, type RelaySocket } from '../src/relay/hub.js';
import { RELAY_METHODS, runMethod } from '../src/relay/methods.js';
import { RELAY_LIMITS, relayLimits, RelayRpcError } from '../src/relay/protocol.js';
import { RelayStore } from '../src/relay/store.js';
import { ENGINES, freshStorage } from './engines.js';

class FakeSocket implements RelaySocket {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: [number, string] | undefined;
  readonly bufferedAmount = 0;
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
  }
  /** The irn_subscription pushes received so far. */
  pushes(): { id: number; params: { id: string; data: { topic: string; message: string; tag: number } } }[] {
    return this.sent.filter((f) => f.method === 'irn_subscription') as never;
  }
}

let storage: Storage;
let hub: RelayHub<FakeSocket>;
const logged: Record<string, unknown>[] = [];
const log = (entry: Record<string, unknown>) => logged.push(entry);
const msg = (topic: string, message = 'hello', tag = 1) => ({ topic, message, ttl: 300, tag });
/** A fake socket of `clientId` from `ip`. */
const attach = (clientId: string, ip = '127.0.0.1') => hub.attach(new FakeSocket(), clientId, ip);

const settle = () => hub.settled();
const rows = (q: Storage['db']) =>
  q.selectFrom('relay_messages').select(['topic', 'message', 'published_at', 'expires_at']).orderBy('id').execute();

describe.each(ENGINES)('on %s', (engine) => {
  beforeEach(async () => {
    storage = await freshStorage(engine);
    hub = new RelayHub<FakeSocket>(storage, new RelayStore(storage), {
      ...RELAY_LIMITS,
      maxPublishesPerSecond: 5,
      maxSubscriptionsPerClient: 3,
    });
    logged.length = 0;
  });

  describe('RelayHub', () => {
    it('pushes a message to other subscribers, never back to the sender client id', async () => {
      const alice = attach('alice');
      const bob = attach('bob');
      await hub.subscribe(alice, ['t']);
      await hub.subscribe(bob, ['t']);
      await hub.publish('alice', msg('t'));
      await settle();
      expect(alice.ws.pushes()).toHaveLength(0);
      expect(bob.ws.pushes()).toHaveLength(1);
      expect(bob.ws.pushes()[0]!.params.data).toMatchObject({ topic: 't', message: 'hello', tag: 1 });
    });

    it("pushes on the client's newest open socket subscribed to the topic; a detached one's unacknowledged pushes go to the next", async () => {
      const old = attach('bob');
      const fresh = attach('bob');
      await hub.subscribe(old, ['t']);
      await hub.subscribe(fresh, ['t']);
      await hub.publish('alice', msg('t', 'one'));
      await settle();
      expect([old.ws.pushes().length, fresh.ws.pushes().length]).toEqual([0, 1]);
      hub.detach(fresh);
      await settle();
      expect(hub.connections()).toEqual([old]);
      await hub.publish('alice', msg('t', 'two'));
      await settle();
      expect(old.ws.pushes().map((p) => p.params.data.message)).toEqual(['one', 'two']);
    });

    it('flushes pending messages once per socket until acknowledged, then never again', async () => {
      await hub.publish('alice', msg('t'));
      const bob = attach('bob');
      await hub.subscribe(bob, ['t']);
      hub.flush(bob, ['t']);
      hub.flush(bob, ['t']);
      await settle();
      expect(bob.ws.pushes()).toHaveLength(1);
      hub.acknowledge(bob, bob.ws.pushes()[0]!.id, true);
      await settle();
      const again = attach('bob');
      await hub.subscribe(again, ['t']);
      hub.flush(again, ['t']);
      await settle();
      expect(again.ws.pushes()).toHaveLength(0);
    });

    it('fetchMessages marks what it returns delivered and pages at FETCH_PAGE', async () => {
      await hub.publish('alice', ...Array.from({ length: FETCH_PAGE + 1 }, (_, i) => msg('t', `m${i}`)));
      const bob = attach('bob');
      const first = await hub.fetchMessages(bob, ['t']);
      expect([first.messages.length, first.hasMore]).toEqual([FETCH_PAGE, true]);
      const second = await hub.fetchMessages(bob, ['t']);
      expect(second).toEqual({ messages: [expect.objectContaining({ message: `m${FETCH_PAGE}` })], hasMore: false });
    });

    it('refuses subscriptions past the per-client limit, all or none', async () => {
      const bob = attach('bob');
      await hub.subscribe(bob, ['a', 'b']);
      await expect(hub.subscribe(bob, ['c', 'd'])).rejects.toThrow(/at most 3 topics per client/);
      expect((await hub.fetchMessages(bob, ['c'])).messages).toEqual([]);
      expect(await hub.subscribe(bob, ['a', 'c'])).toHaveLength(2);
    });

    it('limits publishes per client id per second', async () => {
      const alice = attach('alice');
      await hub.admit(
        alice,
        Array.from({ length: 5 }, () => msg('t')),
      );
      await expect(hub.admit(alice, [msg('t')])).rejects.toThrow(RelayRpcError);
      await hub.admit(attach('bob'), [msg('t')]);
    });

    it('keeps a message on a topic no other client id subscribes to at most unsubscribedTtl, never refusing it', async () => {
      const alice = attach('alice');
      await hub.subscribe(alice, ['mine', 'shared']);
      await hub.subscribe(attach('bob'), ['shared']);
      const month = 30 * 24 * 3600;
      await hub.publish('alice', { ...msg('mine'), ttl: month }, { ...msg('nobody'), ttl: month }, { ...msg('shared'), ttl: month });
      await hub.publish('alice', { ...msg('nobody', 'short'), ttl: 5 });
      const kept = (await rows(storage.db)).map((r) => ({
        topic: r.topic,
        message: r.message,
        ttl: (r.expires_at - r.published_at) / 1000,
      }));
      expect(kept).toEqual([
        { topic: 'mine', message: 'hello', ttl: RELAY_LIMITS.unsubscribedTtl },
        { topic: 'nobody', message: 'hello', ttl: RELAY_LIMITS.unsubscribedTtl },
        { topic: 'shared', message: 'hello', ttl: month },
        { topic: 'nobody', message: 'short', ttl: 5 },
      ]);
    });

    it('unsubscribes a client id on all its sockets', async () => {
      const one = attach('bob');
      const two = attach('bob');
      await hub.subscribe(one, ['t']);
      await hub.subscribe(two, ['t']);
      await hub.unsubscribe('bob', ['t']);
      await hub.publish('alice', msg('t'));
      expect([one.ws.pushes().length, two.ws.pushes().length]).toEqual([0, 0]);
    });
  });

  describe('RelayHub quotas', () => {
    const HOUR = 3_600_000;
    let t: number;
    const clock = () => t;
    const limits = { ...RELAY_LIMITS, ipMessagesPerHour: 4, ipBytesPerHour: 1000, globalMessagesPerHour: 6, globalBytesPerHour: 10_000 };
    const quotaHub = (overrides: Partial<typeof limits> = {}) => {
      t = 1_000_000;
      return new RelayHub<FakeSocket>(storage, new RelayStore(storage, clock), { ...limits, ...overrides }, clock);
    };
    const refusal = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (err) {
        return { code: (err as RelayRpcError).code, message: (err as Error).message };
      }
      return undefined;
    };

    it('counts messages per IP and for all IPs per hour, all or nothing, whatever the client id', async () => {
      const q = quotaHub();
      const [a, b, c] = ['10.0.0.1', '10.0.0.2', '10.0.0.3'].map((ip, i) => q.attach(new FakeSocket(), `key-${i}`, ip));
      expect(await refusal(() => q.admit(a!, [msg('t'), msg('t'), msg('t'), msg('t'), msg('t')]))).toMatchObject({
        code: RPC_ERRORS.rateLimited,
      });
      await q.admit(a!, [msg('t'), msg('t'), msg('t')]);
      await q.admit(q.attach(new FakeSocket(), 'fresh-key', '10.0.0.1'), [msg('t')]);
      expect(await refusal(() => q.admit(q.attach(new FakeSocket(), 'another-key', '10.0.0.1'), [msg('t')]))).toEqual({
        code: RPC_ERRORS.rateLimited,
        message: 'Quota exceeded: at most 4 messages per hour from one IP; retry in 3600 s',
      });
      await q.admit(b!, [msg('t'), msg('t')]);
      expect((await refusal(() => q.admit(c!, [msg('t')])))?.message).toBe(
        'Quota exceeded: the relay has taken its 6 messages per hour from all clients, and past that at most 0 per hour from one IP; retry in 3600 s',
      );
      t += HOUR;
      await q.admit(a!, [msg('t')]);
      await q.admit(c!, [msg('t')]);
    });

    it('makes the global quotas ten times the per-IP ones unless set, and refuses a limit below its floor', () => {
      expect(RELAY_LIMITS.globalBytesPerHour).toBe(10 * RELAY_LIMITS.ipBytesPerHour);
      expect(RELAY_LIMITS.ipBytesPerHour).toBe(32 * 1024 * 1024);
      expect(relayLimits({ ipBytesPerHour: 1000, ipMessagesPerHour: 7 })).toMatchObject({
        globalBytesPerHour: 10_000,
        globalMessagesPerHour: 70,
      });
      expect(relayLimits({ ipBytesPerHour: 1000, globalBytesPerHour: 1500 }).globalBytesPerHour).toBe(1500);
      expect(() => relayLimits({ maxStoredBytes: 0 })).toThrow('Relay limit maxStoredBytes must be an integer of at least 1, got 0');
    });

    it('counts bytes in UTF-8: a 3-byte character counts 3', async () => {
      const q = quotaHub();
      const a = q.attach(new FakeSocket(), 'alice', '10.0.0.1');
      await q.admit(a, [msg('t', '€'.repeat(300))]); // 1 + 900 bytes
      expect((await refusal(() => q.admit(a, [msg('t', 'x'.repeat(99))])))?.message).toBe(
        'Quota exceeded: at most 1000 bytes per hour from one IP; retry in 3600 s',
      );
      await q.admit(a, [msg('t', 'x'.repeat(98))]);
    });

    it('refuses what would pass the storage cap, once nothing unfetched is left to evict, until expired messages can be pruned', async () => {
      const q = quotaHub({ maxStoredBytes: 2500, ipBytesPerHour: 100_000 });
      const a = q.attach(new FakeSocket(), 'alice', '10.0.0.1');
      const big = { ...msg('t', 'x'.repeat(999)), ttl: 60 };
      for (let i = 0; i < 2; i++) {
        await q.admit(a, [big]);
        await q.publish(a, big);
      }
      // Fetched, so not evicted.
      expect((await q.fetchMessages(q.attach(new FakeSocket(), 'bob', '10.0.0.2'), ['t'])).messages).toHaveLength(2);
      expect(await refusal(() => q.admit(a, [big]))).toEqual({
        code: RPC_ERRORS.storageFull,
        message: "The relay's storage is full: it keeps at most 2500 bytes of messages; retry once some expire",
      });
      t += 60_000;
      await q.admit(a, [big]);
      expect(await rows(storage.db)).toEqual([]);
    });
  });

  describe('RELAY_METHODS', () => {
    it('has one entry per relay method', () => {
      expect(Object.keys(RELAY_METHODS).sort()).toEqual(
        [
          'irn_batchFetchMessages',
          'irn_batchPublish',
          'irn_batchSubscribe',
          'irn_batchUnsubscribe',
          'irn_fetchMessages',
          'irn_publish',
          'irn_subscribe',
          'irn_unsubscribe',
          'wc_approveSession',
          'wc_proposeSession',
        ].sort(),
      );
    });

    it('answers an unknown method, inherited names included, with method not found', async () => {
      const conn = attach('bob');
      for (const method of ['irn_nope', 'toString', '__proto__']) {
        await expect(runMethod(hub, conn, method, {})).rejects.toThrow(expect.objectContaining({ code: RPC_ERRORS.methodNotFound }));
      }
    });

    it('irn_subscribe returns the subscription id and flushes only after it is answered', async () => {
      await hub.publish('alice', msg('t'));
      const bob = attach('bob');
      const { result, after } = await runMethod(hub, bob, 'irn_subscribe', { topic: 't' });
      expect(result).toMatch(/^[0-9a-f]{64}$/);
      await settle();
      expect(bob.ws.pushes()).toHaveLength(0);
      after?.();
      await settle();
      expect(bob.ws.pushes()).toHaveLength(1);
    });

    it('wc_approveSession publishes the response (1101) and settle (1102) and subscribes the wallet to the session', async () => {
      const dapp = attach('dapp');
      await runMethod(hub, dapp, 'wc_proposeSession', { pairingTopic: 'pair', sessionProposal: 'proposal' });
      const wallet = attach('wallet');
      await runMethod(hub, wallet, 'wc_approveSession', {
        pairingTopic: 'pair',
        sessionTopic: 'session',
        sessionProposalResponse: 'response',
        sessionSettlementRequest: 'settle',
      });
      await settle();
      expect(dapp.ws.pushes().map((p) => p.params.data.tag)).toEqual([1101]);
      expect((await hub.fetchMessages(wallet, ['pair'])).messages.map((m) => m.tag)).toEqual([1100]);
      await runMethod(hub, dapp, 'irn_publish', msg('session', 'from dapp'));
      await settle();
      expect(wallet.ws.pushes().map((p) => p.params.data.message)).toEqual(['from dapp']);
    });
  });

  describe('handleFrame', () => {
    it('answers a request with its result and an acknowledgement with nothing', async () => {
      const bob = attach('bob');
      await handleFrame(hub, bob, JSON.stringify({ id: 7, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 't' } }), log);
      expect(bob.ws.sent[0]).toMatchObject({ id: 7, jsonrpc: '2.0', result: expect.any(String) });
      await hub.publish('alice', msg('t'));
      await handleFrame(hub, bob, JSON.stringify({ id: bob.ws.pushes()[0]!.id, jsonrpc: '2.0', result: true }), log);
      expect(bob.ws.sent).toHaveLength(2);
      expect((await hub.fetchMessages(bob, ['t'])).messages).toEqual([]);
    });

    it('answers bad params with their RPC error and a thrown bug with Internal error, logged', async () => {
      const bob = attach('bob');
      await handleFrame(hub, bob, JSON.stringify({ id: 1, method: 'irn_subscribe', params: {} }), log);
      expect(bob.ws.sent[0]).toMatchObject({
        id: 1,
        error: { code: RPC_ERRORS.invalidParams, message: "'params.topic' must be a non-empty string" },
      });
      // A database that fails every statement (here: closed).
      const broken = sqliteStorage(openDatabase(undefined));
      const brokenHub = new RelayHub<FakeSocket>(broken, new RelayStore(broken), RELAY_LIMITS);
      broken.sqlite!.close();
      await handleFrame(brokenHub, bob, JSON.stringify({ id: 2, method: 'irn_subscribe', params: { topic: 't' } }), log);
      expect(bob.ws.sent[1]).toMatchObject({ id: 2, error: { code: RPC_ERRORS.internal, message: 'Internal error' } });
      expect(logged).toEqual([expect.objectContaining({ event: 'relay_error', method: 'irn_subscribe', clientId: 'bob' })]);
    });

    it(`closes the socket (1008) after ${MAX_INVALID_FRAMES} invalid frames`, async () => {
      const bob = attach('bob');
      await handleFrame(hub, bob, null, log);
      expect(bob.ws.sent[0]).toMatchObject({ id: null, error: { code: RPC_ERRORS.parse } });
      for (let i = 0; i < MAX_INVALID_FRAMES - 1; i++) await handleFrame(hub, bob, i % 2 ? 'not json' : '[1]', log);
      expect(bob.ws.closedWith).toBeUndefined();
      await handleFrame(hub, bob, JSON.stringify({ method: 'irn_publish' }), log);
      expect(bob.ws.closedWith).toEqual([1008, 'Too many invalid frames']);
    });
  });
});
