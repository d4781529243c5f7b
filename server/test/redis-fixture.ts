/**
 * What the tests on a real Redis share: the file's cleanups (run after each test, last first), a
 * throwaway redis-server (scripts/lib/redis.mjs) for the whole file or for one test, and the
 * counter factory startServer makes with `--redis` (scale.ts).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startRedis, type RunningRedis } from '../../scripts/lib/redis.mjs';
import type { CounterFactory } from '../src/rate-limit.js';
import { openScale } from '../src/scale.js';

export type Cleanups = (() => unknown)[];

/** The file's cleanups: each test pushes its own; they run after it, last first. */
export function cleanupsAfterEach(): Cleanups {
  const cleanups: Cleanups = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

/** A redis-server for the whole file, started before its first test and stopped after the last: call the result for it. */
export function redisForFile(): () => RunningRedis {
  let redis: RunningRedis | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  return () => redis!;
}

/** A redis-server for one test, stopped by `cleanups`. */
export async function testRedis(cleanups: Cleanups): Promise<RunningRedis> {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  return redis;
}

/** The counter factory startServer makes with `--redis url` (scale.ts), closed by `cleanups`. */
export async function sharedCounters(cleanups: Cleanups, url: string): Promise<CounterFactory> {
  const scale = await openScale({ redisUrl: url, engine: 'sqlite' });
  cleanups.push(() => scale.close());
  return scale.counters!;
}
