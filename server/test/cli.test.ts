/** The w3kit-server command line, run in process against a temporary data directory. */
import { walletEntry } from '../../src/test-utils/wallet-entry.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli/index.js';
import { countWallets, getProject, listProjects, openDatabase } from '../src/index.js';
import { tempDir } from './helpers.js';

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = tempDir()));
afterEach(() => remove());

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {}, cwd: dir };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const data = () => ['--data', path.join(dir, 'data')];

function withDb<T>(fn: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(path.join(dir, 'data'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('w3kit-server --help', () => {
  it('prints usage and flags, the relay, the frame site and e-mail among them', async () => {
    const run = await cli('--help');
    expect(run.code).toBe(0);
    for (const text of [
      'projects add <id> --name NAME',
      'wallets import FILE',
      '--relay-port',
      '--relay-public-url URL\n',
      'W3KIT_RELAY_IP_BYTES_PER_HOUR',
      '--frame-port',
      '--evm-rpc',
      '--solana-rpc',
      '--bitcoin-esplora URL',
      'W3KIT_BITCOIN_ESPLORA',
      '--seed',
      '--frame-public-url URL\n',
      '--smtp URL',
      '--mail-from ADDR',
      '--smtp-sink N',
      '--kek-file FILE',
      'W3KIT_KEK',
      'WalletConnect relay',
    ]) {
      expect(run.stdout).toContain(text);
    }
    expect(run.stdout).not.toMatch(/not served/i);
  });
});

describe('projects commands', () => {
  it('add, set, list and remove', async () => {
    const add = await cli(
      'projects',
      'add',
      'shop',
      '--name',
      'Shop',
      '--origins',
      'https://shop.example.com, http://localhost:*',
      '--analytics',
      'on',
      '--features',
      '{"email":true}',
      ...data(),
    );
    expect(add).toMatchObject({ code: 0, stderr: '' });
    expect(add.stdout).toContain('Added project shop');
    expect(withDb((db) => getProject(db, 'shop'))).toMatchObject({
      name: 'Shop',
      allowedOrigins: ['https://shop.example.com', 'http://localhost:*'],
      analytics: true,
      features: { email: true },
    });

    const set = await cli('projects', 'set', 'shop', '--analytics', 'off', '--origins', '', ...data());
    expect(set.code).toBe(0);
    expect(withDb((db) => getProject(db, 'shop'))).toMatchObject({
      name: 'Shop',
      allowedOrigins: [],
      analytics: false,
      features: { email: true },
    });

    await cli('projects', 'add', 'blog', '--name', 'Blog', ...data());
    const list = await cli('projects', 'list', ...data());
    expect(list.code).toBe(0);
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).toEqual(['blog', 'shop']);
    const json = await cli('projects', 'list', '--json', ...data());
    expect(JSON.parse(json.stdout).map((p: { id: string }) => p.id)).toEqual(['blog', 'shop']);

    expect((await cli('projects', 'remove', 'blog', ...data())).code).toBe(0);
    expect(withDb(listProjects).map((p) => p.id)).toEqual(['shop']);
    const again = await cli('projects', 'remove', 'blog', ...data());
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Unknown project 'blog'");
  });

  it('sets, shows and resets the sign-in chains', async () => {
    const add = await cli(
      'projects',
      'add',
      'local',
      '--name',
      'Local',
      '--siwx-chains',
      'eip155:31337, solana:9RBqoiFs7cLT5bbZ4bKGEFZgvmojsDxM',
      ...data(),
    );
    expect(add).toMatchObject({ code: 0, stderr: '' });
    expect(add.stdout).toContain('\tsiwx chains eip155:31337, solana:9RBqoiFs7cLT5bbZ4bKGEFZgvmojsDxM\n');
    expect(withDb((db) => getProject(db, 'local'))!.siwxChains).toEqual(['eip155:31337', 'solana:9RBqoiFs7cLT5bbZ4bKGEFZgvmojsDxM']);

    expect((await cli('projects', 'set', 'local', '--siwx-chains', 'eip155:1', ...data())).code).toBe(0);
    const list = await cli('projects', 'list', ...data());
    expect(list.stdout).toContain('\tsiwx chains eip155:1\n');
    const json = await cli('projects', 'list', '--json', ...data());
    expect(JSON.parse(json.stdout)[0].siwxChains).toEqual(['eip155:1']);

    const reset = await cli('projects', 'set', 'local', '--siwx-chains', 'default', ...data());
    expect(reset.stdout).toContain('\tsiwx chains default\n');
    expect(withDb((db) => getProject(db, 'local'))!.siwxChains).toBeNull();

    const bad = await cli('projects', 'set', 'local', '--siwx-chains', 'eip155:1,eip155:999999999999999999', ...data());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--siwx-chains');
    expect(bad.stderr).toContain('"eip155:999999999999999999"');
    expect((await cli('projects', 'set', 'local', '--siwx-chains', '', ...data())).stderr).toContain('at least one chain');
    expect(withDb((db) => getProject(db, 'local'))!.siwxChains).toBeNull();
  });

  it('names the flag of a bad value and exits 2', async () => {
    const cases: [string[], string][] = [
      [['projects', 'add', 'x', '--name', 'X', '--origins', 'ftp://nope'], '--origins'],
      [['projects', 'add', 'x', '--name', 'X', '--analytics', 'maybe'], '--analytics'],
      [['projects', 'add', 'x', '--name', 'X', '--features', '{nope'], '--features'],
      [['projects', 'add', 'x', '--name', 'X', '--features', '{"email":"yes"}'], '--features'],
      [['projects', 'add', 'x'], '--name'],
      [['projects', 'add', 'x', '--name', ''], '--name'],
      [['projects', 'add', 'x'.repeat(129), '--name', 'X'], '<id>'],
      [['projects', 'set', 'x'], '--name'],
      [['projects', 'add', 'x', '--name', 'X', '--replace'], '--replace'],
      [['projects', 'add', 'x', '--name', 'X', '--siwx-chains', 'cosmos:hub'], '--siwx-chains'],
      [['projects', 'add'], '<id>'],
    ];
    for (const [argv, flag] of cases) {
      const run = await cli(...argv, ...data());
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).toContain(flag);
    }
    expect(withDb(listProjects)).toEqual([]);
  });

  it('rejects unknown commands and flags with exit 2', async () => {
    expect((await cli('projects', 'rename', 'x')).code).toBe(2);
    expect((await cli('launch')).code).toBe(2);
    const unknown = await cli('--colour', 'blue');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("'--colour'");
  });
});

describe('wallets commands', () => {
  it('import a file, count, and reject a bad file importing nothing', async () => {
    const good = path.join(dir, 'good.json');
    const wallet = walletEntry('acme', {
      name: 'Acme Wallet',
      homepage: 'https://acme.example',
      rdns: 'example.acme',
      mobile_link: 'acme://',
    });

    writeFileSync(good, JSON.stringify([wallet]));
    const imported = await cli('wallets', 'import', good, ...data());
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    expect(imported.stdout).toContain('Imported 1 wallets');
    expect((await cli('wallets', 'count', ...data())).stdout.trim()).toBe('1');

    const bad = path.join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify([
        { ...wallet, id: 'ok-too' },
        { ...wallet, id: 'broken', badge_type: 'gold' },
      ]),
    );
    const failed = await cli('wallets', 'import', bad, '--replace', ...data());
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("entry 1 (id 'broken'): 'badge_type'");
    expect(withDb(countWallets)).toBe(1);

    writeFileSync(bad, JSON.stringify([{ ...wallet, id: 'replaced' }]));
    expect((await cli('wallets', 'import', bad, '--replace', ...data())).code).toBe(0);
    expect((await cli('wallets', 'count', ...data())).stdout.trim()).toBe('1');
    expect((await cli('wallets', 'import', ...data())).code).toBe(2);
  });
});

