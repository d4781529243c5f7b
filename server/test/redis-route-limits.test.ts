/**
 * The per-route limits per address (ipLimiter: SIWX nonces, login starts...) on two instances
 * sharing one Redis (issue 31 §2): one window across both, so the N+1st request, whichever
 * instance gets it, is refused with the refusal of one instance; without Redis each instance
 * keeps its own window (as before).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { projectsRepository } from '../src/storage/projects.js';
import { openServerStorage } from '../src/storage/server-storage.js';
import type { CounterFactory } from '../src/rate-limit.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';
import { cleanupsAfterEach, sharedCounters, testRedis } from './redis-fixture.js';

const cleanups = cleanupsAfterEach();
const redisUrl = async () => (await testRedis(cleanups)).url;

const NONCES = 3;

async function app(counters: CounterFactory | undefined): Promise<FastifyInstance> {
  const storage = await openServerStorage(undefined, undefined);
  cleanups.push(() => storage.close());
  await projectsRepository(storage).seedDev();
  const built = buildApp({ storage, siwx: { limits: { noncesPerIp: NONCES } }, rateLimitCounters: counters });
  cleanups.push(() => built.close());
  await built.ready();
  return built;
}

const nonce = (instance: FastifyInstance) =>
  instance.inject({
    method: 'GET',
    url: '/v1/siwx/nonce?projectId=w3kit-dev',
    headers: { origin: 'http://localhost:5173' },
    remoteAddress: '10.3.0.1',
  });

async function nonceStatuses(instances: FastifyInstance[], n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await nonce(instances[i % instances.length]!)).statusCode);
  return out;
}

describe('per-route limits on instances sharing one Redis', () => {
  it('refuse the N+1st SIWX nonce across both instances, with the one-instance refusal', async () => {
    const counters = await sharedCounters(cleanups, await redisUrl());
    const a = await app(counters);
    const b = await app(counters);
    expect(await nonceStatuses([a, b], NONCES)).toEqual([200, 200, 200]);
    const refused = await nonce(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many nonce requests from this address: please try again after \d+ seconds$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await nonce(a)).statusCode).toBe(429);
  });

  it('count one window per instance without Redis (as before)', async () => {
    const a = await app(undefined);
    const b = await app(undefined);
    expect(await nonceStatuses([a, b], 2 * NONCES)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await nonce(a)).statusCode).toBe(429);
  });

  it('refuse the N+1st login start across two servers on one Redis (the frame site’s auth API)', async () => {
    const url = await redisUrl();
    const harness = async (): Promise<AuthHarness> => {
      const h = await startAuthHarness({ redisUrl: url, authLimits: { startsPerIp: 3 } });
      cleanups.push(() => h.close());
      return h;
    };
    const [a, b] = [await harness(), await harness()];
    const start = (h: AuthHarness, i: number) =>
      h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: `user${i}@example.com`, deviceId: 'device-one-0001' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await start(i % 2 ? b : a, i)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await start(b, 3);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many login requests from this address: please try again after \d+ seconds$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
