/**
 * The relay's parts without sockets: the hub's routing (never back to the sender, newest
 * subscribed socket, once per socket, acknowledgement), the method table and frame handling,
 * over an in-memory database and fake sockets that record what they were sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, RPC_ERRORS, type Database } from '../src/index.js';
import { handleFrame, MAX_INVALID_FRAMES } from '../src/relay/frames.js';
import { FETCH_PAGE, RelayHub, type RelaySocket } from '../src/relay/hub.js';
import { RELAY_METHODS, runMethod } from '../src/relay/methods.js';
import { RELAY_LIMITS, RelayRpcError } from '../src/relay/protocol.js';
import { RelayStore } from '../src/relay/store.js';

class FakeSocket implements RelaySocket {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: [number, string] | undefined;
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

let db: Database;
let hub: RelayHub<FakeSocket>;
const logged: Record<string, unknown>[] = [];
const log = (entry: Record<string, unknown>) => logged.push(entry);
const msg = (topic: string, message = 'hello', tag = 1) => ({ topic, message, ttl: 300, tag });

beforeEach(() => {
  db = openDatabase(undefined);
  hub = new RelayHub<FakeSocket>(db, new RelayStore(db), { ...RELAY_LIMITS, maxPublishesPerSecond: 5, maxSubscriptionsPerClient: 3 });
  logged.length = 0;
});
afterEach(() => db.close());

describe('RelayHub', () => {
  it('pushes a message to other subscribers, never back to the sender client id', () => {
    const alice = hub.attach(new FakeSocket(), 'alice');
    const bob = hub.attach(new FakeSocket(), 'bob');
    hub.subscribe(alice, ['t']);
    hub.subscribe(bob, ['t']);
    hub.publish('alice', msg('t'));
    expect(alice.ws.pushes()).toHaveLength(0);
    expect(bob.ws.pushes()).toHaveLength(1);
    expect(bob.ws.pushes()[0]!.params.data).toMatchObject({ topic: 't', message: 'hello', tag: 1 });
  });

  it("pushes on the client's newest open socket subscribed to the topic, and forgets a detached one", () => {
    const old = hub.attach(new FakeSocket(), 'bob');
    const fresh = hub.attach(new FakeSocket(), 'bob');
    hub.subscribe(old, ['t']);
    hub.subscribe(fresh, ['t']);
    hub.publish('alice', msg('t', 'one'));
    expect([old.ws.pushes().length, fresh.ws.pushes().length]).toEqual([0, 1]);
    hub.detach(fresh);
    expect(hub.connections()).toEqual([old]);
    hub.publish('alice', msg('t', 'two'));
    expect(old.ws.pushes().map((p) => p.params.data.message)).toEqual(['two']);
  });

  it('flushes pending messages once per socket until acknowledged, then never again', () => {
    hub.publish('alice', msg('t'));
    const bob = hub.attach(new FakeSocket(), 'bob');
    hub.subscribe(bob, ['t']);
    hub.flush(bob, ['t']);
    hub.flush(bob, ['t']);
    expect(bob.ws.pushes()).toHaveLength(1);
    hub.acknowledge(bob, bob.ws.pushes()[0]!.id, true);
    const again = hub.attach(new FakeSocket(), 'bob');
    hub.subscribe(again, ['t']);
    hub.flush(again, ['t']);
    expect(again.ws.pushes()).toHaveLength(0);
  });

  it('fetchMessages marks what it returns delivered and pages at FETCH_PAGE', () => {
    hub.transaction(() => {
      for (let i = 0; i <= FETCH_PAGE; i++) hub.publish('alice', msg('t', `m${i}`));
    });
    const bob = hub.attach(new FakeSocket(), 'bob');
    const first = hub.fetchMessages(bob, ['t']);
    expect([first.messages.length, first.hasMore]).toEqual([FETCH_PAGE, true]);
    const second = hub.fetchMessages(bob, ['t']);
    expect(second).toEqual({ messages: [expect.objectContaining({ message: `m${FETCH_PAGE}` })], hasMore: false });
  });

  it('refuses subscriptions past the per-client limit, all or none', () => {
    const bob = hub.attach(new FakeSocket(), 'bob');
    hub.subscribe(bob, ['a', 'b']);
    expect(() => hub.subscribe(bob, ['c', 'd'])).toThrow(/at most 3 topics per client/);
    expect(hub.fetchMessages(bob, ['c']).messages).toEqual([]);
    expect(hub.subscribe(bob, ['a', 'c'])).toHaveLength(2);
  });

  it('limits publishes per client id per second', () => {
    hub.takePublishes('alice', 5);
    expect(() => hub.takePublishes('alice', 1)).toThrow(RelayRpcError);
    expect(() => hub.takePublishes('bob', 1)).not.toThrow();
  });

  it('unsubscribes a client id on all its sockets', () => {
    const one = hub.attach(new FakeSocket(), 'bob');
    const two = hub.attach(new FakeSocket(), 'bob');
    hub.subscribe(one, ['t']);
    hub.subscribe(two, ['t']);
    hub.unsubscribe('bob', ['t']);
    hub.publish('alice', msg('t'));
    expect([one.ws.pushes().length, two.ws.pushes().length]).toEqual([0, 0]);
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

  it('answers an unknown method, inherited names included, with method not found', () => {
    const conn = hub.attach(new FakeSocket(), 'bob');
    for (const method of ['irn_nope', 'toString', '__proto__']) {
      expect(() => runMethod(hub, conn, method, {})).toThrow(expect.objectContaining({ code: RPC_ERRORS.methodNotFound }));
    }
  });

  it('irn_subscribe returns the subscription id and flushes only after it is answered', () => {
    hub.publish('alice', msg('t'));
    const bob = hub.attach(new FakeSocket(), 'bob');
    const { result, after } = runMethod(hub, bob, 'irn_subscribe', { topic: 't' });
    expect(result).toMatch(/^[0-9a-f]{64}$/);
    expect(bob.ws.pushes()).toHaveLength(0);
    after?.();
    expect(bob.ws.pushes()).toHaveLength(1);
  });

  it('wc_approveSession publishes the response (1101) and settle (1102) and subscribes the wallet to the session', () => {
    const dapp = hub.attach(new FakeSocket(), 'dapp');
    runMethod(hub, dapp, 'wc_proposeSession', { pairingTopic: 'pair', sessionProposal: 'proposal' });
    const wallet = hub.attach(new FakeSocket(), 'wallet');
    runMethod(hub, wallet, 'wc_approveSession', {
      pairingTopic: 'pair',
      sessionTopic: 'session',
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
    });
    expect(dapp.ws.pushes().map((p) => p.params.data.tag)).toEqual([1101]);
    expect(hub.fetchMessages(wallet, ['pair']).messages.map((m) => m.tag)).toEqual([1100]);
    runMethod(hub, dapp, 'irn_publish', msg('session', 'from dapp'));
    expect(wallet.ws.pushes().map((p) => p.params.data.message)).toEqual(['from dapp']);
  });
});

describe('handleFrame', () => {
  it('answers a request with its result and an acknowledgement with nothing', () => {
    const bob = hub.attach(new FakeSocket(), 'bob');
    handleFrame(hub, bob, JSON.stringify({ id: 7, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 't' } }), log);
    expect(bob.ws.sent[0]).toMatchObject({ id: 7, jsonrpc: '2.0', result: expect.any(String) });
    hub.publish('alice', msg('t'));
    handleFrame(hub, bob, JSON.stringify({ id: bob.ws.pushes()[0]!.id, jsonrpc: '2.0', result: true }), log);
    expect(bob.ws.sent).toHaveLength(2);
    expect(hub.fetchMessages(bob, ['t']).messages).toEqual([]);
  });

  it('answers bad params with their RPC error and a thrown bug with Internal error, logged', () => {
    const bob = hub.attach(new FakeSocket(), 'bob');
    handleFrame(hub, bob, JSON.stringify({ id: 1, method: 'irn_subscribe', params: {} }), log);
    expect(bob.ws.sent[0]).toMatchObject({
      id: 1,
      error: { code: RPC_ERRORS.invalidParams, message: "'params.topic' must be a non-empty string" },
    });
    db.close();
    handleFrame(hub, bob, JSON.stringify({ id: 2, method: 'irn_subscribe', params: { topic: 't' } }), log);
    expect(bob.ws.sent[1]).toMatchObject({ id: 2, error: { code: RPC_ERRORS.internal, message: 'Internal error' } });
    expect(logged).toEqual([expect.objectContaining({ event: 'relay_error', method: 'irn_subscribe', clientId: 'bob' })]);
    db = openDatabase(undefined);
  });

  it(`closes the socket (1008) after ${MAX_INVALID_FRAMES} invalid frames`, () => {
    const bob = hub.attach(new FakeSocket(), 'bob');
    handleFrame(hub, bob, null, log);
    expect(bob.ws.sent[0]).toMatchObject({ id: null, error: { code: RPC_ERRORS.parse } });
    for (let i = 0; i < MAX_INVALID_FRAMES - 1; i++) handleFrame(hub, bob, i % 2 ? 'not json' : '[1]', log);
    expect(bob.ws.closedWith).toBeUndefined();
    handleFrame(hub, bob, JSON.stringify({ method: 'irn_publish' }), log);
    expect(bob.ws.closedWith).toEqual([1008, 'Too many invalid frames']);
  });
});
