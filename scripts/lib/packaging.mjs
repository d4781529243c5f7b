/**
 * Packs the two packages of the repository (the `w3kit` client at the root, `w3kit-server` in
 * server/) and installs the client's tarball into an empty folder the way a dApp would, so the
 * packaging test and the bench can see what a dApp really gets: which packages, how many bytes
 * on disk, whether anything needs a native build. The client must be built (dist/) first; the
 * server's tarball builds its bin in `prepack`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs npm with the given args in `cwd`; resolves to its stdout. */
async function npm(args, cwd) {
  const { stdout } = await exec('npm', args, { cwd, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, npm_config_loglevel: 'error' } });
  return stdout;
}

/** The JSON report of `npm pack --json`, after whatever a prepack script printed. */
const packReport = (stdout) => JSON.parse(stdout.slice(stdout.search(/^\[/m)))[0];

const PACK_LOCK = path.join(ROOT, '.cache', 'pack.lock');
/** A lock older than this was left by a pack that died: taken over. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Runs `fn` holding the repository's pack lock: a pack swaps package.json for its published form
 * between prepack and postpack (scripts/pack-manifest.mjs), so two packs (parallel test files)
 * must not overlap.
 */
async function withPackLock(fn) {
  mkdirSync(path.dirname(PACK_LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(PACK_LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(PACK_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(PACK_LOCK, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(PACK_LOCK, { recursive: true, force: true });
  }
}

const PACK_FLAGS = ['--json', '--ignore-scripts=false'];

/** Packs the client alone into `dir` (dist/ must be built); resolves to the tarball's path. */
export async function packClient(dir) {
  const client = await withPackLock(async () => packReport(await npm(['pack', '--pack-destination', dir, ...PACK_FLAGS], ROOT)));
  return path.join(dir, client.filename);
}

/** Packs the server alone into `dir` (its prepack bundles it); resolves to the tarball's path. */
export async function packServer(dir) {
  const server = await withPackLock(async () =>
    packReport(await npm(['pack', '-w', 'w3kit-server', '--pack-destination', dir, ...PACK_FLAGS], ROOT)),
  );
  return path.join(dir, server.filename);
}

/** Packs the client and the server into `dir`; resolves to both tarballs' paths. */
export async function packBoth(dir) {
  const flags = ['--pack-destination', dir, ...PACK_FLAGS];
  return withPackLock(async () => {
    const client = packReport(await npm(['pack', ...flags], ROOT));
    const server = packReport(await npm(['pack', '-w', 'w3kit-server', ...flags], ROOT));
    return { client: path.join(dir, client.filename), server: path.join(dir, server.filename) };
  });
}

/** Every package folder under `nodeModules` (scoped and nested ones too). */
export function installedPackages(nodeModules) {
  const found = [];
  const visit = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue;
      const full = path.join(dir, entry);
      if (entry.startsWith('@')) {
        visit(full);
        continue;
      }
      const manifest = path.join(full, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      found.push({ name: pkg.name, dir: full, pkg });
      visit(path.join(full, 'node_modules'));
    }
  };
  visit(nodeModules);
  return found;
}

/** Whether an installed package would need a native build (node-gyp) or ships a compiled addon. */
export function needsNativeBuild({ dir, pkg }) {
  if (pkg.gypfile || existsSync(path.join(dir, 'binding.gyp'))) return true;
  const hasAddon = (d, depth) =>
    depth < 4 &&
    readdirSync(d, { withFileTypes: true }).some((e) =>
      e.isDirectory() ? e.name !== 'node_modules' && hasAddon(path.join(d, e.name), depth + 1) : e.name.endsWith('.node'),
    );
  return hasAddon(dir, 0);
}

/** Bytes on disk of a folder (file sizes, recursively). */
export function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/**
 * The package names only the server needs: everything the server's dependencies reach in
 * package-lock.json that none of the client's dependencies and peers reach.
 */
export function serverOnlyPackages(lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'))) {
  const byName = new Map();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!key.includes('node_modules/')) continue;
    const deps = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    byName.set(name, new Set([...(byName.get(name) ?? []), ...Object.keys(deps)]));
  }
  const closure = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length > 0) {
      const name = stack.pop();
      if (seen.has(name)) continue;
      seen.add(name);
      for (const dep of byName.get(name) ?? []) stack.push(dep);
    }
    return seen;
  };
  // The client's optional peers too (@solana/web3.js for Solana, wagmi...): a dApp may install them.
  const root = lock.packages[''];
  const client = closure(Object.keys({ ...root.dependencies, ...root.peerDependencies }));
  // The optional ones too (the dev OpenID provider, the SMTP sink, litesvm): a normal install brings them.
  const server = closure(Object.keys({ ...lock.packages.server.dependencies, ...lock.packages.server.optionalDependencies }));
  return [...server].filter((name) => !client.has(name)).sort();
}

