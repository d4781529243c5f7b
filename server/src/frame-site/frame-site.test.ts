import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';
import { frameAncestors, frameSiteCsp } from './csp.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
  await h.server.projects.create({
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://shop.example.com', 'https://*.example.org', 'http://localhost:*', 'http://[::1]:3000'],
  });
  await h.server.projects.create({ id: 'closed', name: 'Closed', allowedOrigins: [] });
});
afterAll(async () => {
  await h.close();
});

const frame = (path: string, init?: RequestInit) => fetch(`${h.server.frameUrl}${path}`, init);

describe('the frame site', () => {
  it("serves index.html with the strict CSP and the project's origins as frame-ancestors", async () => {
    for (const path of ['/?projectId=shop', '/index.html?projectId=shop']) {
      const res = await frame(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<script type="module" src="/frame.js">');
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' http: https: ws: wss:; " +
          "frame-ancestors https://shop.example.com https://*.example.org http://localhost:*; base-uri 'none'; form-action 'self'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const closed = await frame('/?projectId=closed');
    expect(closed.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers an unknown or missing project with a 404 page nobody may frame', async () => {
    for (const path of ['/?projectId=nope', '/']) {
      const res = await frame(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(await res.text()).toMatch(/project/);
    }
  });

  it('serves frame.js and frame.css with their types and nosniff', async () => {
    const js = await frame('/frame.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await js.text()).toContain('console.log');
    expect((await frame('/frame.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('keeps only CSP-safe origin patterns in frame-ancestors', () => {
    expect(frameAncestors(['*', 'https://a.example.com:8443', 'http://[::1]:3000', "https://x.com; script-src 'unsafe-inline'"])).toEqual([
      '*',
      'https://a.example.com:8443',
    ]);
    expect(frameSiteCsp(['javascript:alert(1)'])).toContain("frame-ancestors 'none'");
  });
});

describe('the auth API is same-origin only', () => {
  it('refuses requests without x-w3kit-frame: 1, and sends no CORS headers', async () => {
    const plain = await frame('/auth/v1/origins?projectId=shop', { headers: { origin: 'https://evil.example' } });
    expect(plain.status).toBe(403);
    expect((await plain.json()).message).toBe('Forbidden: the auth API answers the secure frame only (x-w3kit-frame: 1)');
    const framed = await frame('/auth/v1/origins?projectId=shop', {
      headers: { 'x-w3kit-frame': '1', origin: 'https://shop.example.com' },
    });
    expect(framed.status).toBe(200);
    expect(await framed.json()).toEqual({
      allowedOrigins: ['https://shop.example.com', 'https://*.example.org', 'http://localhost:*', 'http://[::1]:3000'],
    });
    for (const res of [plain, framed]) {
      expect([...res.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('checks the header by route, whatever the encoding of the path', async () => {
    for (const path of ['/%61uth/v1/origins?projectId=shop', '/auth/v1/%6Frigins?projectId=shop']) {
      const res = await frame(path);
      expect(res.status, path).toBe(403);
    }
  });

  it('refuses CORS preflights', async () => {
    const res = await frame('/auth/v1/email/start', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-w3kit-frame',
      },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes JSON bodies only', async () => {
    const res = await frame('/auth/v1/email/start', {
      method: 'POST',
      headers: { 'x-w3kit-frame': '1', 'content-type': 'text/plain' },
      body: JSON.stringify({ projectId: 'shop', email: 'a@example.com', deviceId: 'device-0001' }),
    });
    expect(res.status).toBe(415);
    expect(h.server.mails()).toHaveLength(0);
  });

  it('does not approve through a form-encoded body on the JSON routes', async () => {
    const res = await frame('/auth/v1/email/start', {
      method: 'POST',
      headers: { 'x-w3kit-frame': '1', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'projectId=shop&email=a@example.com&deviceId=device-0001',
    });
    expect(res.status).toBe(415);
  });
});
