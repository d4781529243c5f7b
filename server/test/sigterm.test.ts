/**
 * SIGTERM on the real bin: it stops accepting (a new connection is refused), tells relay clients
 * to reconnect elsewhere (close code 1001), lets a request in flight finish, and exits 0 well
 * within SHUTDOWN_DEADLINE_MS. Nothing acknowledged is lost: a message the relay acknowledged
 * to its publisher is in the database, so after a restart on the same data folder a subscriber
 * gets it, and a push its receiver had not acknowledged is pushed again.
 */
import { execFileSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import { generateKeyPair } from '@walletconnect/relay-auth';
import { afterAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_DEADLINE_MS } from '../src/http/close.js';
import { databaseFile } from '../src/index.js';
import { builtBin, removeBuiltBin } from './built-bin.js';
import { runBin, sleep, tempDir, type RunningBin } from './helpers.js';
import { Peer, topic } from './relay-peer.js';

const TOKEN = 'sigterm-metrics-token-0123';
const ENV = { ...process.env, W3KIT_KEK: Buffer.alloc(32, 9).toString('base64') };
const data = tempDir('w3kit-sigterm-');
afterAll(() => {
  data.remove();
  removeBuiltBin();
});

async function startBin(): Promise<{ bin: RunningBin; relayUrl: string }> {
  const args = ['--port', '0', '--relay-port', '0', '--frame-port', '0', '--seed', '--data', data.dir, '--metrics-token', TOKEN];
  const bin = await runBin(await builtBin(), args, ENV, 60_000);
  for (let i = 0; i < 100; i++) {
    const match = /^w3kit-relay {3}(ws:\/\/127\.0\.0\.1:\d+) /m.exec(bin.stdout());
    if (match) return { bin, relayUrl: match[1]! };
    await sleep(20);
  }
  await bin.stop();
  throw new Error(`no relay URL printed: ${bin.stdout()}`);
}

/** The close code a peer's socket ends with. */
const closeCode = (peer: Peer) => new Promise<number>((resolve) => peer.ws.once('close', (code) => resolve(code)));

describe('SIGTERM on the bin', () => {
  it('stops accepting, sends relay clients away with 1001, finishes a request in flight, exits 0, and loses nothing acknowledged', async () => {
    execFileSync(
      process.execPath,
      [
        await builtBin(),
        'projects',
        'add',
        'stats',
        '--name',
        'Stats',
        '--origins',
        'http://localhost:5173',
        '--analytics',
        'on',
        '--data',
        data.dir,
      ],
      { env: ENV },
    );
    const first = await startBin();
    const metrics = await fetch(`${first.bin.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^w3kit_relay_sockets_open 0$/m);

    const publisher = await Peer.open(first.relayUrl, generateKeyPair());
    const receiverKeys = generateKeyPair();
    // The receiver takes pushes but never acknowledges them.
    const receiver = await Peer.open(first.relayUrl, receiverKeys, { ack: false });
    await receiver.result('irn_subscribe', { topic: topic('pushed') });
    expect(await publisher.result('irn_publish', { topic: topic('pushed'), message: 'pushed-once', ttl: 300, tag: 1108 })).toBe(true);
    expect((await receiver.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['pushed-once']);
    // Acknowledged to its publisher just before the signal, with nobody subscribed yet.
    expect(await publisher.result('irn_publish', { topic: topic('waiting'), message: 'waiting', ttl: 300, tag: 1108 })).toBe(true);

    // A request in flight: headers sent, the body not yet.
    const { hostname, port } = new URL(first.bin.url);
    const body = JSON.stringify({
      eventId: crypto.randomUUID(),
      url: 'http://localhost:5173/',
      domain: 'localhost',
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN' },
    });
    const inflight = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => inflight.once('connect', resolve).once('error', reject));
    let answer = '';
    inflight.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const answered = new Promise<void>((resolve) => inflight.once('close', () => resolve()).once('end', () => resolve()));
    inflight.write(
      `POST /e?projectId=stats&st=w3kit&sv=w3kit-0.1.0 HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: http://localhost:5173\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    await sleep(200);

    // A client that reads nothing more: it never answers the close, so the relay waits on it (up to 1 s).
    const stuck = await Peer.open(first.relayUrl, generateKeyPair());
    (stuck.ws as unknown as { _socket: Socket })._socket.pause();
    const closes = [closeCode(publisher), closeCode(receiver)];
    const started = Date.now();
    const exited = first.bin.stop();
    expect(await Promise.all(closes)).toEqual([1001, 1001]);
    // Not accepting: a new connection to the API and the relay is refused while the request above is still open.
    const refused = await fetch(`${first.bin.url}/health`).then(
      () => 'answered',
      (err: { cause?: { code?: string } }) => err.cause?.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    await expect(Peer.open(first.relayUrl, generateKeyPair())).rejects.toThrow(/ECONNREFUSED/);
    inflight.end(body);
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 202 /);
    expect(await exited).toBe(0);
    const stopMs = Date.now() - started;
    expect(stopMs).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    expect(first.bin.stderr()).toBe('');
    console.log(`SIGTERM to exit: ${stopMs} ms`);

    // Restarted on the same data: what was acknowledged to the publisher is delivered.
    const second = await startBin();
    try {
      const late = await Peer.open(second.relayUrl, generateKeyPair());
      await late.result('irn_subscribe', { topic: topic('waiting') });
      expect((await late.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['waiting']);
      // The receiver (same client id) resubscribes, as WalletConnect clients do on reconnecting: the push it never acknowledged comes again.
      const again = await Peer.open(second.relayUrl, receiverKeys);
      await again.result('irn_subscribe', { topic: topic('pushed') });
      expect((await again.waitForPushes(1)).map((p) => p.params.data.message)).toEqual(['pushed-once']);
      late.ws.terminate();
      again.ws.terminate();
    } finally {
      expect(await second.bin.stop()).toBe(0);
    }
    // The request answered during the stop was stored.
    const db = new BetterSqlite3(databaseFile(data.dir), { readonly: true });
    expect(db.prepare("SELECT count(*) FROM analytics_events WHERE project_id = 'stats'").pluck().get()).toBe(1);
    db.close();
  }, 90_000);
});
