/**
 * The consumer suite's install: the fixture apps copied out of the repository (so nothing
 * resolves through the repository's own node_modules), w3kit packed into that folder as
 * w3kit.tgz, and one `npm install` for the npm workspace that holds the apps. The folder is kept
 * between runs (W3KIT_CONSUMERS_DIR, default <tmp>/w3kit-consumers) so npm reuses the install.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packClient } from '../../../scripts/lib/packaging.mjs';

export const FIXTURES = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The fixture apps, in the order the suite runs them. */
export const APPS = ['vite-react-wagmi', 'next-app', 'vue', 'plain'];

export const workDir = () => process.env.W3KIT_CONSUMERS_DIR || path.join(tmpdir(), 'w3kit-consumers');

/**
 * Runs a command; resolves to `{ code, output }` (stdout and stderr together, at most 64 kB
 * kept) and never rejects on a non-zero exit. Killed (with its process group) after `timeoutMs`.
 */
export function exec(cmd, args, { cwd, env, timeoutMs = 10 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** The last lines of a command's output, for a failure message. */
export const tail = (output, lines = 25) => output.trimEnd().split('\n').slice(-lines).join('\n');

/** Runs `npm run <script>` in an app's folder (the workspace's bins on PATH); throws with the output's tail on failure. */
export async function npmRun(appDir, script, env) {
  const { code, output } = await exec('npm', ['run', '--silent', script], { cwd: appDir, env });
  if (code !== 0) throw new Error(`npm run ${script} exited with ${code}:\n${tail(output)}`);
  return output;
}

/** Copies test/consumers (the workspace root and the apps, not this harness) into `dir`; the last install stays. */
export function copyFixtures(dir) {
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(FIXTURES, 'package.json'), path.join(dir, 'package.json'));
  for (const app of APPS) {
    const target = path.join(dir, app);
    rmSync(target, { recursive: true, force: true });
    cpSync(path.join(FIXTURES, app), target, { recursive: true });
  }
}

/**
 * Packs w3kit (dist/ must be built) to `dir`/w3kit.tgz and installs the workspace. The last run's
 * w3kit is dropped from the lockfile first, so the new tarball is what gets installed.
 */
export async function packAndInstallApps(dir) {
  const tarball = await packClient(dir);
  renameSync(tarball, path.join(dir, 'w3kit.tgz'));
  const lockPath = path.join(dir, 'package-lock.json');
  if (existsSync(lockPath)) {
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    for (const key of Object.keys(lock.packages ?? {})) {
      if (/(^|\/)node_modules\/w3kit(\/|$)/.test(key)) delete lock.packages[key];
    }
    writeFileSync(lockPath, JSON.stringify(lock, null, 2));
  }
  rmSync(path.join(dir, 'node_modules/w3kit'), { recursive: true, force: true });
  const { code, output } = await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    env: { npm_config_loglevel: 'error' },
  });
  if (code !== 0) throw new Error(`npm install in ${dir} exited with ${code}:\n${tail(output)}`);
  const installed = JSON.parse(readFileSync(path.join(dir, 'node_modules/w3kit/package.json'), 'utf8'));
  return { version: installed.version };
}
