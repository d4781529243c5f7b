import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { W3Error } from '../core/errors.js';
import { closedPortUrl, startLoopback, type LoopbackServer, type Reply } from '../test-utils/loopback-server.js';
import { ApiError, InvalidReplyError, NetworkRequestError, RequestTimeoutError } from './errors.js';
import { buildUrl, definedDeps, httpRequest, parseRetryAfter, sdkQuery } from './http.js';

const schema = z.object({ ok: z.boolean(), n: z.number() });

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(replies: Reply[] | ((n: number) => Reply)): Promise<LoopbackServer> {
  server = await startLoopback((_req, n) => (typeof replies === 'function' ? replies(n) : (replies[n] ?? { status: 500 })));
  return server;
}

/** A sleep that records what it was asked to wait and returns at once. */
function recordingSleep(): { sleeps: number[]; sleep: (ms: number) => Promise<void> } {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms) => void sleeps.push(ms) };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('buildUrl', () => {
  it('joins base and path and drops undefined, null and empty lists', () => {
    expect(
      buildUrl('http://h:1/api/', '/getWallets', {
        page: 2,
        entries: 40,
        search: undefined,
        badge_type: null,
        include: [],
        exclude: ['a', 'b'],
        flag: false,
      }),
    ).toBe('http://h:1/api/getWallets?page=2&entries=40&exclude=a%2Cb&flag=false');
  });

  it('encodes values and keeps a base without a trailing slash', () => {
    const url = new URL(buildUrl('http://h:1', 'x', { search: 'a b&c', chains: ['eip155:1', 'eip155:10'] }));
    expect(url.pathname).toBe('/x');
    expect(url.searchParams.get('search')).toBe('a b&c');
    expect(url.searchParams.get('chains')).toBe('eip155:1,eip155:10');
  });

  it('sdkQuery names the project and the SDK', () => {
    expect(sdkQuery('p1')).toEqual({ projectId: 'p1', st: 'w3kit', sv: 'w3kit-0.1.0' });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });
  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });
});

