/**
 * The all-clients quota and the storage cap without a lockout (issue 29, item 4), scaled down:
 * ten addresses (127.0.0.1-10, each its own quota key) publish their hourly quota, which fills
 * both the all-clients quota and the store, and an eleventh still publishes and is delivered to;
 * the heaviest senders' oldest unfetched messages are what gives way; the quota windows survive
 * a restart on the same data file; messages nobody fetches expire after `unfetchedTtl`.
 */
import { describe, expect, it } from 'vitest';
import { RPC_ERRORS, type RelayLimits } from '../src/index.js';
import { RelayHub, type RelaySocket } from '../src/relay/hub.js';
import { RELAY_LIMITS } from '../src/relay/protocol.js';
import { RelayStore } from '../src/relay/store.js';
import { useRelayFixture } from './relay-fixture.js';
import { errorCode, Peer, topic } from './relay-peer.js';

const KIB = 1024;
/** The issue's 32 MiB per address and 1 GiB store, scaled down 512 times (global: ten addresses' worth). */
const LIMITS: Partial<RelayLimits> = { ipBytesPerHour: 64 * KIB, maxStoredBytes: 2 * 1024 * KIB };

const fx = useRelayFixture('w3kit-relay-retention-');

const open = (localAddress: string) => fx.open({ localAddress });

const publish = (peer: Peer, t: string, message: string) => peer.result('irn_publish', { topic: t, message, ttl: 86_400, tag: 1108 });
const storedBytes = async () => (await fx.contents.messages()).reduce((n, m) => n + m.size, 0);

