/** The scale bench's relay load against the real relay (in process, on a free port): pairs deliver to each other. */
import { describe, expect, it } from 'vitest';
import { openDatabase, startRelay } from '../../../server/src/index.js';
import { closeAll, openPairs, runRelayLoad } from './relay-load.mjs';

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
        // What a client sends in one tick leaves in one write: its socket is corked until the tick ends.
        const { send } = await import('./relay-load.mjs');
        const c = clients[0]!;
        send(c, '{"id":1,"jsonrpc":"2.0","result":true}');
        send(c, '{"id":2,"jsonrpc":"2.0","result":true}');
        expect(c.ws._socket.writableCorked).toBe(1);
        await new Promise((r) => process.nextTick(r));
        expect(c.ws._socket.writableCorked).toBe(0);
      } finally {
        closeAll(clients);
      }
    } finally {
      await relay.close();
      db.close();
    }
  });
});

describe('readPush', () => {
  it('reads a push’s id and send time without parsing it, and leaves other frames to JSON.parse', async () => {
    const { benchMessage, readPush } = await import('./relay-load.mjs');
    const message = benchMessage(1234.5);
    const push = JSON.stringify({
      id: 1764451200000001,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: 'ab'.repeat(32), data: { topic: 'cd'.repeat(32), message, publishedAt: 1, tag: 1108 } },
    });
    expect(readPush(push)).toEqual({ id: '1764451200000001', sentAt: 1234.5 });
    expect(readPush('{"id":3,"jsonrpc":"2.0","result":true}')).toBeUndefined();
    expect(readPush('{"id":3,"jsonrpc":"2.0","error":{"code":-32029,"message":"irn_subscription refused"}}')).toBeUndefined();
    expect(message).toHaveLength(1024);
  });
});

describe('the generator’s sockets', () => {
  it('send unmasked frames (a zero mask) and read a push’s id and send time from its first HEAD_BYTES', async () => {
    const { CLIENT_OPTIONS, HEAD_BYTES, benchMessage, readPush } = await import('./relay-load.mjs');
    const mask = Buffer.from([1, 2, 3, 4]);
    CLIENT_OPTIONS.generateMask(mask);
    expect([...mask]).toEqual([0, 0, 0, 0]);
    expect(CLIENT_OPTIONS).toMatchObject({ perMessageDeflate: false, skipUTF8Validation: true });
    // A push as the relay writes it, with the longest ids it uses: its head holds all readPush needs.
    const push = Buffer.from(
      `{"id":${Number.MAX_SAFE_INTEGER},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"${'ab'.repeat(32)}","data":` +
        JSON.stringify({ topic: 'cd'.repeat(32), message: benchMessage(123456789.125), publishedAt: 1, tag: 1108 }) +
        '}}',
    );
    expect(push.length).toBeGreaterThan(HEAD_BYTES);
    expect(readPush(push.latin1Slice(0, HEAD_BYTES))).toEqual({ id: String(Number.MAX_SAFE_INTEGER), sentAt: 123456789.125 });
  });
});
