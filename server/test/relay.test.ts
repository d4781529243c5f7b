/**
 * The relay over raw WebSockets with hand-made relay-auth JWTs: authentication, delivery once
 * per client id and never to the sender, TTL, fetchMessages, limits, garbage frames, keep-alive
 * and delivery to a subscriber that was offline, also across a relay restart.
 */
import { decodeJWT, encodeIss, encodeJWT, generateKeyPair, type Keypair } from '@walletconnect/relay-auth';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, RPC_ERRORS, startRelay, type Database, type RunningRelay, type StartRelayOptions } from '../src/index.js';
import { sleep, tempDir, upgradeStatus } from './helpers.js';
import { errorCode, nowSeconds, Peer, signAuth, subId, topic, type PeerOptions } from './relay-peer.js';

let dir: string;
let remove: () => void;
let db: Database;
let relay: RunningRelay;
let peers: Peer[];

async function restartRelay(options: Partial<StartRelayOptions> = {}): Promise<void> {
  const port = relay.port;
  await relay.close();
  db.close();
  db = openDatabase(dir);
  relay = await startRelay({ port, db, ...options });
}

beforeEach(async () => {
  ({ dir, remove } = tempDir('w3kit-relay-'));
  db = openDatabase(dir);
  relay = await startRelay({ port: 0, db });
  peers = [];
});

afterEach(async () => {
  peers.forEach((p) => p.ws.terminate());
  await relay.close();
  db.close();
  remove();
});

const jwt = (keys: Keypair, ttl = 3600, iat = nowSeconds()) => signAuth(relay.url, keys, ttl, iat);
/** Connects a Peer to the relay, closed after the test. */
async function open(keys?: Keypair, options?: PeerOptions): Promise<Peer> {
  const peer = await Peer.open(relay.url, keys, options);
  peers.push(peer);
  return peer;
}

/** The HTTP status the relay answered an upgrade with (101 when it opened). */
const relayUpgrade = (query: string) => upgradeStatus(`${relay.url}/${query}`);

describe('authentication', () => {
  it('accepts a valid relay-auth JWT and refuses a missing, malformed, wrongly signed or expired one with 401', async () => {
    const keys = generateKeyPair();
    expect(await relayUpgrade(`?auth=${await jwt(keys)}&projectId=anything`)).toBe(101);
    expect(await relayUpgrade(`?auth=${await jwt(keys)}`)).toBe(101);
    expect(await relayUpgrade('?projectId=p')).toBe(401);
    expect(await relayUpgrade('?auth=not.a.jwt&projectId=p')).toBe(401);
    expect(await relayUpgrade('?auth=garbage&projectId=p')).toBe(401);

    // Signed by one key, claiming another issuer.
    const decoded = decodeJWT(await jwt(keys));
    const forged = encodeJWT({ ...decoded, payload: { ...decoded.payload, iss: encodeIss(generateKeyPair().publicKey) } });
    expect(await relayUpgrade(`?auth=${forged}&projectId=p`)).toBe(401);
    // A changed payload under the original signature.
    const stretched = encodeJWT({ ...decoded, payload: { ...decoded.payload, exp: decoded.payload.exp + 100_000 } });
    expect(await relayUpgrade(`?auth=${stretched}&projectId=p`)).toBe(401);

    const expired = await jwt(keys, 60, nowSeconds() - 3600);
    expect(await relayUpgrade(`?auth=${expired}&projectId=p`)).toBe(401);

    const health = await fetch(relay.url.replace('ws:', 'http:') + '/health');
    expect(await health.json()).toEqual({ ok: true });
  });
});