describe('the all-clients quota and the store, filled by ten addresses', () => {
  it('lets an eleventh address publish, evicting the oldest unfetched messages of the heaviest senders', async () => {
    await fx.start({ limits: { ...LIMITS, maxStoredBytes: 512 * KIB } });
    const wallet = await open('127.0.0.100');
    const t = topic('session');
    await wallet.result('irn_subscribe', { topic: t });

    // Ten addresses publish their 64 KiB of the hour (640 KiB, the all-clients quota) on topics nobody reads.
    const chunk = 'x'.repeat(16 * KIB - 64);
    for (let a = 1; a <= 10; a++) {
      const attacker = await open(`127.0.0.${a}`);
      for (let i = 0; i < 4; i++) expect(await publish(attacker, topic(`junk-${a}-${i}`), chunk)).toBe(true);
      expect(await errorCode(publish(attacker, topic(`junk-${a}-x`), chunk))).toBe(RPC_ERRORS.rateLimited);
    }
    expect(await storedBytes()).toBeLessThanOrEqual(512 * KIB);

    // The eleventh address: its message is taken and delivered.
    const dapp = await open('127.0.0.11');
    expect(await publish(dapp, t, 'session request')).toBe(true);
    expect((await wallet.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['session request']);
    // What went were the oldest junk messages, evenly from the heaviest: every address keeps its newest.
    const messages = await fx.contents.messages();
    const bySender = new Map<string, number>();
    for (const m of messages) bySender.set(m.senderIp, (bySender.get(m.senderIp) ?? 0) + 1);
    const left = [...bySender].map(([ip, n]) => ({ ip, n }));
    expect(left.find((r) => r.ip === '127.0.0.11')).toEqual({ ip: '127.0.0.11', n: 1 });
    const junk = left.filter((r) => r.ip !== '127.0.0.11');
    expect(junk).toHaveLength(10);
    expect(junk.every((r) => r.n === 3 || r.n === 4)).toBe(true);
    const newest = new Set(Array.from({ length: 10 }, (_, a) => topic(`junk-${a + 1}-3`)));
    expect(messages.filter((m) => newest.has(m.topic))).toHaveLength(10);
  });

  it('keeps the quota windows across a restart on the same data file', async () => {
    await fx.start({ limits: LIMITS });
    const heavy = await open('127.0.0.2');
    for (let i = 0; i < 4; i++) expect(await publish(heavy, topic(`h${i}`), 'x'.repeat(16 * KIB - 64))).toBe(true);
    expect(await errorCode(publish(heavy, topic('h4'), 'x'))).toBe(RPC_ERRORS.rateLimited);

    await fx.restart({ limits: LIMITS });

    const again = await open('127.0.0.2');
    const reply = await again.call('irn_publish', { topic: topic('h5'), message: 'x', ttl: 300 });
    expect(reply.error).toEqual({
      code: RPC_ERRORS.rateLimited,
      message: expect.stringMatching(/^Quota exceeded: at most 65536 bytes per hour from one IP; retry in (3[0-5]\d\d|3600) s$/),
    });
    expect(await publish(await open('127.0.0.3'), topic('h6'), 'another address')).toBe(true);
  });
});

class FakeSocket implements RelaySocket {
  readonly OPEN = 1;
  readyState = 1;
  readonly bufferedAmount = 0;
  send(): void {}
  close(): void {}
}

describe('RelayRetention through the hub', () => {
  let t: number;
  const clock = () => t;
  const hubWith = (limits: Partial<RelayLimits>) => {
    t = 5_000_000;
    const storage = fx.storage;
    return new RelayHub<FakeSocket>(storage, new RelayStore(storage, clock), { ...RELAY_LIMITS, ipBytesPerHour: 1e9, ...limits }, clock);
  };
  const msg = (name: string, bytes = 1000) => ({ topic: name.padEnd(10, '-'), message: 'x'.repeat(bytes - 10), ttl: 86_400, tag: 1 });
  const left = async () => (await fx.contents.messages()).map((m) => m.topic.replace(/-+$/, ''));

  it('evicts the heaviest sender down towards the next, oldest first, and never what was fetched', async () => {
    const hub = hubWith({ maxStoredBytes: 10_000 });
    const heavy = hub.attach(new FakeSocket(), 'heavy', '10.0.0.1');
    const light = hub.attach(new FakeSocket(), 'light', '10.0.0.2');
    const reader = hub.attach(new FakeSocket(), 'reader', '10.0.0.3');
    const send = async (conn: typeof heavy, name: string) => {
      await hub.admit(conn, [msg(name)]);
      await hub.publish(conn, msg(name));
    };
    await send(heavy, 'read');
    expect((await hub.fetchMessages(reader, [msg('read').topic])).messages).toHaveLength(1);
    for (const name of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) await send(heavy, name);
    for (const name of ['l1', 'l2']) await send(light, name);
    expect(await left()).toEqual(['read', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'l1', 'l2']);
    // Full (9,000 of 10,000 bytes): two more from the light one make room from the heavy one's oldest.
    await send(light, 'l3');
    await send(light, 'l4');
    expect(await left()).toEqual(['read', 'h3', 'h4', 'h5', 'h6', 'l1', 'l2', 'l3', 'l4']);
  });

  it('refuses with storage full only when nothing unfetched is left', async () => {
    const hub = hubWith({ maxStoredBytes: 2_500 });
    const a = hub.attach(new FakeSocket(), 'a', '10.0.0.1');
    const reader = hub.attach(new FakeSocket(), 'reader', '10.0.0.3');
    for (const name of ['m1', 'm2']) {
      await hub.admit(a, [msg(name)]);
      await hub.publish(a, msg(name));
      await hub.fetchMessages(reader, [msg(name).topic]);
    }
    await expect(hub.admit(a, [msg('m3')])).rejects.toThrow(expect.objectContaining({ code: RPC_ERRORS.storageFull }));
  });

  it('takes the answer to a push whose message was evicted meanwhile', async () => {
    const hub = hubWith({ maxStoredBytes: 2_500 });
    const a = hub.attach(new FakeSocket(), 'a', '10.0.0.1');
    const reader = hub.attach(new FakeSocket(), 'reader', '10.0.0.3');
    await hub.subscribe(reader, [msg('m1').topic]);
    for (const name of ['m1', 'm2', 'm3']) {
      await hub.admit(a, [msg(name)]);
      await hub.publish(a, msg(name));
    }
    await hub.settled();
    expect(await left()).toEqual(['m2', 'm3']);
    const [pushed] = [...reader.inflight.keys()];
    expect(pushed).toBeDefined();
    hub.acknowledge(reader, pushed!, true);
    await hub.settled();
    expect(await fx.contents.deliveries()).toBe(0);
  });

  it('deletes what nobody fetched within unfetchedTtl, keeping what was fetched until its TTL', async () => {
    const hub = hubWith({ unfetchedTtl: 600 });
    const a = hub.attach(new FakeSocket(), 'a', '10.0.0.1');
    const reader = hub.attach(new FakeSocket(), 'reader', '10.0.0.3');
    await hub.subscribe(reader, [msg('kept').topic, msg('lost').topic]);
    await hub.publish(a, msg('kept'), msg('lost'));
    await hub.fetchMessages(reader, [msg('kept').topic]);
    t += 599_000;
    await hub.prune();
    expect(await left()).toEqual(['kept', 'lost']);
    t += 1_000;
    await hub.prune();
    expect(await left()).toEqual(['kept']);
  });
});
