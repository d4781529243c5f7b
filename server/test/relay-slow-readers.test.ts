/**
 * Slow readers cannot run the relay out of memory (issue 29, item 2), over real sockets: a
 * client whose TCP socket is paused subscribes to a topic holding tens of megabytes; the
 * relay's buffer for it stays under its bound and it is closed (1013) once it stalls, while
 * a reader that pauses for a moment and a normal reader get every message, in order.
 */
import type { Socket } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { SLOW_READER_CLOSE } from '../src/relay/backpressure.js';
import { sleep } from './helpers.js';
import { useRelayFixture } from './relay-fixture.js';
import { Peer, topic } from './relay-peer.js';

const MESSAGES = 120;
const SIZE = 250 * 1024;
const BUFFER = 1024 * 1024;

const fx = useRelayFixture('w3kit-relay-slow-');
let logged: Record<string, unknown>[];
beforeEach(() => {
  logged = [];
});

const open = () => fx.open();

const tcp = (peer: Peer) => (peer.ws as unknown as { _socket: Socket })._socket;
const body = (i: number) => `${String(i).padStart(4, '0')}:`.padEnd(SIZE, 'x');
const events = (event: string, clientId: string) => logged.filter((e) => e.event === event && e.clientId === clientId);

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(20);
}

describe('slow readers', () => {
  it('bounds what a paused reader buffers and closes it once it stalls; readers that read get everything in order', async () => {
    await fx.start({
      log: (e) => logged.push(e),
      limits: {
        socketBufferBytes: BUFFER,
        socketStallTimeout: 2,
        ipBytesPerHour: 64 * 1024 * 1024,
        maxPublishesPerSecond: 1000,
        maxUnacknowledgedPushes: 20,
      },
    });
    const t = topic('slow readers');
    const publisher = await open();
    // 120 messages of 250 KiB (30 MB) wait on the topic, published in batches under the frame limit.
    for (let i = 0; i < MESSAGES; i += 12) {
      const messages = Array.from({ length: 12 }, (_, k) => ({ topic: t, message: body(i + k), ttl: 300, tag: 1108 }));
      expect(await publisher.result('irn_batchPublish', { messages })).toBe(true);
    }

    // A reader that never reads again once it has sent its subscribe.
    const paused = await open();
    paused.ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: t } }));
    tcp(paused).pause();
    // A reader that stops reading for a second, and one that keeps reading.
    const hesitant = await open();
    await hesitant.result('irn_subscribe', { topic: t });
    tcp(hesitant).pause();
    const reader = await open();
    await reader.result('irn_subscribe', { topic: t });
    await sleep(1000);
    tcp(hesitant).resume();

    const all = Array.from({ length: MESSAGES }, (_, i) => body(i));
    const received = (p: Peer) => p.pushes.map((push) => push.params.data.message);
    await waitFor(() => reader.pushes.length >= MESSAGES && hesitant.pushes.length >= MESSAGES, 15_000);
    expect(received(reader)).toEqual(all);
    expect(received(hesitant)).toEqual(all);

    // The paused reader is closed within the stall timeout (and a moment to terminate it).
    await waitFor(() => events('relay_disconnect', paused.clientId).length > 0, 6000);
    const [stall] = events('relay_slow_reader', paused.clientId);
    expect(stall).toMatchObject({ code: SLOW_READER_CLOSE, reason: 'The socket did not read what it was sent for 2 s' });
    const [gone] = events('relay_disconnect', paused.clientId) as { peakBufferedBytes: number }[];
    // At most the bound plus one push (the message and its JSON-RPC envelope).
    expect(gone!.peakBufferedBytes).toBeGreaterThan(0);
    expect(gone!.peakBufferedBytes).toBeLessThan(BUFFER + SIZE + 1024);
    expect(events('relay_slow_reader', hesitant.clientId)).toEqual([]);
    expect(events('relay_slow_reader', reader.clientId)).toEqual([]);
    expect(hesitant.ws.readyState).toBe(hesitant.ws.OPEN);
    // The hesitant reader did reach the bound while paused, and was resumed.
    await hesitant.close();
    await waitFor(() => events('relay_disconnect', hesitant.clientId).length > 0, 3000);
    const [left] = events('relay_disconnect', hesitant.clientId) as { peakBufferedBytes: number }[];
    expect(left!.peakBufferedBytes).toBeGreaterThanOrEqual(BUFFER);
    expect(left!.peakBufferedBytes).toBeLessThan(BUFFER + SIZE + 1024);
  });
});
