/**
 * A stop never waits on the clients: a request whose body never arrives (a stalled browser, a
 * slow attacker) holds neither the Provider API nor the frame site open past the grace period.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS } from '../src/http/close.js';
import { startServer } from '../src/index.js';

const sockets: Socket[] = [];
afterEach(() => sockets.splice(0).forEach((s) => s.destroy()));

/** Opens a connection and starts a POST whose body never finishes: the request stays in flight. */
async function stalledRequest(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  socket.write(
    `POST /v1/analytics HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
  );
  // Let the server read the headers, so the request is in flight when the stop begins.
  await new Promise((r) => setTimeout(r, 200));
  return socket;
}

describe('stopping the server', () => {
  it('ends within the grace period while requests to the API and the frame site are in flight', async () => {
    const server = await startServer({ port: 0, relayPort: false, framePort: 0 });
    const closedByServer = [await stalledRequest(server.url), await stalledRequest(server.frameUrl!)].map(
      (s) => new Promise<void>((resolve) => s.once('close', () => resolve())),
    );
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(CLOSE_GRACE_MS + 5000);
    await Promise.all(closedByServer);
  }, 30_000);
});
