/**
 * What keeps the relay from filling the disk, over real sockets, real relay-auth JWTs and
 * its storage (SQLite; Postgres in the engines' run): per-IP and global quotas in UTF-8 bytes (two loopback addresses, 127.0.0.1 and
 * 127.0.0.2, are two IPs), the storage cap, TTLs shortened on topics nobody else subscribes
 * to, the JWT's audience and lifetime, and the tag range.
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import { describe, expect, it } from 'vitest';
import { RPC_ERRORS, type RelayLimits } from '../src/index.js';
import { sleep, upgradeStatus } from './helpers.js';
import { useRelayFixture } from './relay-fixture.js';
import { errorCode, nowSeconds, Peer, signAuth, topic } from './relay-peer.js';
import { JWT_EXPIRED_CLOSE } from '../src/relay/transport.js';

const MONTH = 30 * 24 * 3600;
const OTHER_IP = '127.0.0.2';

const fx = useRelayFixture('w3kit-relay-');

const start = fx.start;

const open = fx.open;

const publish = (peer: Peer, t: string, message: string, extra: Record<string, unknown> = {}) =>
  peer.result('irn_publish', { topic: t, message, ttl: 300, tag: 1108, ...extra });

/** The stored messages in mailbox order, each with the TTL it was stored with (whole seconds). */
const stored = async () =>
  (await fx.contents.messages()).map((m) => ({
    topic: m.topic,
    message: m.message,
    tag: m.tag,
    ttl: Math.trunc((m.expiresAt - m.publishedAt) / 1000),
  }));

