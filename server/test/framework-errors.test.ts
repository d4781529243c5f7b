/**
 * Errors answered before any route runs (Node's HTTP parser, Fastify's router) in the API's one
 * error shape `{ message, field? }`, never repeating the URL: oversized headers and URLs (431),
 * a path parameter over the limit (414), a malformed request or path (400), an unknown route.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { DEV, start } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  server = await start({ seed: { wallets: 1 }, relayPort: false });
});
afterAll(() => server.close());

const MARK = '<script>alert(1)</script>';

/** Sends a raw HTTP request and parses the reply's status, content type and JSON body. */
function raw(request: string): Promise<{ status: number; type: string | undefined; body: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const type = /^content-type: *([^\r\n;]+)/im.exec(head)?.[1];
      try {
        resolve({ status, type, body: JSON.parse(body) as Record<string, unknown>, text });
      } catch {
        reject(new Error(`not JSON: ${text.slice(0, 300)}`));
      }
    });
  });
}

const get = (target: string, headers = '') => raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`);

function expectShape(reply: Awaited<ReturnType<typeof raw>>, status: number, message: string, field?: string) {
  expect(reply.status).toBe(status);
  expect(reply.type).toBe('application/json');
  expect(reply.body).toEqual(field === undefined ? { message } : { message, field });
  expect(reply.text).not.toContain('<script>');
  expect(reply.text).not.toContain('%3Cscript');
}

describe('errors before the routes', () => {
  it('answers oversized headers with 431 in the one error shape', async () => {
    const reply = await get('/health', `X-Big: ${MARK}${'a'.repeat(20_000)}\r\n`);
    expectShape(reply, 431, 'Request too large: the URL and headers together must be at most 16384 bytes');
  });

  it('answers an oversized URL with 431 without repeating it', async () => {
    expectShape(
      await get(`/health?q=${encodeURIComponent(MARK)}${'a'.repeat(20_000)}`),
      431,
      'Request too large: the URL and headers together must be at most 16384 bytes',
    );
  });

  it('answers a path parameter over 500 characters with 414 without repeating it', async () => {
    const reply = await get(`/public/getTokenImage/${'<script>'.repeat(80)}?projectId=${DEV}`);
    expectShape(reply, 414, 'URL too long: a path segment must be at most 500 characters', 'url');
  });

  it('answers a path that is not valid percent-encoding with 400', async () => {
    expectShape(
      await get(`/v1/account/%E0%A4%A${MARK}/balance?projectId=${DEV}`),
      400,
      'Invalid URL: the path is not valid percent-encoding',
      'url',
    );
  });

  it('answers a malformed request with 400', async () => {
    expectShape(await raw(`GET /he alth${MARK} HTTP/1.1\r\nHost: x\r\n\r\n`), 400, 'Bad request: not a valid HTTP request');
  });

  it('answers an unknown route with 404 without repeating its path', async () => {
    expectShape(await get(`/nope/${encodeURIComponent(MARK)}`), 404, 'Not found: no GET route at this path');
  });
});
