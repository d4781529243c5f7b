/**
 * A full disk, for real: SQLite's max_page_count makes every write that needs a new page fail
 * with SQLITE_FULL, as a full file system does (and, where the tests run as root, a 1 MiB tmpfs
 * filled to the brim). The HTTP API answers 507 DISK_FULL in words, the relay storageFull with
 * the same words, /health names the disk and keeps the chain connected, and a start on a full
 * disk says the disk is full, not that the address is wrong.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPair } from '@walletconnect/relay-auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { main, type CliIo } from '../src/cli/index.js';
import { startFailure } from '../src/cli/start-failure.js';
import { resolveConfig } from '../src/config.js';
import { createProject, openDatabase, RPC_ERRORS, type Database, type RunningServer } from '../src/index.js';
import { waitFor } from './blockchain-helpers.js';
import { getJson, start, tempDir } from './helpers.js';
import { Peer, topic } from './relay-peer.js';

/** Lets the database grow no more: the next write that needs a page fails with SQLITE_FULL. */
function fillDisk(db: Database): void {
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
}

async function cli(cwd: string, ...argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const controller = new AbortController();
  const io: CliIo = {
    stdout: { write: () => controller.abort() },
    stderr: { write: (t: string) => (stderr += t) },
    env: {},
    cwd,
    signal: controller.signal,
  };
  const code = await main(argv, io);
  return { code, stderr };
}

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = tempDir('w3kit-disk-')));
afterEach(() => remove());

