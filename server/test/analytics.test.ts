/** POST /e: analytics events stored once per event id; the project switch, body checks and limits. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { analyticsRepository } from '../src/storage/analytics.js';
import { DEV, getJson, start } from './helpers.js';

let server: RunningServer;

beforeAll(async () => {
  server = await start({ seed: { wallets: 0 } });
  await server.projects.create({ id: 'stats', name: 'Stats', allowedOrigins: ['https://stats.example.com'], analytics: true });
});
afterAll(() => server.close());

function event(overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    url: 'https://stats.example.com/app',
    domain: 'stats.example.com',
    timestamp: 1_760_000_000_000,
    props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    ...overrides,
  };
}

const post = (
  body: string,
  { project = 'stats', type = 'application/json', origin }: { project?: string; type?: string; origin?: string } = {},
) =>
  getJson(server, `/e?projectId=${project}&st=w3kit&sv=w3kit-0.1.0`, {
    method: 'POST',
    body,
    headers: { 'content-type': type, ...(origin ? { origin } : {}) },
  });

/** The events of project stats stored under this event id. */
const stored = async (eventId: string) => (await analyticsRepository(server.storage).events('stats')).filter((e) => e.eventId === eventId);

describe('POST /e', () => {
  it('stores an event and answers 202 { success: true }', async () => {
    const e = event({ props: { type: 'error', event: 'ERROR', message: 'boom', stack: 'at x' } });
    const reply = await post(JSON.stringify(e), { origin: 'https://stats.example.com' });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ success: true });
    expect(reply.headers.get('access-control-allow-origin')).toBe('https://stats.example.com');
    const rows = await stored(e.eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      url: e.url,
      domain: e.domain,
      timestamp: e.timestamp,
      type: 'error',
      event: 'ERROR',
      sdkType: 'w3kit',
      sdkVersion: 'w3kit-0.1.0',
    });
    expect(rows[0]!.props).toEqual(e.props);
  });

  it('stores the same event id once', async () => {
    const e = event();
    expect((await post(JSON.stringify(e))).status).toBe(202);
    expect((await post(JSON.stringify({ ...e, url: 'https://stats.example.com/other' }))).status).toBe(202);
    expect((await post(JSON.stringify({ ...e, eventId: e.eventId.toUpperCase() }))).status).toBe(202);
    const rows = await stored(e.eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.url).toBe('https://stats.example.com/app');
  });

  it('accepts a text/plain body holding JSON (sendBeacon)', async () => {
    const e = event();
    const reply = await post(JSON.stringify(e), { type: 'text/plain;charset=UTF-8' });
    expect(reply.status).toBe(202);
    expect(await stored(e.eventId)).toHaveLength(1);
  });

  it('answers 403 when analytics is off for the project', async () => {
    const reply = await post(JSON.stringify(event()), { project: DEV });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: `Analytics is off for project '${DEV}'` });
  });

  it('answers 403 for a disallowed origin', async () => {
    const reply = await post(JSON.stringify(event()), { origin: 'https://evil.example.org' });
    expect(reply.status).toBe(403);
  });

  it('answers 400 naming the bad field', async () => {
    const cases: [unknown, string][] = [
      [event({ eventId: 'not-a-uuid' }), 'eventId'],
      [event({ timestamp: -5 }), 'timestamp'],
      [event({ url: 'x'.repeat(2049) }), 'url'],
      [{ ...event(), domain: undefined }, 'domain'],
      [event({ props: { type: 'click', event: 'X' } }), 'props.type'],
      [event({ props: { type: 'track', event: '' } }), 'props.event'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const reply = await post(JSON.stringify(body));
      expect(reply.status, field).toBe(400);
      expect(reply.body.field, field).toBe(field);
      expect(reply.body.message, field).toContain(field === 'body' ? 'body' : `'${field}'`);
    }
  });

  it('answers 400 naming body for malformed or empty JSON', async () => {
    for (const type of ['application/json', 'text/plain']) {
      const reply = await post('{"eventId":', { type });
      expect(reply.status, type).toBe(400);
      expect(reply.body).toEqual({ message: 'Invalid body: not valid JSON', field: 'body' });
    }
    const empty = await post('', { type: 'application/json' });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('body');
  });

  it('answers 413 for a body over 16 KB', async () => {
    const big = JSON.stringify(event({ props: { type: 'track', event: 'BIG', properties: { blob: 'x'.repeat(17 * 1024) } } }));
    const reply = await post(big);
    expect(reply.status).toBe(413);
    expect(reply.body.field).toBe('body');
    const plain = await post(big, { type: 'text/plain' });
    expect(plain.status).toBe(413);
  });

  it('answers 415 for another content type', async () => {
    const reply = await post('a=1', { type: 'application/x-www-form-urlencoded' });
    expect(reply.status).toBe(415);
  });
});
