#!/usr/bin/env node
/**
 * Finds a Chromium (or Chrome) for the browser tests, the end-to-end suites and the bench, or gets
 * one (issue 11, section 2), saying what it does. In order:
 *   1. CHROME_PATH (it must exist);
 *   2. an installed chromium, chromium-browser, google-chrome or google-chrome-stable (on PATH or
 *      at its usual path), or Playwright's cached Chromium (~/.cache/ms-playwright);
 *   3. on Debian or Ubuntu as root, `apt-get update` and `apt-get install -y chromium`;
 *   4. otherwise (or when apt fails), Playwright's own download: `npx playwright-core install chromium`.
 * When none works it stops with one line naming the ways to provide a browser.
 *
 * Node built-ins only, so it runs before `npm ci` too. As a CLI (`node scripts/lib/browser.mjs`) it
 * prints the executable's path on stdout and everything else on stderr. Installs take a lock in the
 * temp folder, so parallel callers (test workers, the test runner's config) install once.
 */
import { spawn } from 'node:child_process';
import * as nodeFs from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Executable names looked up on PATH, most specific first. */
export const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** Where the common packages put them when PATH does not say. */
export const USUAL_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** The one line printed when no way to a browser worked. */
export const NO_BROWSER =
  'No Chromium found or installable: set CHROME_PATH to a Chrome or Chromium executable, install chromium (or google-chrome), or run as root on Debian/Ubuntu so apt-get can install it.';

const LOCK_STALE_MS = 15 * 60_000;

/** Runs a command, its output on stderr (stdout stays free for the CLI's path); rejects on failure. */
function spawnToStderr(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 2, 2], env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** The real machine: what tests replace. */
export function systemDeps() {
  return {
    env: process.env,
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
    home: homedir(),
    fs: nodeFs,
    exec: spawnToStderr,
    log: (line) => console.error(line),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    lockDir: path.join(tmpdir(), 'w3kit-browser-install.lock'),
  };
}

/** Playwright's cached Chromium builds, newest first. */
export function playwrightExecutables({ env, platform, home, fs }) {
  const root =
    env.PLAYWRIGHT_BROWSERS_PATH ||
    (platform === 'darwin' ? path.join(home, 'Library/Caches/ms-playwright') : path.join(home, '.cache/ms-playwright'));
  let entries;
  try {
    entries = fs.readdirSync(root);
  } catch {
    return [];
  }
  const builds = entries
    .filter((name) => /^chromium-\d+$/.test(name))
    .sort((a, b) => Number(b.slice('chromium-'.length)) - Number(a.slice('chromium-'.length)));
  const inside = ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium'];
  return builds.flatMap((build) => inside.map((rel) => path.join(root, build, rel)));
}

/** An installed browser, or undefined: PATH, the usual paths, then Playwright's cache. */
export function findInstalled(deps) {
  const { env, fs } = deps;
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of BROWSER_NAMES) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      if (fs.existsSync(candidate)) return { path: candidate, how: `${name} on PATH` };
    }
  }
  for (const candidate of USUAL_PATHS) if (fs.existsSync(candidate)) return { path: candidate, how: 'installed' };
  for (const candidate of playwrightExecutables(deps))
    if (fs.existsSync(candidate)) return { path: candidate, how: "Playwright's Chromium" };
  return undefined;
}

/** CHROME_PATH when set (throws when it does not exist), else an installed browser, else undefined. */
export function findBrowser(deps) {
  const given = deps.env.CHROME_PATH;
  if (given) {
    if (!deps.fs.existsSync(given))
      throw new Error(`CHROME_PATH is ${given}, which does not exist: point it at a Chrome or Chromium executable.`);
    return { path: given, how: 'CHROME_PATH' };
  }
  return findInstalled(deps);
}

/** True on Debian, Ubuntu and their derivatives (ID or ID_LIKE in /etc/os-release). */
export function isDebianLike({ fs }) {
  let text;
  try {
    text = fs.readFileSync('/etc/os-release', 'utf8');
  } catch {
    return false;
  }
  const field = (key) => (new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1] ?? '').replace(/["']/g, '').split(/\s+/);
  return [...field('ID'), ...field('ID_LIKE')].some((id) => id === 'debian' || id === 'ubuntu');
}

/** The installs to try, in order: apt on Debian/Ubuntu as root, then Playwright's download. */
export function installSteps(deps) {
  const steps = [];
  if (deps.platform === 'linux' && deps.isRoot && isDebianLike(deps)) steps.push('apt');
  steps.push('playwright');
  return steps;
}

async function runStep(step, { exec, log }) {
  if (step === 'apt') {
    log('No Chromium found: installing it with apt-get (apt-get update && apt-get install -y chromium)...');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    await exec('apt-get', ['update'], env);
    await exec('apt-get', ['install', '-y', 'chromium'], env);
  } else {
    log("No Chromium found: downloading Playwright's Chromium (npx playwright-core install chromium)...");
    await exec('npx', ['playwright-core', 'install', 'chromium']);
  }
}

/**
 * Runs `fn` holding the install lock (a directory: mkdir is atomic), unless a browser can be found
 * once it holds it. While another process holds it, waits, and returns what that process
 * installed as soon as it can be found.
 */
export async function withInstallLock(deps, fn) {
  const { fs, lockDir, sleep } = deps;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      const found = findInstalled(deps);
      if (found) return found;
      let age = 0;
      try {
        age = Date.now() - fs.statSync(lockDir).mtimeMs;
      } catch {
        continue; // released between our mkdir and stat: try again
      }
      if (age > LOCK_STALE_MS) fs.rmSync(lockDir, { recursive: true, force: true });
      else await sleep(1000);
      continue;
    }
    try {
      return findInstalled(deps) ?? (await fn());
    } finally {
      fs.rmSync(lockDir, { recursive: true, force: true });
    }
  }
}

/** Finds or installs a browser; resolves to { path, how }. Rejects with NO_BROWSER when nothing works. */
export async function resolveBrowser(deps) {
  const found = findBrowser(deps);
  if (found) return found;
  return withInstallLock(deps, async () => {
    for (const step of installSteps(deps)) {
      try {
        await runStep(step, deps);
      } catch (error) {
        deps.log(`  ${step === 'apt' ? 'apt-get' : 'playwright-core install'} failed: ${error?.message ?? error}`);
        continue;
      }
      const installed = findInstalled(deps);
      if (installed) return { ...installed, how: step === 'apt' ? 'installed with apt-get' : "downloaded Playwright's Chromium" };
    }
    throw new Error(NO_BROWSER);
  });
}

let cached;

/**
 * The browser's executable path, found or installed once per process. Prints one line saying
 * which browser it uses unless `quiet` (installs always say what they do).
 * @param {{ quiet?: boolean, deps?: object }} [options] `deps` replaces the machine (tests).
 */
export async function ensureBrowser({ quiet = false, deps } = {}) {
  const machine = deps ?? systemDeps();
  const lookup = deps ? resolveBrowser(machine) : (cached ??= resolveBrowser(machine));
  if (!deps) lookup.catch(() => (cached = undefined));
  const found = await lookup;
  if (!quiet) machine.log(`Browser: ${found.path} (${found.how})`);
  return found.path;
}

/** ensureBrowser() for scripts: on failure prints the one line and exits 1. */
export async function ensureBrowserOrExit(options) {
  try {
    return await ensureBrowser(options);
  } catch (error) {
    console.error(error?.message ?? String(error));
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const found = await ensureBrowserOrExit();
  process.stdout.write(`${found}\n`);
}
