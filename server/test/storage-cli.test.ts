/**
 * The command line on the storage seam: `projects` commands on Postgres through `--db`, `serve`
 * naming its engine in --help, and serve on Postgres refused with a sentence (the features still
 * on the SQLite handle), the password never printed.
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

  it('refuses to serve on Postgres yet, saying why, after migrating it', async () => {
    const url = withPassword(await postgresUrl());
    const served = await run(['--port', '0', '--db', url]);
    expect(served.code).toBe(1);
    expect(served.stderr).toMatch(
      /^w3kit-server: cannot start: postgres:\/\/w3kit:\*\*\*@127\.0\.0\.1:\d+\/t_[0-9a-f]+: serving on Postgres waits for/,
    );
    expect(served.stderr).not.toContain('hunter2');
  });

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