describe('running the server', () => {
  it('serves with --seed until stopped, printing the Provider API and relay lines', async () => {
    const controller = new AbortController();
    let stdout = '';
    let ready!: (url: string) => void;
    const started = new Promise<string>((resolve) => (ready = resolve));
    const io: CliIo = {
      stdout: {
        write: (t: string) => {
          stdout += t;
          const url = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)?.[0];
          if (url) ready(url);
        },
      },
      stderr: { write: () => undefined },
      signal: controller.signal,
      env: {},
      cwd: dir,
    };
    const done = main(['--port', '0', '--seed', ...data()], io);
    const url = await started;
    expect(stdout).toMatch(
      /^w3kit-server {2}http:\/\/127\.0\.0\.1:\d+ {2}\(Provider API\)\nw3kit-relay {3}ws:\/\/127\.0\.0\.1:\d+ {2}\(WalletConnect relay\)\nw3kit-frame {3}http:\/\/localhost:\d+ {2}\(secure frame site; localhost: passkeys refuse IP-address origins\)\nw3kit-db {6}sqlite \S+w3kit\.sqlite {2}\(database\)\n$/,
    );
    expect(stdout).toContain(`w3kit-db      sqlite ${path.join(dir, 'data', 'w3kit.sqlite')}  (database)`);
    const wallets = (await (await fetch(`${url}/getWallets?projectId=w3kit-dev&entries=1`)).json()) as { count: number };
    expect(wallets.count).toBe(1000);
    controller.abort();
    expect(await done).toBe(0);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });

  it('exits 2 naming a bad flag value, 1 when the port is taken', async () => {
    const bad = await cli('--port', 'eighty', ...data());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--port');
    expect((await cli('--evm-rpc', 'nope', ...data())).stderr).toContain('--evm-rpc');

    const { startServer } = await import('../src/index.js');
    const busy = await startServer({ port: 0 });
    try {
      const taken = await cli('--port', String(busy.port), ...data());
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain('the port is in use');
    } finally {
      await busy.close();
    }
  });
});