/**
 * Installs one tarball into a fresh folder as its user would (`npm install --omit=dev`, from the
 * npm cache where it can; install scripts not run: no native build is needed to read manifests).
 * Resolves to npm's output at warning level (EBADENGINE and the like), what was installed, and a
 * cleanup function.
 */
export async function installTarball(tarball) {
  const app = mkdtempSync(path.join(tmpdir(), 'w3kit-fresh-'));
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'fresh-install', private: true }));
  const args = ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', tarball];
  const { stdout, stderr } = await exec('npm', args, {
    cwd: app,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, npm_config_loglevel: 'warn', NO_COLOR: '1' },
  });
  return {
    app,
    output: `${stdout}${stderr}`,
    installed: installedPackages(path.join(app, 'node_modules')),
    cleanup: () => rmSync(app, { recursive: true, force: true }),
  };
}

/** The lifecycle scripts npm runs when it installs a package (a binding.gyp alone implies `install`). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

/** The installed packages that would run a script at install time. */
export const withInstallScripts = (installed) =>
  installed.filter(
    ({ dir, pkg }) => INSTALL_SCRIPTS.some((s) => pkg.scripts?.[s]) || pkg.gypfile || existsSync(path.join(dir, 'binding.gyp')),
  );

/** The installed TypeScript compilers: `typescript` and the native `@typescript/*` ones. */
export const typeScriptCompilers = (installed) => installed.filter(({ name }) => name === 'typescript' || name.startsWith('@typescript/'));

/**
 * `npm install --omit=dev --ignore-scripts <specs>` into a fresh folder, the line a dApp types
 * (the client's tarball standing for `w3kit`, the other specs from the registry or npm's cache).
 * Resolves to the folder, what was installed, its count and bytes on disk, and a cleanup function.
 */
export async function installFresh(specs) {
  const app = mkdtempSync(path.join(tmpdir(), 'w3kit-fresh-'));
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'fresh-dapp', private: true, type: 'module' }));
  const args = ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', ...specs];
  await exec('npm', args, { cwd: app, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, npm_config_loglevel: 'error' } });
  const nodeModules = path.join(app, 'node_modules');
  const installed = installedPackages(nodeModules);
  const cleanup = () => rmSync(app, { recursive: true, force: true });
  return { app, installed, packages: installed.length, bytes: folderBytes(nodeModules), cleanup };
}

/**
 * Packs both packages and installs the client's tarball into a fresh folder (`npm install
 * --omit=dev`, from the local npm cache where it can). Resolves to the folder, the tarballs,
 * what was installed, its size, and a cleanup function.
 */
export async function packAndInstall({ omitDev = true } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-pack-'));
  const tarballs = await packBoth(dir);
  const app = path.join(dir, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'fresh-dapp', private: true, type: 'module' }));
  // npm's warnings kept (EBADENGINE and the like: test/packaging/install.test.ts reads them).
  const { stdout, stderr } = await exec(
    'npm',
    ['install', ...(omitDev ? ['--omit=dev'] : []), '--no-audit', '--no-fund', '--prefer-offline', tarballs.client],
    {
      cwd: app,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, npm_config_loglevel: 'warn', NO_COLOR: '1' },
    },
  );
  const nodeModules = path.join(app, 'node_modules');
  const installed = installedPackages(nodeModules);
  return {
    dir,
    app,
    tarballs,
    installed,
    output: `${stdout}${stderr}`,
    packages: installed.length,
    bytes: folderBytes(nodeModules),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
