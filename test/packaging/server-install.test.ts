/**
 * A production install of w3kit-server (`npm install --omit=dev --omit=optional` of the packed
 * tarball) leaves out what only development and the local chains use (the development OpenID
 * provider, the SMTP sink, litesvm, the Uniswap artifacts: optional dependencies), and
 * `w3kit-server` without dev flags still starts; a dev flag or command then says what to install.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packServer } from '../../scripts/lib/packaging.mjs';
import { runBin } from '../../server/test/helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEV_ONLY = [
  'oidc-provider',
  'litesvm',
  'smtp-server',
  'mailparser',
  '@uniswap/v2-core',
  '@uniswap/v2-periphery',
  // aa deploy's contract artifacts and the bundler command's Alto (issue 34)
  '@account-abstraction/contracts',
  '@safe-global/safe-contracts',
  '@safe-global/safe-4337',
  '@pimlico/alto',
  // aa deploy's Zodiac Roles v2 mastercopy and ModuleProxyFactory (issue 34, sessions)
  '@gnosis.pm/zodiac',
];
const exec = promisify(execFile);

let dir: string;
let app: string;
let tarball: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'w3kit-server-prod-'));
  tarball = await packServer(dir);
  app = path.join(dir, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'production-install', private: true }));
  // Scripts off (as in the other packaging tests: no network for prebuilt binaries), then the
  // repository's own better-sqlite3 binary (the same pinned version, this Node) in its place.
  await exec(
    'npm',
    ['install', '--omit=dev', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', tarball],
    {
      cwd: app,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, npm_config_loglevel: 'error', NO_COLOR: '1' },
    },
  );
  cpSync(path.join(ROOT, 'node_modules/better-sqlite3/build'), path.join(app, 'node_modules/better-sqlite3/build'), { recursive: true });
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bin = () => path.join(app, 'node_modules/w3kit-server/dist/w3kit-server.js');
const env = { ...process.env, W3KIT_KEK: Buffer.alloc(32, 1).toString('base64') };

/** Runs the bin until it exits (a refusal) and resolves to its exit code and stderr. */
async function refused(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await exec(process.execPath, [bin(), ...args], { env, timeout: 20_000 });
    return { code: 0, stderr: '' };
  } catch (err) {
    const { code, stderr } = err as { code: number; stderr: string };
    return { code, stderr };
  }
}

describe('a production install of w3kit-server', () => {
  it('declares the development packages optional and installs none of them', () => {
    const pkg = JSON.parse(readFileSync(path.join(app, 'node_modules/w3kit-server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.optionalDependencies).sort()).toEqual([...DEV_ONLY].sort());
    expect(DEV_ONLY.filter((name) => name in pkg.dependencies)).toEqual([]);
    expect(DEV_ONLY.filter((name) => existsSync(path.join(app, 'node_modules', name)))).toEqual([]);
    expect(existsSync(path.join(app, 'node_modules/fastify'))).toBe(true);
  });

  it('serves without dev flags', async () => {
    const server = await runBin(bin(), ['--port', '0', '--data', path.join(dir, 'data')], env);
    const url = server.url;
    try {
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ ok: true });
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.stderr()).toBe('');
  }, 30_000);

  it('says which package a dev flag or command needs', async () => {
    const sink = await refused('--port', '0', '--data', path.join(dir, 'sink'), '--smtp-sink', '0');
    expect(sink).toEqual({
      code: 1,
      stderr:
        'w3kit-server: cannot start: The development SMTP sink (--smtp-sink) needs smtp-server and mailparser, which this install left out (optional dependencies of w3kit-server): install them with npm install smtp-server mailparser\n',
    });
    const oidc = await refused('--port', '0', '--data', path.join(dir, 'oidc'), '--oidc-port', '0');
    expect(oidc.code).toBe(1);
    expect(oidc.stderr).toMatch(
      /^w3kit-server: cannot start: The development OpenID provider \(--oidc-port\) needs oidc-provider, .*npm install oidc-provider\n$/m,
    );
    expect(await refused('svm', '--port', '0')).toEqual({
      code: 1,
      stderr:
        'w3kit-server svm: The local Solana chain (w3kit-server svm) needs litesvm, which this install left out (optional dependencies of w3kit-server): install it with npm install litesvm\n',
    });
  }, 60_000);
});