describe('httpRequest', () => {
  it('retries 503 with backoff from 150 ms and returns the parsed reply', async () => {
    const s = await serve([{ status: 503 }, { status: 503 }, { status: 200, json: { ok: true, n: 3 } }]);
    const { sleeps, sleep } = recordingSleep();
    await expect(httpRequest(`${s.url}/x`, { schema, sleep })).resolves.toEqual({ ok: true, n: 3 });
    expect(s.requests).toHaveLength(3);
    expect(sleeps).toEqual([150, 300]);
  });

  it.each([408, 429, 500, 502, 504])('retries HTTP %i', async (status) => {
    const s = await serve([{ status }, { status: 200, json: { ok: true, n: 1 } }]);
    const { sleep } = recordingSleep();
    await expect(httpRequest(`${s.url}/x`, { schema, sleep })).resolves.toEqual({ ok: true, n: 1 });
    expect(s.requests).toHaveLength(2);
  });

  it('waits the real backoff between attempts', async () => {
    const s = await serve([{ status: 503 }, { status: 200, json: { ok: true, n: 1 } }]);
    await httpRequest(`${s.url}/x`, { schema });
    expect(s.requests[1]!.time - s.requests[0]!.time).toBeGreaterThanOrEqual(140);
  });

  it('gives up after 3 attempts with the last status', async () => {
    const s = await serve(() => ({ status: 503, json: { message: 'busy' } }));
    const { sleep } = recordingSleep();
    const err = await rejection(httpRequest(`${s.url}/x`, { schema, sleep }));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect((err as ApiError).details).toBe('busy');
    expect(s.requests).toHaveLength(3);
  });

  it('honours Retry-After in seconds, for real', async () => {
    const s = await serve([
      { status: 429, headers: { 'Retry-After': '1' }, json: { message: 'slow down' } },
      { status: 200, json: { ok: true, n: 2 } },
    ]);
    await expect(httpRequest(`${s.url}/x`, { schema })).resolves.toEqual({ ok: true, n: 2 });
    expect(s.requests[1]!.time - s.requests[0]!.time).toBeGreaterThanOrEqual(950);
  });

  it('honours Retry-After as an HTTP date, read with the injected clock', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const s = await serve([
      { status: 503, headers: { 'Retry-After': 'Thu, 01 Jan 2026 00:00:02 GMT' } },
      { status: 200, json: { ok: true, n: 2 } },
    ]);
    const { sleeps, sleep } = recordingSleep();
    await httpRequest(`${s.url}/x`, { schema, sleep, now: () => now });
    expect(sleeps).toEqual([2000]);
  });

  it('does not wait for a Retry-After above the cap: fails at once and says how long', async () => {
    const s = await serve([{ status: 429, headers: { 'Retry-After': '120' }, json: { message: 'Too many requests' } }]);
    const { sleeps, sleep } = recordingSleep();
    const err = await rejection(httpRequest(`${s.url}/x`, { schema, sleep }));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(429);
    expect((err as ApiError).retryAfterMs).toBe(120_000);
    expect(sleeps).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('does not retry a 400 and carries the server message and field', async () => {
    const s = await serve([{ status: 400, json: { message: 'entries must be at most 100', field: 'entries' } }]);
    const err = await rejection(httpRequest(`${s.url}/getWallets?entries=1000`, { schema }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(W3Error);
    const apiError = err as ApiError;
    expect(apiError.shortMessage).toBe('HTTP status code: 400');
    expect(apiError.category).toBe('API_ERROR');
    expect(apiError.status).toBe(400);
    expect(apiError.details).toBe('entries must be at most 100');
    expect(apiError.field).toBe('entries');
    expect(apiError.message).toContain(`URL: ${s.url}/getWallets`);
    expect(apiError.message).not.toContain('entries=1000');
    expect(s.requests).toHaveLength(1);
  });

  it.each([403, 404, 413])('does not retry HTTP %i', async (status) => {
    const s = await serve(() => ({ status, text: 'nope' }));
    const err = await rejection(httpRequest(`${s.url}/x`, { schema }));
    expect((err as ApiError).shortMessage).toBe(`HTTP status code: ${status}`);
    expect((err as ApiError).details).toBe('nope');
    expect(s.requests).toHaveLength(1);
  });

  it("times out with 'The request took too long to respond' and does not retry", async () => {
    const s = await serve(() => 'hang');
    const started = performance.now();
    const err = await rejection(httpRequest(`${s.url}/slow`, { schema, timeoutMs: 150 }));
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect((err as RequestTimeoutError).shortMessage).toBe('The request took too long to respond');
    expect((err as RequestTimeoutError).category).toBe('NETWORK_ERROR');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(s.requests).toHaveLength(1);
  });

  it('gives each attempt its own timeout', async () => {
    const s = await serve([{ status: 503 }, 'hang']);
    const { sleep } = recordingSleep();
    const err = await rejection(httpRequest(`${s.url}/x`, { schema, sleep, timeoutMs: 150 }));
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect(s.requests).toHaveLength(2);
  });

  it('throws a typed error naming the endpoint for a reply that is not JSON', async () => {
    const s = await serve(() => ({ status: 200, text: '<html>oops' }));
    const err = await rejection(httpRequest(`${s.url}/getWallets?page=1`, { schema }));
    expect(err).toBeInstanceOf(InvalidReplyError);
    expect((err as InvalidReplyError).shortMessage).toBe('Invalid reply from /getWallets');
    expect((err as InvalidReplyError).details).toBe('The reply is not JSON');
    expect(s.requests).toHaveLength(1);
  });

  it('throws a typed error naming the endpoint and the field for a reply of the wrong shape', async () => {
    const s = await serve(() => ({ status: 200, json: { ok: true, n: 'three' } }));
    const err = await rejection(httpRequest(`${s.url}/x`, { schema, endpoint: 'GET /x' }));
    expect(err).toBeInstanceOf(InvalidReplyError);
    expect((err as InvalidReplyError).shortMessage).toBe('Invalid reply from GET /x');
    expect((err as InvalidReplyError).details).toMatch(/^n: /);
  });

  it('names the origin when the server cannot be reached, after 3 attempts', async () => {
    const url = await closedPortUrl();
    let calls = 0;
    const countingFetch: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const { sleeps, sleep } = recordingSleep();
    const err = await rejection(httpRequest(`${url}/appkit/v1/config?projectId=p`, { schema, fetch: countingFetch, sleep }));
    expect(err).toBeInstanceOf(NetworkRequestError);
    expect((err as NetworkRequestError).shortMessage).toBe(`Could not reach ${url}`);
    expect((err as NetworkRequestError).category).toBe('NETWORK_ERROR');
    expect(calls).toBe(3);
    expect(sleeps).toEqual([150, 300]);
  });

  it('retries a dropped connection', async () => {
    const s = await serve(['destroy', { status: 200, json: { ok: true, n: 5 } }]);
    const { sleep } = recordingSleep();
    await expect(httpRequest(`${s.url}/x`, { schema, sleep })).resolves.toEqual({ ok: true, n: 5 });
  });

  it('honours an external abort signal without retrying', async () => {
    const s = await serve(() => 'hang');
    const controller = new AbortController();
    const pending = httpRequest(`${s.url}/x`, { schema, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('search changed'));
    const err = await rejection(pending);
    expect((err as Error).message).toBe('search changed');
    expect(s.requests).toHaveLength(1);
  });

  it('an abort during the wait between attempts ends it', async () => {
    const s = await serve(() => ({ status: 503 }));
    const controller = new AbortController();
    const pending = httpRequest(`${s.url}/x`, { schema, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 60));
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(s.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const s = await serve(() => ({ status: 200, json: { ok: true, n: 1 } }));
    await expect(httpRequest(`${s.url}/x`, { schema, signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
    expect(s.requests).toHaveLength(0);
  });

  it('sends GETs without headers that would need a CORS preflight', async () => {
    const s = await serve(() => ({ status: 200, json: { ok: true, n: 1 } }));
    await httpRequest(`${s.url}/x`, { schema });
    expect(s.requests[0]!.method).toBe('GET');
    expect(s.requests[0]!.headers['content-type']).toBeUndefined();
  });

  it('POSTs JSON as text/plain and resolves without a schema', async () => {
    const s = await serve(() => ({ status: 202 }));
    await expect(httpRequest(`${s.url}/e`, { method: 'POST', body: { a: 1, b: 'é' } })).resolves.toBeUndefined();
    const req = s.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(JSON.parse(req.body)).toEqual({ a: 1, b: 'é' });
  });
});

describe('definedDeps', () => {
  it('keeps only the deps and limits given, so an undefined one never hides a default', () => {
    const sleep = async () => {};
    expect(definedDeps({ sleep, timeoutMs: 500, attempts: undefined, fetch: undefined })).toEqual({ sleep, timeoutMs: 500 });
    expect(Object.keys(definedDeps({}))).toEqual([]);
  });
});
