/**
 * Sockets per address, per client id and in all (issue 29, item 3), over real sockets from two
 * loopback addresses (127.0.0.1 and 127.0.0.2 are two IPs) with real relay-auth JWTs, the relay
 * served by the real backend: the socket past a cap is closed at once with 1013 and the reason,
 * past the total an upgrade gets a 503, and the Provider API answers all along.
 */
import { generateKeyPair, type Keypair } from '@walletconnect/relay-auth';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import type { RelayLimits, RunningServer } from '../src/index.js';
import { FD_RESERVE, SOCKET_CAP_CLOSE, SocketCaps, socketBudget } from '../src/relay/socket-caps.js';
import { getJson, start } from './helpers.js';
import { signAuth } from './relay-peer.js';

const OTHER_IP = '127.0.0.2';

let server: RunningServer | undefined;
let sockets: WebSocket[] = [];

afterEach(async () => {
  sockets.forEach((ws) => ws.terminate());
  sockets = [];
  await server?.close();
  server = undefined;
});

async function serve(limits: Partial<RelayLimits>): Promise<RunningServer> {
  server = await start({ relayPort: 0, seed: { wallets: 5 }, relay: { limits } });
  return server;
}

type Outcome = { open: true } | { open: false; code: number; reason: string } | { open: false; status: number; body: string };

/** Opens a socket to the relay as `keys` from `localAddress`; what came of it: open, closed at once (code and reason), or refused (HTTP status). */
async function connect(keys: Keypair, localAddress = '127.0.0.1'): Promise<Outcome> {
  const url = server!.relayUrl!;
  const ws = new WebSocket(`${url}/?auth=${await signAuth(url, keys)}&projectId=w3kit-dev`, { localAddress });
  sockets.push(ws);
  return new Promise((resolve, reject) => {
    let opened = false;
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ open: false, status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => {
      opened = true;
      // A refused socket is closed right after it opens; an accepted one stays open.
      setTimeout(() => ws.readyState === ws.OPEN && resolve({ open: true }), 150);
    });
    ws.on('close', (code, reason) => opened && resolve({ open: false, code, reason: reason.toString() }));
    ws.on('error', (err) => (err.message.includes('Unexpected server response') ? undefined : reject(err)));
  });
}

const providerApiAnswers = async () => {
  const health = await getJson(server!, '/health');
  const wallets = await getJson(server!, '/getWallets?projectId=w3kit-dev');
  return [health.status, wallets.status, wallets.body.count > 0];
};

describe('relay socket caps', () => {
  it('closes the socket past the cap of one client id (1013, with the reason), while another key connects', async () => {
    await serve({ maxSocketsPerClient: 3, maxSocketsPerIp: 10 });
    const keys = generateKeyPair();
    for (let i = 0; i < 3; i++) expect(await connect(keys)).toEqual({ open: true });
    expect(await connect(keys)).toEqual({
      open: false,
      code: SOCKET_CAP_CLOSE,
      reason: 'Too many sockets with this client id: at most 3 open at once',
    });
    expect(await connect(generateKeyPair())).toEqual({ open: true });
    // A closed socket frees its place.
    const first = sockets[0]!;
    await new Promise((resolve) => first.once('close', resolve).close());
    expect(await connect(keys)).toEqual({ open: true });
    expect(await providerApiAnswers()).toEqual([200, 200, true]);
  });

  it('closes the socket past the cap of one address whatever its keys, while another address connects and the Provider API answers', async () => {
    await serve({ maxSocketsPerIp: 4 });
    for (let i = 0; i < 4; i++) expect(await connect(generateKeyPair())).toEqual({ open: true });
    for (let i = 0; i < 3; i++) {
      expect(await connect(generateKeyPair())).toEqual({
        open: false,
        code: SOCKET_CAP_CLOSE,
        reason: 'Too many sockets from this address: at most 4 open at once',
      });
    }
    expect(await connect(generateKeyPair(), OTHER_IP)).toEqual({ open: true });
    expect(await providerApiAnswers()).toEqual([200, 200, true]);
  });

  it('refuses an upgrade past the total with a 503 in words, and the Provider API answers', async () => {
    await serve({ maxSockets: 5 });
    for (let i = 0; i < 5; i++) expect(await connect(generateKeyPair(), i % 2 ? OTHER_IP : '127.0.0.1')).toEqual({ open: true });
    const refused = await connect(generateKeyPair(), '127.0.0.3');
    expect(refused).toEqual({
      open: false,
      status: 503,
      body: JSON.stringify({ message: 'The relay is at its limit of 5 open sockets; retry later' }),
    });
    expect(await providerApiAnswers()).toEqual([200, 200, true]);
  });
});

describe('socketBudget', () => {
  it('keeps the total under the open-files limit less a reserve', () => {
    expect(socketBudget(10_000, 20_000)).toBe(10_000);
    expect(socketBudget(10_000, 10_000)).toBe(10_000 - FD_RESERVE);
    expect(socketBudget(10_000, 512)).toBe(384);
    expect(socketBudget(10_000, 100)).toBe(36);
    expect(socketBudget(10_000, undefined)).toBe(10_000);
    expect(new SocketCaps({ maxSockets: 10_000, maxSocketsPerIp: 1, maxSocketsPerClient: 1 }, 2048).budget).toBe(1536);
  });

  it('counts a socket once, from its upgrade until it is released', () => {
    const caps = new SocketCaps({ maxSockets: 3, maxSocketsPerIp: 2, maxSocketsPerClient: 1 }, undefined);
    const a = caps.open('10.0.0.1');
    const b = caps.open('10.0.0.1');
    const c = caps.open('10.0.0.1');
    if (!('release' in a) || !('release' in b) || !('release' in c)) throw new Error('expected slots');
    expect([a.refusal, b.refusal, c.refusal?.reason]).toEqual([
      undefined,
      undefined,
      'Too many sockets from this address: at most 2 open at once',
    ]);
    expect(caps.open('10.0.0.2')).toEqual({ status: 503, message: 'The relay is at its limit of 3 open sockets; retry later' });
    expect(a.bind('alice')).toBeUndefined();
    expect(b.bind('alice')).toMatchObject({ close: SOCKET_CAP_CLOSE });
    a.release();
    a.release();
    c.release();
    expect(caps.count('10.0.0.1', 'alice')).toEqual({ total: 1, ip: 1, client: 0 });
  });
});