describe('quotas', () => {
  it('refuses a publisher past its per-IP quota, whatever keys it uses, while another IP keeps working', async () => {
    const limits: Partial<RelayLimits> = { ipBytesPerHour: 1024 * 1024, globalBytesPerHour: 10 * 1024 * 1024 };
    await start({ limits });
    const t = topic('quota');
    const listener = await open();
    await listener.result('irn_subscribe', { topic: t });

    // Fresh keys from one IP, 256 KB each: the fourth message fills the megabyte of the hour.
    const chunk = 'x'.repeat(256 * 1024 - 64);
    const attackers = await Promise.all(Array.from({ length: 5 }, () => open({ localAddress: OTHER_IP })));
    for (const a of attackers.slice(0, 4)) expect(await publish(a, t, chunk)).toBe(true);
    for (const a of attackers) {
      const reply = await a.call('irn_publish', { topic: t, message: chunk, ttl: 300 });
      expect(reply.error).toEqual({
        code: RPC_ERRORS.rateLimited,
        message: expect.stringMatching(/^Quota exceeded: at most 1048576 bytes per hour from one IP; retry in \d+ s$/),
      });
    }
    // A fresh connection from that IP fares no better.
    expect(await errorCode(publish(await open({ localAddress: OTHER_IP }), t, 'small'))).toBe(RPC_ERRORS.rateLimited);

    // Another IP publishes and is delivered to as before.
    const honest = await open();
    expect(await publish(honest, t, 'still working')).toBe(true);
    const messages = (await listener.waitForPushes(5)).map((p) => p.params.data.message);
    expect(messages).toHaveLength(5);
    expect(messages[4]).toBe('still working');
  });

  it('behind one trusted proxy counts the address the proxy appended, never one a client wrote further left', async () => {
    // Every peer connects through the same "proxy" (loopback); X-Forwarded-For names the client.
    await start({ limits: { ipBytesPerHour: 1024 * 1024 }, trustProxy: 1 });
    const t = topic('proxied');
    const chunk = 'x'.repeat(256 * 1024 - 64);
    const via = (client: string, spoofed?: string) => open({ headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client } });
    for (let i = 0; i < 4; i++) expect(await publish(await via('203.0.113.7', `198.51.100.${i}`), t, chunk)).toBe(true);
    // The client behind the proxy is over its quota whatever it writes at the left...
    expect(await errorCode(publish(await via('203.0.113.7', '198.51.100.99'), t, 'small'))).toBe(RPC_ERRORS.rateLimited);
    // ...while another client behind the same proxy keeps publishing.
    expect(await publish(await via('203.0.113.8'), t, 'other client')).toBe(true);
  });

  it('without a trusted proxy ignores X-Forwarded-For and counts the socket address', async () => {
    await start({ limits: { ipBytesPerHour: 1024 * 1024 } });
    const t = topic('direct');
    const chunk = 'x'.repeat(256 * 1024 - 64);
    for (let i = 0; i < 4; i++)
      expect(await publish(await open({ headers: { 'x-forwarded-for': `203.0.113.${i}` } }), t, chunk)).toBe(true);
    expect(await errorCode(publish(await open({ headers: { 'x-forwarded-for': '203.0.113.200' } }), t, 'small'))).toBe(
      RPC_ERRORS.rateLimited,
    );
  });

  it('counts sizes and quotas in UTF-8 bytes: a 3-byte character counts 3', async () => {
    await start({ limits: { ipBytesPerHour: 10_000 } });
    const t = topic('bytes'); // 64 bytes
    const a = await open();
    // 256 KB in characters but 768 KB in bytes: too large.
    expect(await errorCode(publish(a, t, '€'.repeat(256 * 1024)))).toBe(RPC_ERRORS.messageTooLarge);
    const reply = await a.call('irn_publish', { topic: t, message: '€'.repeat(87_382), ttl: 300 });
    expect(reply.error).toEqual({ code: RPC_ERRORS.messageTooLarge, message: "'params.message' is larger than 262144 bytes (UTF-8)" });

    expect(await publish(a, t, '€'.repeat(3000))).toBe(true); // 9064 bytes of the 10000
    expect(await errorCode(publish(a, t, 'x'.repeat(1000)))).toBe(RPC_ERRORS.rateLimited); // 1064 more
    expect(await publish(a, t, 'x'.repeat(872))).toBe(true); // exactly 10000
    expect(await publish(await open({ localAddress: OTHER_IP }), t, '€'.repeat(3000))).toBe(true);
  });

  it('past the global quota refuses the heavy IPs and still takes a little from the others', async () => {
    await start({ limits: { ipMessagesPerHour: 20, globalMessagesPerHour: 20 } });
    const t = topic('global');
    const [a, b] = await Promise.all([open(), open({ localAddress: OTHER_IP })]);
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ topic: t, message: `a${i}`, ttl: 300 }));
    await a.result('irn_batchPublish', { messages: batch(20) });
    expect(await errorCode(publish(a, t, 'a21'))).toBe(RPC_ERRORS.rateLimited);
    // A tenth of the per-IP quota is left to every other address.
    expect(await publish(b, t, 'b1')).toBe(true);
    expect(await publish(b, t, 'b2')).toBe(true);
    const reply = await b.call('irn_publish', { topic: t, message: 'b3', ttl: 300 });
    expect(reply.error).toEqual({
      code: RPC_ERRORS.rateLimited,
      message: expect.stringMatching(
        /^Quota exceeded: the relay has taken its 20 messages per hour from all clients, and past that at most 2 per hour from one IP; retry in \d+ s$/,
      ),
    });
  });

  it('refuses publishes past the storage cap once nothing unfetched is left to evict, and takes them again once messages expire', async () => {
    await start({ limits: { maxStoredBytes: 100_000 } });
    const t = topic('full');
    const listener = await open();
    await listener.result('irn_subscribe', { topic: t });
    const a = await open();
    for (let i = 0; i < 3; i++) expect(await publish(a, t, 'x'.repeat(30_000), { ttl: 1 })).toBe(true);
    // Delivered, so not evicted.
    await listener.waitForPushes(3);
    const delivered = () => fx.contents.deliveries();
    for (let i = 0; i < 100 && (await delivered()) < 3; i++) await sleep(10);
    const reply = await a.call('irn_publish', { topic: t, message: 'x'.repeat(30_000), ttl: 300 });
    expect(reply.error).toEqual({
      code: RPC_ERRORS.storageFull,
      message: "The relay's storage is full: it keeps at most 100000 bytes of messages; retry once some expire",
    });
    // Other IPs meet the same cap.
    expect(await errorCode(publish(await open({ localAddress: OTHER_IP }), t, 'x'.repeat(30_000)))).toBe(RPC_ERRORS.storageFull);
    await sleep(1100);
    expect(await publish(a, t, 'x'.repeat(30_000))).toBe(true);
    expect(await stored()).toHaveLength(1);
  });
});

describe('TTL', () => {
  it('keeps messages on a topic no other client id subscribes to for at most unsubscribedTtl, never refusing a TTL', async () => {
    await start({ limits: { unsubscribedTtl: 600 } });
    const [a, b] = await Promise.all([open(), open()]);
    const [lonely, own, shared] = ['lonely', 'own', 'shared'].map(topic) as [string, string, string];
    await a.result('irn_subscribe', { topic: own });
    await b.result('irn_subscribe', { topic: shared });
    expect(await publish(a, lonely, 'm1', { ttl: MONTH })).toBe(true);
    expect(await publish(a, own, 'm2', { ttl: MONTH })).toBe(true);
    expect(await publish(a, shared, 'm3', { ttl: MONTH })).toBe(true);
    expect(await publish(a, shared, 'm4', { ttl: 1e300 })).toBe(true);
    expect(await publish(a, lonely, 'm5', { ttl: 30 })).toBe(true);
    expect((await stored()).map((m) => [m.message, m.ttl])).toEqual([
      ['m1', 600],
      ['m2', 600],
      ['m3', MONTH],
      ['m4', MONTH],
      ['m5', 30],
    ]);
    for (const ttl of [0, -5, 1.5, '300', null]) expect(await errorCode(publish(a, lonely, 'bad', { ttl }))).toBe(RPC_ERRORS.invalidParams);
  });

  it('refuses an unsubscribedTtl below 300 s and a JWT lifetime cap below one day', async () => {
    await expect(start({ limits: { unsubscribedTtl: 299 } })).rejects.toThrow(/unsubscribedTtl must be an integer of at least 300/);
    await expect(start({ limits: { maxJwtLifetime: 86_399 } })).rejects.toThrow(/maxJwtLifetime must be an integer of at least 86400/);
  });
});

