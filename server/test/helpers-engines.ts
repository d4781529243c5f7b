/**
 * The engine switch of the route-level suites (vitest.engines.config.ts; setup file
 * helpers-engines-switch.ts): where a server would open SQLite (no `dbUrl`), it opens a database
 * of the run's Postgres cluster instead, copied from the migrated template: a fresh one for each
 * server without a data folder (as in-memory SQLite is fresh), the same one again for a server
 * restarted on the same data folder. With W3KIT_TEST_REDIS=1 each such storage also gets a
 * throwaway redis-server of its own (scripts/lib/redis.mjs), as `--redis`, so no two tests share
 * a window. Everything is dropped or stopped after the test file.
 */
import { afterAll, inject } from 'vitest';
import { databasesOn, type ThrowawayDatabase } from '../../scripts/lib/postgres.mjs';
import { startRedis, type RunningRedis } from '../../scripts/lib/redis.mjs';
import { openStorage, type Storage } from '../src/storage/engine.js';
import { storageTarget } from '../src/storage/url.js';

const byDataDir = new Map<string, ThrowawayDatabase>();
const created: ThrowawayDatabase[] = [];
/** The data folder (or a unique key) each switched storage stands for, to give its Redis. */
const keys = new WeakMap<object, string>();
const redisByKey = new Map<string, RunningRedis>();
let fresh = 0;

afterAll(async () => {
  const redises = [...redisByKey.values()];
  redisByKey.clear();
  byDataDir.clear();
  await Promise.all(redises.map((r) => r.stop()));
  for (const database of created.splice(0)) await database.drop();
});

/** The Postgres storage standing for the SQLite one of `dataDir` (undefined: a fresh database). */
export async function switchedStorage(dataDir: string | undefined): Promise<Storage> {
  let database = dataDir === undefined ? undefined : byDataDir.get(dataDir);
  if (!database) {
    const { adminUrl, template } = inject('w3kitPostgres');
    database = await databasesOn(adminUrl).createDatabase(template);
    created.push(database);
    if (dataDir !== undefined) byDataDir.set(dataDir, database);
  }
  const storage = await openStorage(storageTarget(database.url, undefined));
  keys.set(storage, dataDir ?? `fresh-${++fresh}`);
  return storage;
}

/** The Redis URL for a server on `storage`: one redis-server per data folder (or per fresh storage). */
export async function switchedRedisUrl(storage: object | undefined): Promise<string> {
  const key = (storage && keys.get(storage)) ?? `unkeyed-${++fresh}`;
  let redis = redisByKey.get(key);
  if (!redis) {
    redis = await startRedis();
    redisByKey.set(key, redis);
  }
  return redis.url;
}
