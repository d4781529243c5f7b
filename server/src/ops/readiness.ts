/**
 * GET /ready's checks: whether this instance can serve, not merely answer (that is /health).
 * Each check names what is wrong in words, or nothing when it is fine. The database's check is
 * the storage layer's (storage/readiness.ts, either engine); Redis's is a PING answered within 1 s.
 */
import type { Storage } from '../storage/engine.js';
import { storageReadiness } from '../storage/readiness.js';
import type { ReadinessCheck } from './readiness-check.js';
import type { RedisLink } from '../redis/client.js';

export type { ReadinessCheck } from './readiness-check.js';

/** The checks of an instance: the database's, and with `--redis` whether Redis answers PING (issue 31 §2). */
export function readinessChecks(storage: Storage, redis?: RedisLink): ReadinessCheck[] {
  return [storageReadiness(storage), ...(redis ? [{ name: 'redis', check: () => redis.problem() }] : [])];
}
