/**
 * DNS rebinding: the servers answer only for their configured names, their listen host and
 * loopback (421 otherwise), and /dev/ only on a loopback connection for a loopback name. Over
 * real sockets with the Host header a rebinding page's browser would send.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAllowed, parseAllowedHosts } from '../src/allowed-hosts.js';
import { buildApp } from '../src/app.js';
import { resolveConfig } from '../src/config.js';
import { devMailRoutes } from '../src/routes/dev-mail.js';
import type { RunningServer } from '../src/index.js';
import { openServerStorage } from '../src/storage/server-storage.js';
import { inputErrorField, start } from './helpers.js';

interface Raw {
  status: number;
  body: string;
}

/** GET `path` from `base` with this Host header (and the other headers), as a browser would send after a rebinding. */
function get(base: string, path: string, host: string, headers: Record<string, string> = {}): Promise<Raw> {
  const url = new URL(path, base.replace(/^ws/, 'http'));
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...headers, host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // A refused WebSocket upgrade is an HTTP response too.
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, body: '' });
    });
    req.on('error', reject);
    req.end();
  });
}

const upgrade = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
};

let server: RunningServer;
beforeAll(async () => {
  server = await start({ smtpSink: 0, allowedHosts: ['api.example.com', '*.w3kit.test'], framePublicUrl: 'https://frame.example.org' });
});
afterAll(() => server.close());

describe('the Host header', () => {
  it('a rebinding-style request (Host: evil.example) is refused with 421 in words, on every server', async () => {
    for (const base of [server.url, server.frameUrl!, server.relayUrl!]) {
      const refused = await get(base, '/health', `evil.example:${new URL(base).port}`);
      expect(refused.status, base).toBe(421);
      expect(JSON.parse(refused.body).message, base).toMatch(/^Misdirected request: this server does not answer for the host/);
    }
    // The relay's WebSocket upgrade too, before the JWT is looked at.
    expect((await get(server.relayUrl!, '/?auth=x', 'evil.example', upgrade)).status).toBe(421);
    // Another IP than the one listened on is not served either.
    expect((await get(server.url, '/health', '192.0.2.1')).status).toBe(421);
  });

  it('serves loopback names, the listen host, the configured names and public URL hosts', async () => {
    const port = new URL(server.url).port;
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      'LOCALHOST',
      'app.localhost',
      'api.example.com',
      'a.w3kit.test:443',
      'frame.example.org',
    ]) {
      expect((await get(server.url, '/health', host)).status, host).toBe(200);
    }
    expect((await get(server.relayUrl!, '/health', 'localhost')).status).toBe(200);
    expect((await get(server.relayUrl!, '/?auth=x', 'localhost', upgrade)).status).toBe(401);
    expect((await get(server.frameUrl!, '/health', 'frame.example.org')).status).toBe(404);
  });
});

describe('/dev/', () => {
  it('answers a loopback connection for a loopback name', async () => {
    const reply = await get(server.url, '/dev/mail.json', 'localhost');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ mails: [] });
  });

  it('is refused for a non-loopback Host, even an allowed one, and through a proxy', async () => {
    expect((await get(server.url, '/dev/mail.json', 'evil.example')).status).toBe(421);
    for (const [host, headers] of [
      ['api.example.com', {}],
      ['localhost', { 'x-forwarded-for': '203.0.113.9' }],
      ['localhost', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      const refused = await get(server.url, '/dev/mail', host, headers);
      expect(refused.status, host).toBe(403);
      expect(JSON.parse(refused.body).message).toMatch(/^Forbidden: the development pages \(\/dev\/\) answer only on loopback/);
    }
  });

  it('is refused from a non-loopback address', async () => {
    const storage = await openServerStorage(undefined, undefined);
    const app = buildApp({ storage });
    app.register(devMailRoutes(() => []));
    try {
      const from = (remoteAddress: string) => app.inject({ url: '/dev/mail.json', remoteAddress, headers: { host: 'localhost' } });
      expect((await from('203.0.113.5')).statusCode).toBe(403);
      expect((await from('::ffff:127.0.0.1')).statusCode).toBe(200);
    } finally {
      await app.close();
      await storage.close();
    }
  });
});

describe('the rule', () => {
  const rule = (listen: string, allowed: string[] = []) => ({ listenHost: () => listen, allowed });
  it('a wildcard listen host serves any IP address, never an unlisted name', () => {
    expect(hostAllowed('203.0.113.5:4301', rule('0.0.0.0'))).toBe(true);
    expect(hostAllowed('[2001:db8::1]:4301', rule('::'))).toBe(true);
    expect(hostAllowed('evil.example', rule('0.0.0.0'))).toBe(false);
    expect(hostAllowed('evil.example', rule('0.0.0.0', ['*']))).toBe(true);
    expect(hostAllowed('w3kit.test', rule('127.0.0.1', ['*.w3kit.test']))).toBe(false);
    expect(hostAllowed('evil.example@localhost', rule('127.0.0.1'))).toBe(false);
    expect(hostAllowed(undefined, rule('127.0.0.1'))).toBe(true);
  });

  it('--allowed-hosts and W3KIT_ALLOWED_HOSTS take a comma list', () => {
    expect(parseAllowedHosts(' API.example.com, *.w3kit.test,[::1],10.0.0.1 ')).toEqual([
      'api.example.com',
      '*.w3kit.test',
      '::1',
      '10.0.0.1',
    ]);
    expect(parseAllowedHosts(['*'])).toEqual(['*']);
    for (const bad of ['', 'a b', 'https://api.example.com', 'x,,y', '*.', 'a*.example.com', '[1:2', 5])
      expect(parseAllowedHosts(bad), String(bad)).toBeUndefined();
    expect(resolveConfig({ 'allowed-hosts': 'a.example' }, {}).allowedHosts).toEqual(['a.example']);
    expect(resolveConfig({}, { W3KIT_ALLOWED_HOSTS: 'b.example,c.example' }).allowedHosts).toEqual(['b.example', 'c.example']);
    expect(resolveConfig({}, {}).allowedHosts).toEqual([]);
    expect(inputErrorField(() => resolveConfig({ 'allowed-hosts': 'http://x' }, {}))).toBe('--allowed-hosts');
  });
});
