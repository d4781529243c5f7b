/** Every per-address limit counts an IPv6 /64 as one address (IPv4 as is), as the relay's quotas do. */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { clientKey } from './client-key.js';
import { openDatabase, type Database } from './db/open.js';
import { HttpError } from './errors.js';
import { ipLimiter } from './rate-limit.js';

describe('clientKey', () => {
  it('keeps an IPv4 address (also IPv4-mapped) and takes the /64 of an IPv6 one', () => {
    expect(['127.0.0.1', '::ffff:10.0.0.1', '::FFFF:10.0.0.1', undefined].map(clientKey)).toEqual([
      '127.0.0.1',
      '10.0.0.1',
      '10.0.0.1',
      'unknown',
    ]);
    expect(['2001:db8:1:2:3:4:5:6', '2001:DB8:1:2::ff', '2001:db8:0001:0002::1%eth0'].map(clientKey)).toEqual(
      Array(3).fill('2001:db8:1:2::/64'),
    );
    expect(['::1', '2001:db8::1', '::1:2:3:4:5:1.2.3.4'].map(clientKey)).toEqual(['0:0:0:0::/64', '2001:db8:0:0::/64', '0:1:2:3::/64']);
  });
});

describe('per-address limits', () => {
  let db: Database | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    db?.close();
  });

  it('the rate limit over every route counts two addresses of one /64 together, and another /64 apart', async () => {
    db = openDatabase(undefined);
    app = buildApp({ db, rateLimit: { max: 2, windowMs: 60_000 } });
    const get = (remoteAddress: string) => app!.inject({ method: 'GET', url: '/health', remoteAddress }).then((r) => r.statusCode);
    expect(await get('2001:db8:1:2::1')).toBe(200);
    expect(await get('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(200);
    // The third request from the same /64, from a third address in it: refused.
    expect(await get('2001:db8:1:2::3')).toBe(429);
    // Another /64 (the next one up) has its own window; so has an IPv4 address.
    expect(await get('2001:db8:1:3::1')).toBe(200);
    expect(await get('203.0.113.7')).toBe(200);
    expect(await get('::ffff:203.0.113.7')).toBe(200);
    expect(await get('203.0.113.7')).toBe(429);
  });

  it('a per-route limit counts a /64 as one address', async () => {
    const limit = ipLimiter(2, 60_000, () => 0, 'code checks');
    await limit('2001:db8:aa:bb::1');
    await limit('2001:db8:aa:bb::2');
    await expect(limit('2001:db8:aa:bb:1:2:3:4')).rejects.toThrow(HttpError);
    await expect(limit('2001:db8:aa:bb:1:2:3:4')).rejects.toThrow('Too many code checks from this address');
    await expect(limit('2001:db8:aa:bc::1')).resolves.toBeUndefined();
  });
});
