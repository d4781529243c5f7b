/**
 * GET /ready's checks: whether this instance can serve, not merely answer (that is /health).
 * Each check names what is wrong in words, or nothing when it is fine. The database's check is
 * the storage layer's (storage/sqlite-readiness.ts).
 */
import { databaseReadiness } from '../storage/sqlite-readiness.js';
import type { ReadinessCheck } from './readiness-check.js';

export type { ReadinessCheck } from './readiness-check.js';

/** The checks of an instance: one place to add one (Redis's PING joins here with `--redis`, issue 31 §2). */
export function readinessChecks(db: Parameters<typeof databaseReadiness>[0]): ReadinessCheck[] {
  return [databaseReadiness(db)];
}
