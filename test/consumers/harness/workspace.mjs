/**
 * The consumer suite's install: the fixture apps copied out of the repository (so nothing
 * resolves through the repository's own node_modules), w3kit packed into that folder as
 * w3kit.tgz, and one `npm install` for the npm workspace that holds the apps. The folder is kept
 * between runs (W3KIT_CONSUMERS_DIR, default <tmp>/w3kit-consumers-<hash of this checkout's path>) so npm reuses the install.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packClient } from '../../../scripts/lib/packaging.mjs';

export const FIXTURES = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The fixture apps, in the order the suite runs them. */
export const APPS = ['vite-react-wagmi', 'next-app', 'vue', 'plain'];

/**
 * Apps installed on their own, outside the workspace (no parent node_modules to fall back on), by
 * the very line a dApp developer types: the wagmi app gets `npm install w3kit wagmi viem
 * @tanstack/react-query` (w3kit from the tarball, the rest from the registry at their latest),
 * which once left `@wagmi/core` nested under wagmi/node_modules where w3kit/wagmi could not reach it.
 */
export const STANDALONE = { 'vite-react-wagmi': ['wagmi', 'viem', '@tanstack/react-query'] };

/** One folder per checkout, so two checkouts' runs never share an install. */
export const workDir = () =>
  process.env.W3KIT_CONSUMERS_DIR ||
  path.join(tmpdir(), `w3kit-consumers-${createHash('sha256').update(FIXTURES).digest('hex').slice(0, 8)}`);

/**
 * Runs a command; resolves to `{ code, output }` (stdout and stderr together, at most 64 kB
 * kept) and never rejects on a non-zero exit. Killed (with its process group) after `timeoutMs`.
 */
export function exec(cmd, args, { cwd, env, timeoutMs = 10 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-64 * 1024);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      keep(`\n[killed after ${timeoutMs / 1000} s]`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, output: `${output}\n${error.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? -1 : 0), output });
    });
  });
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** The last lines of a command's output, without colour codes, for a failure message. */
export const tail = (output, lines = 25) => output.replace(ANSI, '').trimEnd().split('\n').slice(-lines).join('\n');

/** Runs `npm run <script>` in an app's folder (the workspace's bins on PATH); throws with the output's tail on failure. */
export async function npmRun(appDir, script, env) {
  const { code, output } = await exec('npm', ['run', '--silent', script], { cwd: appDir, env });
  if (code !== 0) throw new Error(`npm run ${script} exited with ${code}:\n${tail(output)}`);
  return output;
}

/** The folder of an app: in the workspace `dir`, or beside it for a standalone app. */
export const appDir = (dir, app) => (app in STANDALONE ? `${dir}-${app}` : path.join(dir, app));

/** Copies test/consumers (the workspace root and the apps, not this harness) into `dir`; the last install stays. */
export function copyFixtures(dir) {
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(FIXTURES, 'package.json'), path.join(dir, 'package.json'));
  for (const app of APPS) {
    const target = appDir(dir, app);
    rmSync(target, { recursive: true, force: true });
    cpSync(path.join(FIXTURES, app), target, { recursive: true });
  }
}

/**
 * Packs w3kit (dist/ must be built) to `dir`/w3kit.tgz and installs the workspace. The last run's
 * lockfiles go first, so the new tarball is what gets installed (npm still reuses what
 * node_modules and its cache hold). npm may hoist w3kit or keep a copy per app: `installedW3kit`
 * finds an app's.
 */
export async function packAndInstallApps(dir) {
  const tarball = await packClient(dir);
  renameSync(tarball, path.join(dir, 'w3kit.tgz'));
  rmSync(path.join(dir, 'package-lock.json'), { force: true });
  rmSync(path.join(dir, 'node_modules/.package-lock.json'), { force: true });
  rmSync(path.join(dir, 'node_modules/w3kit'), { recursive: true, force: true });
  const { code, output } = await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    env: { npm_config_loglevel: 'error' },
  });
  if (code !== 0) throw new Error(`npm install in ${dir} exited with ${code}:\n${tail(output)}`);
  for (const [app, line] of Object.entries(STANDALONE)) await installStandalone(appDir(dir, app), path.join(dir, 'w3kit.tgz'), line);
  return APPS.map((app) => installedW3kit(dir, app));
}

/** `npm install <w3kit tarball> ...line` in a standalone app's folder (its template's own dependencies come too). */
async function installStandalone(target, tarball, line) {
  rmSync(path.join(target, 'package-lock.json'), { force: true });
  rmSync(path.join(target, 'node_modules/w3kit'), { recursive: true, force: true });
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...line];
  const { code, output } = await exec('npm', args, { cwd: target, env: { npm_config_loglevel: 'error' } });
  if (code !== 0) throw new Error(`npm ${args.join(' ')} in ${target} exited with ${code}:\n${tail(output)}`);
}

/** The folder of the w3kit an app resolves: its own node_modules, else the workspace's. */
export function installedW3kit(dir, app) {
  const own = path.join(appDir(dir, app), 'node_modules/w3kit');
  for (const candidate of app in STANDALONE ? [own] : [own, path.join(dir, 'node_modules/w3kit')]) {
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  throw new Error(`${app} has no w3kit installed (looked in ${app}/node_modules and node_modules)`);
}
