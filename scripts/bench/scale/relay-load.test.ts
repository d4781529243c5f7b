/** The scale bench's relay load against the real relay (in process, on a free port): pairs deliver to each other. */
import { describe, expect, it } from 'vitest';
import { openDatabase, startRelay } from '../../../server/src/index.js';
import {
  ackFrame,
  benchMessage,
  closeAll,
  HEAD_BYTES,
  openPairs,
  publishPayload,
  readPush,
  runRelayLoad,
  stampPublish,
} from './relay-load.mjs';
import { maskedFrame, readFrames } from './raw-websocket.mjs';

/** A client frame's payload, unmasked (RFC 6455 5.3), as the relay reads it. */
function unmasked(frame: Buffer): { opcode: number; text: string } {
  const n = frame[1]! & 0x7f;
  const at = n === 126 ? 4 : n === 127 ? 10 : 2;
  expect(frame[1]! & 0x80).toBe(0x80);
  const mask = frame.subarray(at, at + 4);
  const payload = Buffer.from(frame.subarray(at + 4).map((b, i) => b ^ mask[i & 3]!));
  return { opcode: frame[0]! & 0x0f, text: payload.toString() };
}

describe('relay load', () => {
  it('delivers each pair’s messages to the other side, acknowledged, with latencies and no errors', async () => {
    const db = openDatabase(undefined);
    const relay = await startRelay({ port: 0, db });
    try {
      const clients = await openPairs(relay.url, 2);
      expect(clients).toHaveLength(4);
      expect(clients[0]!.peer).toBe(clients[1]);
      try {
        const result = await runRelayLoad(clients, { seconds: 1, window: 2, perClient: 20 });
        expect(result.errors).toEqual({ count: 0, first: undefined });
        // 4 clients at 20/s for the measured second: about 80, paced.
        expect(result.delivered).toBeGreaterThan(40);
        expect(result.delivered).toBeLessThanOrEqual(4 * 22);
        expect(result.latencies).toHaveLength(result.delivered);
        expect(Math.min(...result.latencies)).toBeGreaterThanOrEqual(0);
        expect(clients.every((c) => c.inFlight === 0)).toBe(true);
        // What a client sends in one tick leaves in one write, when the tick ends.
        const { send } = await import('./relay-load.mjs');
        const c = clients[0]!;
        const writes: number[] = [];
        const write = c.tcp.write.bind(c.tcp);
        c.tcp.write = (b: Buffer) => (writes.push(b.length), write(b));
        send(c, '{"id":1,"jsonrpc":"2.0","result":true}');
        send(c, '{"id":2,"jsonrpc":"2.0","result":true}');
        expect(writes).toEqual([]);
        await new Promise((r) => process.nextTick(r));
        expect(writes).toEqual([2 * (6 + 38)]);
        // The relay stored what was sent, as JSON-RPC publishes: 1 KB messages carrying their send time.
        const stored = await relay.close().then(() => db.prepare('SELECT message, tag FROM relay_messages ORDER BY id DESC LIMIT 1').get());
        expect(stored).toMatchObject({ tag: 1108 });
        expect((stored as { message: string }).message).toMatch(/^\d{9}\.\d{3}:x+$/);
        expect((stored as { message: string }).message).toHaveLength(1024);
      } finally {
        closeAll(clients);
      }
    } finally {
      await relay.close();
      db.close();
    }
  });
});

describe('the generator’s sockets', () => {
  it('answer the relay’s pings, so a long load is not terminated', async () => {
    const db = openDatabase(undefined);
    const relay = await startRelay({ port: 0, db, pingIntervalMs: 100 });
    try {
      const clients = await openPairs(relay.url, 1);
      try {
        // The relay terminates a socket that has not answered the previous ping (two intervals).
        await new Promise((r) => setTimeout(r, 600));
        expect(clients.map((c) => c.ws.closed)).toEqual([false, false]);
        expect(clients.every((c) => !c.tcp.destroyed)).toBe(true);
      } finally {
        closeAll(clients);
      }
    } finally {
      await relay.close();
      db.close();
    }
  });
});

describe('the generator’s frames', () => {
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);

  it('rewrites a publish in place into the JSON-RPC irn_publish a client sends, masked', () => {
    const topic = 'cd'.repeat(32);
    const { payload, stampAt, idAt } = publishPayload(topic);
    const slot = { ...maskedFrame(0x1, payload, mask), stampAt, idAt };
    stampPublish(slot, 123456.789, 1_000_000_042, mask);
    const { opcode, text } = unmasked(slot.frame);
    expect(opcode).toBe(1);
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      method: 'irn_publish',
      params: { topic, message: benchMessage(123456.789), ttl: 300, tag: 1108 },
      id: 1_000_000_042,
    });
    stampPublish(slot, 7.0004, 9_999_999_999, mask);
    expect(JSON.parse(unmasked(slot.frame).text)).toMatchObject({ params: { message: benchMessage(7) }, id: 9_999_999_999 });
  });

  it('reads a push’s id and send time from its first HEAD_BYTES, and answers it with the id copied', () => {
    // A push as the relay writes it, with the longest ids it uses.
    const push = Buffer.from(
      `{"id":${Number.MAX_SAFE_INTEGER},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"${'ab'.repeat(32)}","data":` +
        JSON.stringify({ topic: 'cd'.repeat(32), message: benchMessage(123456789.125), publishedAt: 1, tag: 1108 }) +
        '}}',
    );
    expect(push.length).toBeGreaterThan(HEAD_BYTES);
    const head = push.subarray(0, HEAD_BYTES);
    const read = readPush(head, HEAD_BYTES)!;
    expect(read.sentAt).toBe(123456789.125);
    expect(head.toString('latin1', read.idStart, read.idEnd)).toBe(String(Number.MAX_SAFE_INTEGER));
    expect(JSON.parse(unmasked(ackFrame(head, read.idStart, read.idEnd, mask)).text)).toEqual({
      id: Number.MAX_SAFE_INTEGER,
      jsonrpc: '2.0',
      result: true,
    });
    const reply = Buffer.from('{"id":3,"jsonrpc":"2.0","result":true}');
    expect(readPush(reply, reply.length)).toBeUndefined();
    const error = Buffer.from('{"id":3,"jsonrpc":"2.0","error":{"code":-32029,"message":"irn_subscription refused"}}');
    expect(readPush(error, error.length)).toBeUndefined();
  });

  it('reads frames split anywhere, keeping each one’s first HEAD_BYTES', () => {
    const frames: string[] = [];
    const reader = {
      head: Buffer.alloc(HEAD_BYTES),
      inFrame: false,
      onFrame: (op: number, head: Buffer, headLength: number, length: number) =>
        frames.push(`${op}:${length}:${head.toString('latin1', 0, headLength)}`),
    };
    const frame = (op: number, payload: string) => {
      const p = Buffer.from(payload);
      const h = p.length < 126 ? Buffer.from([0x80 | op, p.length]) : Buffer.from([0x80 | op, 126, p.length >> 8, p.length & 255]);
      return Buffer.concat([h, p]);
    };
    const long = 'y'.repeat(1000);
    const bytes = Buffer.concat([frame(1, 'short'), frame(9, ''), frame(1, long)]);
    for (let i = 0; i < bytes.length; i += 3) readFrames(reader, bytes.subarray(i, i + 3));
    expect(frames).toEqual(['1:5:short', '9:0:', `1:1000:${long.slice(0, HEAD_BYTES)}`]);
  });
});
