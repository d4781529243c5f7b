#!/usr/bin/env node
/**
 * Finds a Redis for the tests (issue 31, section 4), or gets one, the way postgres.mjs gets a
 * Postgres, saying what it does: an installed `redis-server` (on PATH or /usr/bin), else on
 * Debian or Ubuntu as root `apt-get install -y redis-server`. When neither works it stops with
 * one line naming the ways (NO_REDIS). `startRedis()` runs a throwaway server of its own on a
 * free port of 127.0.0.1 (never a fixed one), without persistence, in a temp folder removed on
 * stop. As a CLI (`node scripts/lib/redis.mjs`) it starts one, prints its URL and the time
 * taken, and stops it. W3KIT_TEST_REDIS_WAY=installed|apt tries that way only.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './postgres.mjs';

export const NO_REDIS =
  'No Redis found or installable: install redis-server (Debian: apt-get install redis-server, as root) or put redis-server on PATH.';

const log = (line) => console.error(`redis: ${line}`);

/** An installed redis-server: on PATH, else /usr/bin or /usr/local/bin. */
export function findInstalled(env = process.env) {
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) {
    const file = path.join(dir, 'redis-server');
    if (fs.existsSync(file)) return { bin: file, how: `found ${file}` };
  }
  return undefined;
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-400)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed: ${stderr}`))));
  });
}

const isDebianLike = () => {
  try {
    return /ID(_LIKE)?=.*(debian|ubuntu)/i.test(fs.readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
};

/** How to run a Redis here; throws NO_REDIS. */
export async function getRedis(only = process.env.W3KIT_TEST_REDIS_WAY) {
  const installed = only === undefined || only === 'installed' ? findInstalled() : undefined;
  if (installed) return installed;
  if ((only === undefined || only === 'apt') && process.getuid?.() === 0 && isDebianLike()) {
    try {
      log('none installed; apt-get install -y redis-server (as root)');
      await run('apt-get', ['update']);
      await run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { DEBIAN_FRONTEND: 'noninteractive' });
      const got = findInstalled();
      if (got) return { bin: got.bin, how: `installed with apt: ${got.bin}` };
    } catch (err) {
      log(`apt-get failed: ${err.message.split('\n')[0]}`);
    }
  }
  throw new Error(NO_REDIS);
}

/** Resolves true when a Redis on the port answers PING with PONG. */
export function pings(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      reply += d;
      if (!reply.includes('\r\n')) return;
      socket.destroy();
      resolve(reply.startsWith('+PONG'));
    });
    socket.on('error', () => resolve(false));
  });
}

/** Starts a throwaway Redis; resolves to { url, port, dir, how, ms, stop() }. */
export async function startRedis() {
  const started = Date.now();
  const way = await getRedis();
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'w3kit-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
  const child = spawn(way.bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let exit;
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-400)));
  child.on('exit', (code, signal) => (exit = `${code ?? signal} ${stderr.trim()}`));
  const stop = async () => {
    if (exit === undefined) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 10_000;
  while (!(await pings(port))) {
    if (exit !== undefined || Date.now() > until) {
      await stop();
      throw new Error(`redis-server did not answer on port ${port}: ${exit ?? 'no PONG within 10 s'}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url: `redis://127.0.0.1:${port}`, port, dir, how: way.how, ms: Date.now() - started, stop };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const redis = await startRedis();
    console.log(`${redis.url}  (${redis.how}; started in ${redis.ms} ms)`);
    await redis.stop();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
