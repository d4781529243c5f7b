/**
 * The route-level server suites on the real engines (issue 31 §4), besides their SQLite run in
 * vitest.config.ts: `server-postgres` runs every suite that starts a server (startServer, the
 * test helpers' start(), the auth and frame harnesses) with its storage on a real Postgres, and
 * `server-redis` runs the relay and rate-limit ones on Postgres with a real Redis as `--redis`
 * (server/test/helpers-engines*.ts: one cluster per run, a database per server copied from a
 * migrated template, a redis-server per server). `npm test` runs both (scripts/test.mjs);
 * alone: `npx vitest run -c vitest.engines.config.ts --project server-postgres`.
 * Left out, with the reason: SQLITE_ONLY below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Suites that are about SQLite itself, or reach it beside the server, so they stay on SQLite. */
const SQLITE_ONLY: Record<string, string> = {
  'server/test/disk-full.test.ts': 'fills the SQLite file (max_page_count) to test a full disk',
  'server/test/db.test.ts': 'the SQLite file: opening, modes and in-place migration',
};

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : files(file);
    return e.name.endsWith('.test.ts') && !e.name.endsWith('.browser.test.ts') ? [file] : [];
  });

/**
 * Why a suite that starts a server stays on SQLite for now, or undefined: it reads or writes the
 * database through the SQLite handle (`server.db`, a `Database`), which a server on Postgres does
 * not have (to move to `server.storage` and the repositories), or its relay runs on a SQLite file
 * of its own (relay-fixture.ts), out of the switch's reach.
 */
function notSwitched(text: string): string | undefined {
  if (/\bserver!?\.db\b|\bopenDatabase\(/.test(text)) return 'reads or writes through the SQLite handle (server.db)';
  if (/dex-chain\.js/.test(text))
    return 'its DEX is deployed into the SQLite file of its data folder (dex-chain.ts) before the server starts';
  if (/useRelayFixture/.test(text)) return "its relay runs on relay-fixture.ts's own SQLite file";
  return undefined;
}

/** Suites that start a server in process (so the switch reaches its storage), not already on both engines (engines.ts) nor the bin's. */
function routeSuites(): string[] {
  return [...files('server/test'), ...files('server/src')]
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      if (/\bENGINES\b|runBin|built-bin/.test(text)) return false;
      return /\bstartServer\(|\bstart\(\s*[{)]|[hH]arness/.test(text) && notSwitched(text) === undefined;
    })
    .filter((file) => !(file in SQLITE_ONLY))
    .sort();
}

const suites = routeSuites();
/** The relay's and the rate limits' suites, also with a real Redis. */
const redisSuites = suites.filter((file) => /\/(relay[^/]*|rate-limit[^/]*|fixed-window)\.test\.ts$/.test(file));

const shared = {
  environment: 'node' as const,
  testTimeout: 20_000,
  hookTimeout: 60_000,
  globalSetup: ['server/test/helpers-engines-run.ts'],
  setupFiles: ['server/test/helpers-engines-switch.ts'],
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'server-postgres', include: suites, env: { W3KIT_TEST_ENGINE: 'postgres' } } },
      { test: { ...shared, name: 'server-redis', include: redisSuites, env: { W3KIT_TEST_ENGINE: 'postgres', W3KIT_TEST_REDIS: '1' } } },
    ],
  },
});