describe('tag', () => {
  it("takes the relay protocol's u32 tags and refuses others with invalid params", async () => {
    await start();
    const t = topic('tags');
    const a = await open();
    for (const tag of [0, 1100, 1119, 4000, 4294967295]) expect(await publish(a, t, `tag ${tag}`, { tag })).toBe(true);
    expect(await publish(a, t, 'no tag', { tag: undefined })).toBe(true);
    for (const tag of [1e300, -1, 1.5, 4294967296, '1100', Number.MAX_SAFE_INTEGER]) {
      const reply = await a.call('irn_publish', { topic: t, message: 'bad tag', ttl: 300, tag });
      expect(reply.error).toEqual({ code: RPC_ERRORS.invalidParams, message: "'params.tag' must be an integer from 0 to 4294967295" });
    }
    const batch = await a.call('irn_batchPublish', {
      messages: [
        { topic: t, message: 'ok', ttl: 300, tag: 1 },
        { topic: t, message: 'big', ttl: 300, tag: 1e300 },
      ],
    });
    expect(batch.error).toMatchObject({ code: RPC_ERRORS.invalidParams, message: expect.stringContaining('params.messages[1].tag') });
    expect((await stored()).map((m) => m.tag)).toEqual([0, 1100, 1119, 4000, 4294967295, 0]);
  });
});

describe('JWT audience and lifetime', () => {
  const upgrade = async (url: string, aud: string, ttl = 86_400, iat = nowSeconds()) =>
    upgradeStatus(`${url}/?auth=${await signAuth(aud, generateKeyPair(), ttl, iat)}&projectId=p`);

  it('accepts its own URL with or without a trailing slash, its localhost form and the public URL, and refuses others', async () => {
    const { url, port } = await start({ publicUrl: 'https://relay.example.com/ws' });
    expect(url).toBe(`ws://127.0.0.1:${port}`);
    for (const aud of [
      url,
      `${url}/`,
      `ws://localhost:${port}`,
      `ws://LOCALHOST:${port}/`,
      'wss://relay.example.com/ws',
      'wss://relay.example.com:443/ws/',
    ]) {
      expect(await upgrade(url, aud), aud).toBe(101);
    }
    for (const aud of [
      'wss://relay.walletconnect.org',
      `ws://127.0.0.1:${port + 1}`,
      `wss://127.0.0.1:${port}`,
      `ws://127.0.0.1:${port}/other`,
      `ws://127.0.0.1:${port}/?projectId=p`,
      'wss://relay.example.com',
      'ws://relay.example.com/ws',
      '',
    ]) {
      expect(await upgrade(url, aud), aud).toBe(401);
    }
  });

  it('closes a socket when its JWT expires (1008), so no socket outlives its JWT', async () => {
    await start();
    const peer = await open({ ttl: 2 });
    expect(await peer.result('irn_subscribe', { topic: topic('expiring') })).toMatch(/^[0-9a-f]{64}$/);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      peer.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({ code: JWT_EXPIRED_CLOSE, reason: 'The JWT has expired' });
  });

  it('accepts a JWT that lives one day, as sign-client signs it, and refuses longer-lived ones', async () => {
    const { url } = await start();
    expect(await upgrade(url, url, 86_400)).toBe(101);
    expect(await upgrade(url, url, 86_400, nowSeconds() - 3600)).toBe(101);
    expect(await upgrade(url, url, 86_401)).toBe(401);
    expect(await upgrade(url, url, 365 * 86_400)).toBe(401);
    // A lifetime within the cap that starts in the future still ends too late.
    expect(await upgrade(url, url, 86_400, nowSeconds() + 3600)).toBe(401);
    await fx.relay!.close();

    const week = await start({ limits: { maxJwtLifetime: 7 * 86_400 } });
    expect(await upgrade(week.url, week.url, 7 * 86_400)).toBe(101);
    expect(await upgrade(week.url, week.url, 8 * 86_400)).toBe(401);
  });
});