describe('a full disk while serving', () => {
  let server: RunningServer | undefined;
  let peer: Peer | undefined;
  afterEach(async () => {
    peer?.ws.terminate();
    await server?.close();
    server = peer = undefined;
  });

  it('the HTTP API answers 507 DISK_FULL, the relay storageFull, in words, and /health names the disk', async () => {
    server = await start({ dataDir: dir, framePort: false });
    createProject(server.db, { id: 'stats', name: 'Stats', allowedOrigins: ['https://stats.example.com'], analytics: true });
    peer = await Peer.open(server.relayUrl!, generateKeyPair());
    fillDisk(server.db);

    let reply;
    for (let i = 0; i < 200; i++) {
      reply = await getJson(server, '/e?projectId=stats&st=w3kit&sv=w3kit-0.1.0', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          eventId: crypto.randomUUID(),
          url: 'https://stats.example.com/app',
          domain: 'stats.example.com',
          timestamp: 1_760_000_000_000,
          props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
        }),
      });
      if (reply.status !== 202) break;
    }
    expect(reply!.status).toBe(507);
    expect(reply!.body).toEqual({ message: expect.stringMatching(/^The server's disk is full/), code: 'DISK_FULL' });

    const published = await peer.call('irn_publish', { topic: topic('disk'), message: 'x'.repeat(20_000), ttl: 300, tag: 1108 });
    expect(published.error).toEqual({ code: RPC_ERRORS.storageFull, message: expect.stringMatching(/^The server's disk is full/) });

    const health = await getJson(server, '/health');
    expect(health.status).toBe(200);
    expect(health.body.disk).toEqual({
      full: true,
      lastRefusedAt: expect.any(String),
      message: expect.stringMatching(/disk is full.*SQLITE_FULL/),
    });
    const ready = await getJson(server, '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).toMatch(/disk is full.*SQLITE_FULL/);

    // Space again: writes go through.
    server.db.pragma('max_page_count = 1073741823');
    expect((await peer.call('irn_publish', { topic: topic('disk'), message: 'y', ttl: 300, tag: 1108 })).result).toBe(true);
  });

  describe('with a chain', () => {
    let chain: HardhatNode;
    beforeAll(async () => {
      chain = await startHardhat({ port: 0 });
    }, 60_000);
    afterAll(() => chain?.stop());

    it('the indexer reports the disk, not the chain as disconnected', async () => {
      server = await start({
        dataDir: dir,
        relayPort: false,
        framePort: false,
        evmRpc: chain.url,
        evmPollIntervalMs: 50,
        evmStallAfterMs: 100,
      });
      await waitFor('the index', async () => ((await getJson(server!, '/health')).body.evm?.indexed ?? -1) >= 0 || undefined);
      fillDisk(server.db);
      // Blocks the index has no room for.
      await fetch(chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_mine', params: ['0x200'] }),
      });
      const health = await waitFor('the disk on /health', async () => {
        const body = (await getJson(server!, '/health')).body;
        return body.disk && body.evm.lastError ? body : undefined;
      });
      expect(health.evm).toMatchObject({ connected: true, lastError: expect.stringMatching(/^The server's disk is full.*SQLITE_FULL/) });
      expect(health.disk.full).toBe(true);
    }, 30_000);
  });
});

describe('the database file at start', () => {
  const file = () => path.join(dir, 'w3kit.sqlite');

  it('creates a new database only where there is no file', () => {
    const db = openDatabase(path.join(dir, 'new'));
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'schema_migrations'").get()).toEqual({ n: 1 });
    db.close();
    // Opened again: the same (w3kit) database.
    openDatabase(path.join(dir, 'new')).close();
  });

  it('refuses an empty (0-byte) file, a file that is not SQLite, and another program’s SQLite database', async () => {
    writeFileSync(file(), '');
    expect(() => openDatabase(dir)).toThrow(`${file()} is empty (0 bytes): it is not a w3kit database`);
    const run = await cli(dir, 'serve', '--data', dir, '--port', '0');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `w3kit-server: cannot start: ${file()} is empty (0 bytes): it is not a w3kit database. Move it away (or restore it from a backup) to start with a new database\n`,
    );

    writeFileSync(file(), 'name,address\nalice,0x1\n'.repeat(300));
    expect(() => openDatabase(dir)).toThrow(`${file()} is not a SQLite database`);
    expect((await cli(dir, 'serve', '--data', dir, '--port', '0')).stderr).toMatch(
      /^w3kit-server: cannot start: .* is not a SQLite database/,
    );

    rmSync(file());
    const BetterSqlite3 = (await import('better-sqlite3')).default;
    const foreign = new BetterSqlite3(file());
    foreign.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE orders (id INTEGER PRIMARY KEY)');
    foreign.close();
    expect(() => openDatabase(dir)).toThrow(
      `${file()} is not a w3kit database: it is another program's SQLite database (tables orders, users, no schema_migrations)`,
    );
    // Nothing was added to it.
    const after = new BetterSqlite3(file(), { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()).toEqual([
      { name: 'orders' },
      { name: 'users' },
    ]);
    after.close();
  });

  it('a start on a full disk says the disk is full, and leaves no empty file behind', async () => {
    // The words for a real SQLITE_FULL.
    const db = openDatabase(undefined);
    db.exec('CREATE TABLE filler (x BLOB)');
    fillDisk(db);
    let full: unknown;
    try {
      for (let i = 0; i < 10; i++) db.prepare('INSERT INTO filler VALUES (?)').run(Buffer.alloc(2000));
    } catch (err) {
      full = err;
    }
    db.close();
    const config = resolveConfig({ data: dir, port: '0' }, {}, dir);
    expect(startFailure(full, config)).toBe(
      `w3kit-server: cannot start: the disk holding ${dir} is full (SQLITE_FULL): free space on it and start again\n`,
    );

    // And a real full file system where one can be mounted (as root; CI runs as root).
    const mount = path.join(dir, 'tmpfs');
    mkdirSync(mount);
    let mounted = false;
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount], { stdio: 'ignore' });
      mounted = true;
    } catch {
      // Not root, or no mount: the SQLITE_FULL above is the test.
    }
    if (!mounted) return;
    try {
      try {
        writeFileSync(path.join(mount, 'filler'), Buffer.alloc(2 * 1024 * 1024));
      } catch (err) {
        expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      const data = path.join(mount, 'data');
      const run = await cli(dir, 'serve', '--data', data, '--port', '0');
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^w3kit-server: cannot start: The disk holding .*w3kit\.sqlite is full \(SQLITE_FULL\)/);
      expect(run.stderr).not.toMatch(/cannot start on/);
      // No empty database file is left for the next start to refuse.
      expect(readdirSync(data).filter((f) => f.startsWith('w3kit.sqlite'))).toEqual([]);
    } finally {
      execFileSync('umount', [mount], { stdio: 'ignore' });
    }
  });
});
