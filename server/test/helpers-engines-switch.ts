/**
 * Setup file of the server-postgres and server-redis projects (vitest.engines.config.ts): the
 * server's storage opener and, with W3KIT_TEST_REDIS=1, its scale set-up take the switched
 * engines of helpers-engines.ts. Only where the suite left them to the default (no `dbUrl`, no
 * `redisUrl`): a test that names its own database or Redis keeps it.
 */
import { vi } from 'vitest';
// Registers the file's clean-up (databases dropped, redis-servers stopped) before any test runs.
import './helpers-engines.js';
import type * as ServerStorage from '../src/storage/server-storage.js';
import type * as ScaleModule from '../src/scale.js';

vi.mock('../src/storage/server-storage.js', async (importOriginal) => {
  const real = await importOriginal<typeof ServerStorage>();
  const { switchedStorage } = await import('./helpers-engines.js');
  const openServerStorage: typeof real.openServerStorage = (dbUrl, dataDir) =>
    dbUrl ? real.openServerStorage(dbUrl, dataDir) : switchedStorage(dataDir);
  return { ...real, openServerStorage };
});

vi.mock('../src/scale.js', async (importOriginal) => {
  const real = await importOriginal<typeof ScaleModule>();
  // Not through helpers.ts: it imports the server, which imports this module (a cycle that never resolves).
  if (process.env.W3KIT_TEST_REDIS !== '1') return real;
  const { switchedRedisUrl } = await import('./helpers-engines.js');
  const openScale: typeof real.openScale = async (options) =>
    real.openScale(options.redisUrl ? options : { ...options, redisUrl: await switchedRedisUrl(options.storage) });
  return { ...real, openScale };
});
