/** CORS: project routes echo allowed origins only; origins, images and health answer any origin; preflight. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { DEV, getJson, LOCAL_ORIGIN, start } from './helpers.js';

let server: RunningServer;

beforeAll(async () => {
  server = await start({ seed: { wallets: 0 } });
  await server.projects.create({
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://shop.example.com', 'https://*.preview.example.com'],
    analytics: true,
  });
});
afterAll(() => server.close());

const projectRoutes = ['/appkit/v1/config', '/getWallets', '/getAnalyticsConfig'];

describe('routes of a project', () => {
  it('echo an allowed origin with Vary: Origin, and let the page read Retry-After', async () => {
    for (const route of projectRoutes) {
      const reply = await getJson(server, `${route}?projectId=shop`, { headers: { origin: 'https://shop.example.com' } });
      expect(reply.status, route).toBe(200);
      expect(reply.headers.get('access-control-allow-origin'), route).toBe('https://shop.example.com');
      expect(reply.headers.get('vary'), route).toMatch(/Origin/);
      expect(reply.headers.get('access-control-expose-headers'), route).toBe('Retry-After');
    }
    const wildcard = await getJson(server, '/appkit/v1/config?projectId=shop', {
      headers: { origin: 'https://pr-12.preview.example.com' },
    });
    expect(wildcard.headers.get('access-control-allow-origin')).toBe('https://pr-12.preview.example.com');
    const anyPort = await getJson(server, `/getWallets?projectId=${DEV}&entries=1`, { headers: { origin: 'http://127.0.0.1:4300' } });
    expect(anyPort.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4300');
  });

  it('refuse a disallowed origin with 403 and no CORS headers', async () => {
    for (const route of projectRoutes) {
      const reply = await getJson(server, `${route}?projectId=shop`, { headers: { origin: 'https://evil.example.org' } });
      expect(reply.status, route).toBe(403);
      expect(reply.body).toEqual({ message: "Origin 'https://evil.example.org' is not allowed for project 'shop'" });
      expect(reply.headers.get('access-control-allow-origin'), route).toBeNull();
    }
    const devFromElsewhere = await getJson(server, `/getWallets?projectId=${DEV}`, { headers: { origin: 'https://localhost.evil.com' } });
    expect(devFromElsewhere.status).toBe(403);
    const bareDomain = await getJson(server, '/appkit/v1/config?projectId=shop', { headers: { origin: 'https://preview.example.com' } });
    expect(bareDomain.status).toBe(403);
  });

  it('serve requests without an Origin (server to server) without CORS headers', async () => {
    const reply = await getJson(server, '/appkit/v1/config?projectId=shop');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keep the CORS headers on a 400 after the origin was accepted', async () => {
    const reply = await getJson(server, `/getWallets?projectId=${DEV}&entries=0`, { headers: { origin: LOCAL_ORIGIN } });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('access-control-allow-origin')).toBe(LOCAL_ORIGIN);
  });
});

describe('public routes', () => {
  it('answer any origin with *', async () => {
    for (const route of [
      '/projects/v1/origins?projectId=shop',
      '/health',
      `/getWalletImage/metamask?projectId=${DEV}`,
      `/public/getTokenImage/ETH?projectId=${DEV}`,
    ]) {
      const res = await fetch(`${server.url}${route}`, { headers: { origin: 'https://evil.example.org' } });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), route).toBe('*');
    }
  });

  it('answer errors with * too, so the client can read them', async () => {
    const reply = await getJson(server, '/projects/v1/origins?projectId=unknown', { headers: { origin: 'https://evil.example.org' } });
    expect(reply.status).toBe(403);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('preflight', () => {
  const preflight = (url: string, origin: string, method = 'GET') =>
    fetch(`${server.url}${url}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, x-project-id' },
    });

  it('answers 204 for an allowed origin with the allowed methods and headers', async () => {
    const res = await preflight('/e?projectId=shop', 'https://shop.example.com', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type, authorization, x-project-id, x-sdk-type, x-sdk-version');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('answers 403 without CORS headers for a disallowed origin or an unknown project', async () => {
    const res = await preflight('/getWallets?projectId=shop', 'https://evil.example.org');
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toEqual({ message: "Origin 'https://evil.example.org' is not allowed for project 'shop'" });
    const unknown = await preflight('/getWallets?projectId=ghost', 'https://shop.example.com');
    expect(unknown.status).toBe(403);
    expect(unknown.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers public routes for any origin', async () => {
    for (const url of ['/projects/v1/origins', '/public/getAssetImage/eip155:1', '/health']) {
      const res = await preflight(url, 'https://evil.example.org');
      expect(res.status, url).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), url).toBe('*');
    }
  });

  it('leaves the check to the real request when the project comes as a header', async () => {
    const res = await preflight('/getWallets', 'https://evil.example.org');
    expect(res.status).toBe(204);
    const real = await getJson(server, '/getWallets', { headers: { origin: 'https://evil.example.org', 'x-project-id': 'shop' } });
    expect(real.status).toBe(403);
  });

  it('answers 404 for an unknown route', async () => {
    const res = await preflight('/nowhere?projectId=shop', 'https://shop.example.com');
    expect(res.status).toBe(404);
  });
});
