/**
 * The scale bench's scenarios: one instance on SQLite; one on Postgres + Redis; two on the same
 * Postgres + Redis behind nginx. Each resolves to { status: 'measured', figures } or to
 * { status: 'skipped', reason } (no engine here, or the bin's own refusal): never made-up numbers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startPostgres } from '../../lib/postgres.mjs';
import { startRedis } from '../../lib/redis.mjs';
import { findNginx, startNginx } from './balancer.mjs';
import { startInstance } from './instance.mjs';
import { measureScale } from './measure.mjs';

/** Runs `body(cleanups)`, then every cleanup pushed, last first. */
async function withCleanups(body) {
  const cleanups = [];
  try {
    return await body(cleanups);
  } finally {
    for (const cleanup of cleanups.reverse())
      await Promise.resolve()
        .then(cleanup)
        .catch(() => undefined);
  }
}

function tempDir(cleanups, prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const skipped = (reason) => ({ status: 'skipped', reason });

/** Starts an instance; its close is pushed onto `cleanups`. */
async function instance(cleanups, options, args = []) {
  const started = await startInstance({
    dataDir: tempDir(cleanups, 'w3kit-scale-data-'),
    args,
    cpuProfDir: options.cpuProf,
    bin: options.bin,
    nodeArgs: options.semiSpaceMB ? [`--max-semi-space-size=${options.semiSpaceMB}`] : [],
  });
  if (!started.refused) cleanups.push(() => started.close());
  return started;
}

/** A throwaway Postgres database and Redis: { db, redis } or { reason } when either cannot be had. */
async function engines(cleanups) {
  try {
    const pg = await startPostgres();
    cleanups.push(() => pg.stop());
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    return { db: (await pg.createDatabase()).url, redis: redis.url };
  } catch (error) {
    return { reason: error?.message ?? String(error) };
  }
}

export const SCENARIO_LABELS = {
  sqlite: 'one instance, SQLite',
  postgres: 'one instance, Postgres + Redis',
  balancer: 'two instances, Postgres + Redis, behind nginx',
};

export const SCENARIO_RUNS = {
  sqlite: (options, log) =>
    withCleanups(async (cleanups) => {
      const one = await instance(cleanups, options);
      if (one.refused) return skipped(`the bin refused to start: ${one.refused}`);
      return {
        status: 'measured',
        figures: await measureScale({ httpUrl: one.url, relayUrl: one.relayUrl, pids: [one.pid] }, options, log),
      };
    }),

  postgres: (options, log) =>
    withCleanups(async (cleanups) => {
      const e = await engines(cleanups);
      if (e.reason) return skipped(e.reason);
      const one = await instance(cleanups, options, ['--db', e.db, '--redis', e.redis]);
      if (one.refused) return skipped(`the bin refused to start: ${one.refused}`);
      return {
        status: 'measured',
        figures: await measureScale({ httpUrl: one.url, relayUrl: one.relayUrl, pids: [one.pid] }, options, log),
      };
    }),

  balancer: (options, log) =>
    withCleanups(async (cleanups) => {
      const nginx = findNginx();
      if (!nginx) return skipped('no nginx installed (Debian: apt-get install nginx)');
      const e = await engines(cleanups);
      if (e.reason) return skipped(e.reason);
      const ports = { api: await freePort(), relay: await freePort() };
      const args = ['--db', e.db, '--redis', e.redis, '--relay-public-url', `ws://127.0.0.1:${ports.relay}`];
      // One after the other: the first applies the migrations.
      const one = await instance(cleanups, options, args);
      if (one.refused) return skipped(`the bin refused to start: ${one.refused}`);
      const two = await instance(cleanups, options, args);
      if (two.refused) return skipped(`the second instance refused to start: ${two.refused}`);
      const dir = tempDir(cleanups, 'w3kit-scale-nginx-');
      const lb = await startNginx(nginx, { dir, api: [one.url, two.url], relay: [one.relayUrl, two.relayUrl], ports });
      cleanups.push(() => lb.close());
      log(`  nginx (one worker) on ${lb.url} and ${lb.relayUrl}; server CPU and RSS below are both instances'`);
      const target = { httpUrl: lb.url, relayUrl: lb.relayUrl, pids: [one.pid, two.pid] };
      return { status: 'measured', figures: await measureScale(target, options, log) };
    }),
};
