/**
 * Route schemas at work: request errors named by part and field, query parameter rules,
 * replies held to their response schema (a missing or extra field is a 500), the preflight
 * added for every route with an access rule, the repositories, and the RPC error mapping.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { originsReplySchema } from '../../src/wire/provider-api.js';
import { RpcResponseError, RpcUnavailableError } from '../src/blockchain/rpc.js';
import { enumParam, intParam, listParam, patternParam, stringParam } from '../src/http/query.js';
import { undescribedField, verbatim } from '../src/http/validation.js';
import {
  buildApp,
  HttpError,
  InputError,
  openDatabase,
  seedDevProject,
  seedStaticImages,
  sqliteStorage,
  type Database,
} from '../src/index.js';
import { rpcFailure } from '../src/routes/blockchain.js';

let db: Database;
let app: FastifyInstance;

const testRoutes: FastifyPluginAsyncZod = async (a) => {
  const config = { access: 'open' } as const;
  a.get(
    '/t/extra',
    { config, schema: { response: { 200: originsReplySchema } } },
    async () => ({ allowedOrigins: [], secret: 'x' }) as never,
  );
  a.get('/t/missing', { config, schema: { response: { 200: originsReplySchema } } }, async () => ({}) as never);
  a.get('/t/nested', { config, schema: { response: { 200: z.object({ list: z.array(z.object({ a: z.number() })) }) } } }, async () => ({
    list: [{ a: 1 }, { a: 2, b: 3 }] as { a: number }[],
  }));
  a.get('/t/ok', { config, schema: { response: { 200: originsReplySchema } } }, async () => ({ allowedOrigins: ['*'] }));
  a.get(
    '/t/query',
    { config, schema: { querystring: z.object({ n: intParam(1, 9, 5), list: listParam(/^[a-z]+$/, 2, 'names') }) } },
    async (request) => request.query,
  );
  a.get(
    '/t/path/:id',
    { config, schema: { params: z.object({ id: z.string().check(verbatim((id: string) => id.length < 4, 'Invalid id: too long')) }) } },
    async (request) => request.params,
  );
  a.post('/t/body', { config, schema: { body: z.object({ item: z.object({ n: z.number() }) }) } }, async (request) => request.body);
};

beforeEach(async () => {
  db = openDatabase(undefined);
  seedDevProject(db);
  await seedStaticImages(sqliteStorage(db));
  app = buildApp({ db });
  app.register(testRoutes);
  await app.ready();
});
afterEach(async () => {
  await app.close();
  db.close();
});

describe('response schemas', () => {
  it('send a reply that matches its schema as it is', async () => {
    const reply = await app.inject('/t/ok');
    expect([reply.statusCode, reply.body]).toEqual([200, '{"allowedOrigins":["*"]}']);
  });

  it('turn a reply with a field its schema lacks, or without one it needs, into a 500', async () => {
    for (const url of ['/t/extra', '/t/missing', '/t/nested']) {
      const reply = await app.inject(url);
      expect(reply.statusCode, url).toBe(500);
      expect(reply.json(), url).toEqual({ message: 'Internal server error' });
      expect(reply.body, url).not.toContain('secret');
    }
  });

  it('undescribedField names the first field of the sent value that the described one lacks', () => {
    expect(undescribedField({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 2 } })).toBe('b.d');
    expect(undescribedField({ list: [{ a: 1 }, { a: 1, x: 0 }] }, { list: [{ a: 1 }, { a: 1 }] })).toBe('list.1.x');
    expect(undescribedField({ a: 1, gone: undefined }, { a: 1 })).toBeUndefined();
  });
});

describe('request schemas', () => {
  it('name the part and the field of the first bad value', async () => {
    expect((await app.inject('/t/query?n=0&list=A')).json()).toEqual({
      message: "Invalid query parameter 'n': must be an integer from 1 to 9",
      field: 'n',
    });
    expect((await app.inject('/t/query?n=2&list=a,B')).json()).toEqual({
      message: `Invalid query parameter 'list': "B" is not a valid name`,
      field: 'list',
    });
    expect((await app.inject('/t/query?n=1&n=2')).json()).toEqual({
      message: "Invalid query parameter 'n': must be given once",
      field: 'n',
    });
    const body = await app.inject({ method: 'POST', url: '/t/body', payload: { item: { n: 'x' } } });
    expect([body.statusCode, body.json().field]).toEqual([400, 'item.n']);
    expect(body.json().message).toMatch(/^Invalid body field 'item\.n': /);
  });

  it('give a verbatim check its own message, and refuse a body that is not an object', async () => {
    expect((await app.inject('/t/path/toolong')).json()).toEqual({ message: 'Invalid id: too long', field: 'id' });
    const list = await app.inject({ method: 'POST', url: '/t/body', payload: [1], headers: { 'content-type': 'application/json' } });
    expect(list.json()).toEqual({ message: 'Invalid body: must be a JSON object', field: 'body' });
  });

  it('hand the handler the parsed values, with defaults', async () => {
    expect((await app.inject('/t/query?list=b,,a,b')).json()).toEqual({ n: 5, list: ['b', 'a'] });
  });
});

describe('query parameter schemas', () => {
  it('intParam: digits only, in range, empty is the default', () => {
    const p = intParam(1, 100, 40);
    expect([p.parse(undefined), p.parse(''), p.parse('100')]).toEqual([40, 40, 100]);
    for (const bad of ['0', '101', '4.5', '1e3', '-1', '99999999999999999999']) expect(p.safeParse(bad).success, bad).toBe(false);
  });

  it('listParam: at most max items after merging duplicates', () => {
    const p = listParam(/^[a-z]$/, 2, 'letters');
    expect(p.parse('a, b ,a')).toEqual(['a', 'b']);
    expect(p.parse(' ')).toBeUndefined();
    expect(p.safeParse('a,b,c').error?.issues[0]?.message).toBe('must be a comma list of at most 2 letters');
  });

  it('enumParam, stringParam and patternParam', () => {
    expect(enumParam(['usd']).safeParse('eur').error?.issues[0]?.message).toBe("must be one of 'usd'");
    expect(enumParam(['usd']).parse('')).toBeUndefined();
    expect(stringParam(3).safeParse('abcd').error?.issues[0]?.message).toBe('must be at most 3 characters');
    expect(patternParam(/^0x[0-9a-f]+$/i, 'hex', { lowerCase: true }).parse('0xAB')).toBe('0xab');
    expect(patternParam(/^x$/, 'an x').safeParse('y').error?.issues[0]?.message).toBe('an x');
  });
});

describe('the access plugin', () => {
  it('gives every route with an access rule a preflight, and routes without one none', async () => {
    expect(app.hasRoute({ method: 'OPTIONS', url: '/t/ok' })).toBe(true);
    expect(app.hasRoute({ method: 'OPTIONS', url: '/getWallets' })).toBe(true);
    const reply = await app.inject({ method: 'OPTIONS', url: '/t/ok', headers: { origin: 'https://a.example' } });
    expect([reply.statusCode, reply.headers['access-control-allow-origin']]).toEqual([204, '*']);
  });
});

describe('the repositories plugin', () => {
  it('decorates the app with a repository per concern, bound to its database', async () => {
    expect((await app.projects.get('w3kit-dev'))?.id).toBe('w3kit-dev');
    expect((await app.wallets.query({})).count).toBe(0);
    expect((await app.images.get('token', 'ETH'))?.contentType).toBeDefined();
    expect(app.blockchain.indexer).toBeUndefined();
  });

  it('records an analytics event once per event id', async () => {
    const event = {
      eventId: 'ABCDEF00-0000-4000-8000-000000000000',
      url: 'u',
      domain: 'd',
      timestamp: 1,
      props: { type: 'track' as const, event: 'x' },
    };
    await app.analytics.record('w3kit-dev', event, { type: 'w3kit', version: undefined });
    await app.analytics.record('w3kit-dev', event, { type: 'w3kit', version: undefined });
    expect(db.prepare('SELECT event_id, sdk_type, sdk_version FROM analytics_events').all()).toEqual([
      { event_id: 'abcdef00-0000-4000-8000-000000000000', sdk_type: 'w3kit', sdk_version: null },
    ]);
  });
});

describe('rpcFailure (the Blockchain API error handler)', () => {
  it('maps a node that does not answer to 503, one that answers with an error to 502, naming the RPC', () => {
    const down = rpcFailure(new RpcUnavailableError('ECONNREFUSED'), 'eip155:1', 'http://node') as HttpError;
    expect([down.statusCode, down.message, down.headers]).toEqual([
      503,
      'The chain RPC of eip155:1 (http://node) is not answering: ECONNREFUSED',
      { 'retry-after': '1' },
    ]);
    const failed = rpcFailure(new RpcResponseError('execution reverted', -32000), 'eip155:1', 'http://node') as HttpError;
    expect([failed.statusCode, failed.message]).toEqual([
      502,
      'The chain RPC of eip155:1 (http://node) answered with an error: execution reverted',
    ]);
  });

  it('maps an InputError to a 400 naming its field, and leaves other errors as they are', () => {
    expect(rpcFailure(new InputError('cursor', 'Invalid cursor'), '', '')).toMatchObject({ statusCode: 400, field: 'cursor' });
    const other = new Error('x');
    expect(rpcFailure(other, '', '')).toBe(other);
  });
});
