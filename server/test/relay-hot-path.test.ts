/**
 * What the relay's hot path (a publish, its push and acknowledgement) relies on to allocate
 * little per message (issue 31 §5): subscribers read from the cache without a promise, a
 * message's push JSON made once and kept on the message, one write callback per socket rather
 * than one per frame, quota windows judged as they are held. On SQLite in memory; the same
 * code runs on Postgres in the relay suites of the engines' run.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase, sqliteStorage } from '../src/index.js';
import { SocketFlow, type FlowSocket } from '../src/relay/backpressure.js';
import { delivered, deliveredJson, jsonString } from '../src/relay/delivered.js';
import { relayLimits } from '../src/relay/protocol.js';
import { localWindows } from '../src/relay/quota-windows.js';
import { RelayStore } from '../src/relay/store.js';
import { RelaySubscriptions, SUBSCRIBERS_CACHE_MS } from '../src/relay/subscriptions.js';
import { relayQuotaRepository } from '../src/storage/relay-quota.js';

const topic = 'ab'.repeat(32);

describe('cached subscribers', () => {
  it('are given without a promise once read, without the expired, and not once stale or changed here', async () => {
    let now = 1_000_000;
    const storage = sqliteStorage(openDatabase(undefined));
    const limits = relayLimits();
    const subs = new RelaySubscriptions(storage, limits, () => now);
    await subs.add('client-a', '127.0.0.1', [topic]);
    expect(subs.cachedSubscribers(topic)).toBeUndefined();
    expect(await subs.subscribers(topic, true)).toEqual(['client-a']);
    expect(subs.cachedSubscribers(topic)).toEqual(['client-a']);
    now = 1_000_000 + SUBSCRIBERS_CACHE_MS;
    expect(subs.cachedSubscribers(topic)).toBeUndefined();
    // Read again a second before the subscription expires: a second later the cache leaves it out.
    now = 1_000_000 + limits.maxTtl * 1000 - 1000;
    expect(await subs.subscribers(topic, true)).toEqual(['client-a']);
    now += 1000;
    expect(subs.cachedSubscribers(topic)).toEqual([]);
    now = 2_000_000;
    await subs.subscribers(topic, true);
    await subs.add('client-b', '127.0.0.1', [topic]);
    expect(subs.cachedSubscribers(topic)).toBeUndefined();
    expect((await subs.subscribers(topic, true)).sort()).toEqual(['client-a', 'client-b']);
    storage.sqlite!.close();
  });
});

describe('the push JSON', () => {
  // What JSON.stringify escapes or not: quotes, backslashes, controls, DEL, U+2028, non-ASCII, pairs and lone surrogates.
  const strings = [
    '',
    'plain base64+/=',
    'a"quote',
    'back\\slash',
    'tab\tnewline\n',
    '\u0000\u001f\u007f',
    '\u2028\u2029',
    'é漢字',
    '🙂',
    '\ud83d',
    'x\udc00y',
    'x'.repeat(1024),
  ];

  it('writes a string as JSON.stringify does, without it when nothing needs escaping', () => {
    for (const s of strings) expect(jsonString(s)).toBe(JSON.stringify(s));
  });

  it('writes a message exactly as JSON.stringify(delivered(m)) does, with or without an attestation', () => {
    for (const s of strings) {
      for (const attestation of [null, s || 'eyJ0']) {
        const m = { id: 1, topic: s, message: s, tag: 1108, attestation, senderClientId: 'a', publishedAt: 1764451200123, expiresAt: 0 };
        expect(deliveredJson({ ...m })).toBe(JSON.stringify(delivered(m)));
      }
    }
    const odd = { id: 1, topic, message: 'm', tag: Number.NaN, attestation: null, senderClientId: 'a', publishedAt: -0, expiresAt: 0 };
    expect(deliveredJson({ ...odd })).toBe(JSON.stringify(delivered(odd)));
  });
});

describe('a stored message', () => {
  it('keeps its push JSON once made, so a second push serialises nothing again', async () => {
    const storage = sqliteStorage(openDatabase(undefined));
    const store = new RelayStore(storage);
    const m = await store.addMessage({ topic, message: 'hello', ttl: 300, tag: 1108, senderClientId: 'client-a' });
    expect(m.json).toBeUndefined();
    const json = deliveredJson(m);
    expect(JSON.parse(json)).toEqual({ topic, message: 'hello', publishedAt: m.publishedAt, tag: 1108 });
    expect(m.json).toBe(json);
    m.message = 'changed';
    expect(deliveredJson(m)).toBe(json);
    storage.sqlite!.close();
  });
});

describe('SocketFlow', () => {
  it('hands every frame of a socket the same write callback (none made per frame)', () => {
    const callbacks: unknown[] = [];
    const ws: FlowSocket = {
      bufferedAmount: 0,
      send: (_data, cb) => callbacks.push(cb),
      close: () => undefined,
    };
    const flow = new SocketFlow(ws, { highWater: 1024, stallMs: 1000, onDrain: () => undefined, onStall: () => undefined });
    flow.send('a');
    flow.send('b');
    flow.send('c');
    expect(callbacks).toHaveLength(3);
    expect(typeof callbacks[0]).toBe('function');
    expect(new Set(callbacks).size).toBe(1);
  });
});

describe('local quota windows', () => {
  it('judge the windows as held and count nothing when the verdict refuses', async () => {
    const storage = sqliteStorage(openDatabase(undefined));
    const windows = localWindows(relayQuotaRepository(storage, 3_600_000), 3_600_000, 100);
    const seen: number[][] = [];
    const counts = [['messages', 'ip', 2] as const, ['bytes', 'ip', 10] as const];
    await windows.take(counts, 1000, (before) => void seen.push(before.map((w) => w.count)));
    await windows.take(counts, 1001, (before) => void seen.push(before.map((w) => w.count)));
    await expect(
      windows.take(counts, 1002, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await windows.take(counts, 1003, (before) => void seen.push(before.map((w) => w.count)));
    expect(seen).toEqual([
      [0, 0],
      [2, 10],
      [4, 20],
    ]);
    await windows.flush();
    storage.sqlite!.close();
  });
});
