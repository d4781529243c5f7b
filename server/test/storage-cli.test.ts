/**
 * The command line on the storage seam: `projects` commands on Postgres through `--db`, `serve`
 * naming its engine in --help, serving on Postgres, a second instance on it without Redis refused
 * with a sentence, the password never printed.
 */
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli/index.js';
import { postgresUrl } from './engines.js';
import { tempDir } from './helpers.js';

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const { dir, remove } = tempDir();
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env, cwd: dir };
  try {
    const code = await main(argv, io);
    return { code, stdout, stderr };
  } finally {
    remove();
  }
}

/** The URL with a password (trust authentication ignores it) to check it is never printed. */
const withPassword = (url: string) =>
  url.replace('postgres://w3kit@', 'postgres://w3kit:hunter2-secret@').replace(/:w3kit@/, ':hunter2-secret@');

describe('the command line on Postgres', () => {
  it('adds, lists, sets and removes projects on --db or W3KIT_DB_URL', async () => {
    const url = withPassword(await postgresUrl());
    const added = await run(['projects', 'add', 'shop', '--name', 'Shop', '--origins', 'https://shop.example', '--db', url]);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toContain('Added project shop\t"Shop"');
    expect((await run(['projects', 'set', 'shop', '--analytics', 'on'], { W3KIT_DB_URL: url })).code).toBe(0);
    const listed = await run(['projects', 'list', '--json', '--db', url]);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: 'shop', allowedOrigins: ['https://shop.example'], analytics: true }]);
    expect((await run(['projects', 'add', 'shop', '--name', 'Again', '--db', url])).stderr).toBe(
      "w3kit-server: <id>: Project 'shop' already exists\n",
    );
    expect((await run(['projects', 'remove', 'shop', '--db', url])).code).toBe(0);
    const empty = await run(['projects', 'list', '--db', url]);
    expect(empty.stdout).toMatch(/^No projects in postgres:\/\/w3kit:\*\*\*@127\.0\.0\.1:\d+\/t_[0-9a-f]+ /);
    expect(empty.stdout + empty.stderr).not.toContain('hunter2');
  });

  it('serves on Postgres (the start line names it without the password); a second instance without Redis is refused, saying why', async () => {
    const url = withPassword(await postgresUrl());
    const stop = new AbortController();
    let stdout = '';
    let stderr = '';
    const { dir, remove } = tempDir();
    const io: CliIo = {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      env: {},
      cwd: dir,
      signal: stop.signal,
    };
    const serving = main(['--port', '0', '--relay-port', '0', '--frame-port', '0', '--db', url, '--seed'], io);
    try {
      const deadline = Date.now() + 20_000;
      while (!stdout.includes('w3kit-db') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stdout, stderr).toMatch(/w3kit-db {6}postgres postgres:\/\/w3kit:\*\*\*@127\.0\.0\.1:\d+\/t_[0-9a-f]+ {2}\(database\)/);
      expect(stdout).not.toContain('hunter2');
      const api = /^w3kit-server {2}(\S+)/m.exec(stdout)![1]!;
      const ready = await fetch(`${api}/ready`);
      expect(await ready.json()).toMatchObject({ ready: true, checks: { database: 'ok' } });
      const wallets = await fetch(`${api}/getWallets?projectId=w3kit-dev&entries=2&page=1`, {
        headers: { origin: 'http://localhost:5173' },
      });
      expect(wallets.status).toBe(200);

      const second = await run(['--port', '0', '--relay-port', '0', '--frame-port', '0', '--db', url]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('another w3kit-server instance already serves this Postgres database without Redis');
      expect(second.stderr).not.toContain('hunter2');
    } finally {
      stop.abort();
      expect(await serving).toBe(0);
      remove();
    }
  }, 60_000);

  it('names an unreachable Postgres without its password', async () => {
    const closed = await run(['projects', 'list', '--db', 'postgres://w3kit:hunter2-secret@127.0.0.1:1/w3kit']);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(/^w3kit-server: cannot use the database postgres:\/\/w3kit:\*\*\*@127\.0\.0\.1:1\/w3kit: .*ECONNREFUSED/);
    expect(closed.stderr).not.toContain('hunter2');
  });

  it('says in --help how to choose the engine', async () => {
    const help = await run(['--help']);
    expect(help.stdout).toContain('--db URL');
    expect(help.stdout).toContain('postgres://USER:PASS@HOST:PORT/DB');
  });
});
