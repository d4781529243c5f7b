/** Project identification and the project endpoints over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReplySchema, originsReplySchema, projectConfigReplySchema, analyticsConfigReplySchema } from '../../src/wire/provider-api.js';
import type { RunningServer } from '../src/index.js';
import { DEV, getJson, start } from './helpers.js';

let server: RunningServer;

beforeAll(async () => {
  server = await start({ seed: { wallets: 0 } });
  await server.projects.create({
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://shop.example.com'],
    features: { email: true, socials: ['google', 'github'], swaps: false },
    analytics: true,
  });
});
afterAll(() => server.close());

describe('GET /health', () => {
  it('answers { ok: true } without a project', async () => {
    const reply = await getJson(server, '/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ok: true });
  });
});

describe('project identification', () => {
  it('takes the project id from the query', async () => {
    const reply = await getJson(server, '/appkit/v1/config?projectId=shop&st=w3kit&sv=w3kit-0.1.0');
    expect(reply.status).toBe(200);
    expect(projectConfigReplySchema.parse(reply.body)).toEqual({ features: { email: true, socials: ['google', 'github'], swaps: false } });
  });

  it('takes the project id and SDK from headers', async () => {
    const reply = await getJson(server, '/appkit/v1/config', {
      headers: { 'x-project-id': 'shop', 'x-sdk-type': 'w3kit', 'x-sdk-version': 'w3kit-0.1.0' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.features.email).toBe(true);
  });

  it('answers 400 naming projectId when it is missing or empty', async () => {
    for (const url of ['/appkit/v1/config', '/appkit/v1/config?projectId=', '/getWallets', '/getAnalyticsConfig?st=w3kit']) {
      const reply = await getJson(server, url);
      expect(reply.status, url).toBe(400);
      expect(errorReplySchema.parse(reply.body).field, url).toBe('projectId');
    }
  });

  it('answers 400 for a project id longer than 128 characters', async () => {
    const reply = await getJson(server, `/appkit/v1/config?projectId=${'x'.repeat(129)}`);
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe('projectId');
  });

  it('answers 403 for an unknown project', async () => {
    const reply = await getJson(server, '/appkit/v1/config?projectId=nope');
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe("Unknown project 'nope'");
    const viaHeader = await getJson(server, '/getAnalyticsConfig', { headers: { 'x-project-id': 'nope' } });
    expect(viaHeader.status).toBe(403);
  });

  it('checks st and sv: empty or longer than 64 characters is a 400 naming them', async () => {
    const empty = await getJson(server, '/appkit/v1/config?projectId=shop&st=');
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('st');
    expect(empty.body.message).toContain("'st'");
    const long = await getJson(server, `/appkit/v1/config?projectId=shop&sv=${'9'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('sv');
    const header = await getJson(server, '/appkit/v1/config?projectId=shop', { headers: { 'x-sdk-version': 'v'.repeat(65) } });
    expect(header.status).toBe(400);
    expect(header.body.message).toContain("'x-sdk-version'");
  });

  it('answers 400 when a parameter is given twice', async () => {
    const reply = await getJson(server, '/appkit/v1/config?projectId=shop&projectId=other');
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe('projectId');
  });
});

describe('project endpoints', () => {
  it('GET /projects/v1/origins gives the allowed origins', async () => {
    const shop = await getJson(server, '/projects/v1/origins?projectId=shop');
    expect(shop.status).toBe(200);
    expect(originsReplySchema.parse(shop.body)).toEqual({ allowedOrigins: ['https://shop.example.com'] });
    const dev = await getJson(server, `/projects/v1/origins?projectId=${DEV}`);
    expect(dev.body).toEqual({ allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'] });
  });

  it('GET /projects/v1/origins answers 403 for an unknown project', async () => {
    const reply = await getJson(server, '/projects/v1/origins?projectId=missing');
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: "Unknown project 'missing'", field: 'projectId' });
  });

  it('GET /getAnalyticsConfig reflects the project switch', async () => {
    const on = await getJson(server, '/getAnalyticsConfig?projectId=shop');
    expect(analyticsConfigReplySchema.parse(on.body)).toEqual({ isAnalyticsEnabled: true });
    const off = await getJson(server, `/getAnalyticsConfig?projectId=${DEV}`);
    expect(off.body).toEqual({ isAnalyticsEnabled: false });
  });

  it('GET /appkit/v1/config of the dev project has no features', async () => {
    const reply = await getJson(server, `/appkit/v1/config?projectId=${DEV}`);
    expect(reply.body).toEqual({ features: {} });
  });

  it('reads projects per request, so changes show at once', async () => {
    await server.projects.create({ id: 'late', name: 'Late' });
    const reply = await getJson(server, '/getAnalyticsConfig?projectId=late');
    expect(reply.body).toEqual({ isAnalyticsEnabled: false });
  });
});

describe('unknown routes and methods', () => {
  it('answers 404 JSON', async () => {
    const reply = await getJson(server, '/nope?projectId=shop');
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(errorReplySchema.parse(reply.body).message).toBe('Not found: no GET route at this path');
    const post = await getJson(server, '/getWallets?projectId=shop', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(404);
  });
});