describe('publish and subscribe', () => {
  it('delivers once per client id, never to the sender, with the sha256(topic + clientId) subscription id', async () => {
    const t = topic('delivery');
    const [a, b, c] = await Promise.all([open(), open(), open()]);
    for (const p of [a, b, c]) expect(await p.result('irn_subscribe', { topic: t })).toBe(subId(t, p.clientId));

    expect(await a.result('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108, prompt: false })).toBe(true);
    for (const p of [b, c]) {
      const [push] = await p.waitForPushes(1);
      expect(push!.params).toMatchObject({ id: subId(t, p.clientId), data: { topic: t, message: 'hello', tag: 1108 } });
      expect(Math.abs(push!.params.data.publishedAt - Date.now())).toBeLessThan(5000);
    }
    await sleep(200);
    expect(a.pushes).toHaveLength(0);
    expect(b.pushes).toHaveLength(1);
    expect(c.pushes).toHaveLength(1);

    // A second socket of b's client id (a reconnect) does not get it again; the sender never does.
    const b2 = await open(b.keys);
    await b2.result('irn_batchSubscribe', { topics: [t] });
    expect(await b2.result('irn_fetchMessages', { topic: t })).toEqual({ messages: [], hasMore: false });
    expect(await a.result('irn_fetchMessages', { topic: t })).toEqual({ messages: [], hasMore: false });
    await sleep(200);
    expect(b2.pushes).toHaveLength(0);
    expect(a.pushes).toHaveLength(0);

    // After unsubscribing nothing more arrives.
    await c.result('irn_unsubscribe', { topic: t, id: subId(t, c.clientId) });
    await a.result('irn_batchPublish', { messages: [{ topic: t, message: 'second', ttl: 300, tag: 0 }] });
    expect((await b2.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['second']);
    await sleep(200);
    expect(c.pushes).toHaveLength(1);
  });

  it('gives a later subscriber the stored messages, and fetchMessages the pending ones', async () => {
    const t = topic('later');
    const u = topic('other');
    const a = await open();
    await a.result('irn_batchPublish', {
      messages: [
        { topic: t, message: 'm1', ttl: 300, tag: 1 },
        { topic: t, message: 'm2', ttl: 300, tag: 2 },
        { topic: u, message: 'm3', ttl: 300, tag: 3 },
      ],
    });
    const b = await open();
    expect(await b.result('irn_batchSubscribe', { topics: [t] })).toEqual([subId(t, b.clientId)]);
    expect((await b.waitForPushes(2)).map((p) => p.params.data.message)).toEqual(['m1', 'm2']);

    const c = await open();
    const fetched = await c.result<{ messages: { topic: string; message: string; tag: number }[]; hasMore: boolean }>(
      'irn_batchFetchMessages',
      { topics: [t, u] },
    );
    expect(fetched.hasMore).toBe(false);
    expect(fetched.messages.map((m) => [m.topic, m.message, m.tag])).toEqual([
      [t, 'm1', 1],
      [t, 'm2', 2],
      [u, 'm3', 3],
    ]);
    // Fetched counts as delivered.
    expect(await c.result('irn_fetchMessages', { topic: t })).toEqual({ messages: [], hasMore: false });
    await c.result('irn_subscribe', { topic: u });
    await sleep(200);
    expect(c.pushes).toHaveLength(0);
  });

  it('drops messages past their TTL and prunes them from SQLite', async () => {
    await relay.close();
    relay = await startRelay({ port: 0, db, pruneIntervalMs: 100 });
    const t = topic('ttl');
    const a = await open();
    await a.result('irn_publish', { topic: t, message: 'short', ttl: 1, tag: 0 });
    await a.result('irn_publish', { topic: t, message: 'long', ttl: 300, tag: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM relay_messages').get()).toEqual({ n: 2 });
    await sleep(1200);
    const b = await open();
    await b.result('irn_subscribe', { topic: t });
    expect((await b.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['long']);
    await sleep(200);
    expect(b.pushes).toHaveLength(1);
    expect(db.prepare('SELECT message FROM relay_messages').all()).toEqual([{ message: 'long' }]);
  });
});

describe('limits and bad input', () => {
  it('answers invalid params, oversized messages, too many subscriptions and publishes with JSON-RPC errors', async () => {
    const a = await open();
    const t = topic('limits');
    expect(await errorCode(a.result('irn_publish', { message: 'x', ttl: 300 }))).toBe(RPC_ERRORS.invalidParams);
    expect(await errorCode(a.result('irn_publish', { topic: t, message: 'x', ttl: 0 }))).toBe(RPC_ERRORS.invalidParams);
    expect(await errorCode(a.result('irn_publish', { topic: t, message: 'x', ttl: 'soon' }))).toBe(RPC_ERRORS.invalidParams);
    expect(await errorCode(a.result('irn_publish', { topic: t, message: 'x' }))).toBe(RPC_ERRORS.invalidParams);
    expect(await errorCode(a.result('irn_subscribe', {}))).toBe(RPC_ERRORS.invalidParams);
    expect(await errorCode(a.result('irn_subscribe', null))).toBe(RPC_ERRORS.invalidParams);
    expect(await errorCode(a.result('irn_batchSubscribe', { topics: [] }))).toBe(RPC_ERRORS.invalidParams);
    expect(await errorCode(a.result('irn_nope', {}))).toBe(RPC_ERRORS.methodNotFound);

    expect(await errorCode(a.result('irn_publish', { topic: t, message: 'x'.repeat(256 * 1024 + 1), ttl: 300 }))).toBe(
      RPC_ERRORS.messageTooLarge,
    );
    expect(await a.result('irn_publish', { topic: t, message: 'x'.repeat(256 * 1024), ttl: 300 })).toBe(true);

    const topics = Array.from({ length: 1000 }, (_, i) => topic(`sub-${i}`));
    await a.result('irn_batchSubscribe', { topics: topics.slice(0, 500) });
    await a.result('irn_batchSubscribe', { topics: topics.slice(500) });
    expect(await a.result('irn_subscribe', { topic: topics[0] })).toBe(subId(topics[0]!, a.clientId));
    expect(await errorCode(a.result('irn_subscribe', { topic: topic('one-too-many') }))).toBe(RPC_ERRORS.tooManySubscriptions);
    await a.result('irn_unsubscribe', { topic: topics[0], id: subId(topics[0]!, a.clientId) });
    expect(await a.result('irn_subscribe', { topic: topic('one-too-many') })).toBeTypeOf('string');

    const b = await open();
    const batch = (n: number) => ({ messages: Array.from({ length: n }, (_, i) => ({ topic: t, message: `r${i}`, ttl: 60, tag: 0 })) });
    expect(await errorCode(b.result('irn_batchPublish', batch(101)))).toBe(RPC_ERRORS.rateLimited);
    expect(await b.result('irn_batchPublish', batch(100))).toBe(true);
    expect(await errorCode(b.result('irn_publish', { topic: t, message: 'over', ttl: 60 }))).toBe(RPC_ERRORS.rateLimited);
    // Another client id has its own budget.
    expect(await a.result('irn_publish', { topic: t, message: 'fine', ttl: 60 })).toBe(true);
  });

  it('answers garbage frames with errors, closes a socket that keeps sending them, and never disturbs the others', async () => {
    const t = topic('garbage');
    const [bad, a, b] = await Promise.all([open(), open(), open()]);
    await b.result('irn_subscribe', { topic: t });

    bad.ws.send('this is not json');
    bad.ws.send(Buffer.from([0, 1, 2, 3]));
    bad.ws.send('[1, 2, 3]');
    bad.ws.send('{"id": 7}');
    bad.ws.send('{"id": 8, "method": 42}');
    bad.ws.send('null');
    await sleep(200);
    const codes = bad.frames.map((f) => (f.error as { code: number }).code);
    expect(codes).toEqual([
      RPC_ERRORS.parse,
      RPC_ERRORS.parse,
      RPC_ERRORS.invalidRequest,
      RPC_ERRORS.invalidRequest,
      RPC_ERRORS.invalidRequest,
      RPC_ERRORS.invalidRequest,
    ]);
    // The socket still works.
    expect(await bad.result('irn_publish', { topic: t, message: 'from bad', ttl: 60 })).toBe(true);

    const closed = new Promise<number>((resolve) => bad.ws.once('close', (code) => resolve(code)));
    for (let i = 0; i < 30; i++) bad.ws.send('}{');
    expect(await closed).toBe(1008);

    expect(await a.result('irn_publish', { topic: t, message: 'from a', ttl: 60 })).toBe(true);
    expect((await b.waitForPushes(2)).map((p) => p.params.data.message)).toEqual(['from bad', 'from a']);
  });

  it('pings every interval and terminates a socket that does not pong', async () => {
    await relay.close();
    relay = await startRelay({ port: 0, db, pingIntervalMs: 100 });
    const silent = await open(generateKeyPair(), { autoPong: false });
    const live = await open();
    let pings = 0;
    live.ws.on('ping', () => pings++);
    const closed = new Promise<number>((resolve) => silent.ws.once('close', (code) => resolve(code)));
    expect(await closed).toBe(1006);
    await sleep(300);
    expect(pings).toBeGreaterThanOrEqual(3);
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    expect(await live.result('irn_subscribe', { topic: topic('alive') })).toBeTypeOf('string');
  });
});

describe('offline subscribers', () => {
  it('delivers what was published while a subscriber was offline when it reconnects, also across a relay restart', async () => {
    const t = topic('offline');
    const a = await open();
    let b = await open();
    await b.result('irn_subscribe', { topic: t });
    await b.close();

    await a.result('irn_publish', { topic: t, message: 'while away', ttl: 300 });
    b = await open(b.keys);
    await b.result('irn_batchSubscribe', { topics: [t] });
    expect((await b.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['while away']);
    await b.close();

    // Published while b is offline, then the relay restarts on the same port and SQLite file.
    await a.result('irn_publish', { topic: t, message: 'before restart', ttl: 300 });
    await restartRelay();
    expect(a.ws.readyState).not.toBe(WebSocket.OPEN);
    b = await open(b.keys);
    await b.result('irn_batchSubscribe', { topics: [t] });
    expect((await b.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['before restart']);

    // A push the client never acknowledged is sent again after a restart.
    const c = await open(generateKeyPair(), { ack: false });
    await c.result('irn_subscribe', { topic: t });
    const a2 = await open(a.keys);
    await a2.result('irn_publish', { topic: t, message: 'unacknowledged', ttl: 300 });
    const all = ['while away', 'before restart', 'unacknowledged'];
    expect((await c.waitForPushes(3)).map((p) => p.params.data.message)).toEqual(all);
    await restartRelay();
    const c2 = await open(c.keys);
    await c2.result('irn_batchSubscribe', { topics: [t] });
    expect((await c2.waitForPushes(3)).map((p) => p.params.data.message)).toEqual(all);
    // b acknowledged 'before restart' and got 'unacknowledged' once.
    await sleep(200);
    expect(b.pushes.map((p) => p.params.data.message)).toEqual(['before restart', 'unacknowledged']);
  });
});
