#!/usr/bin/env node
/**
 * Bundles the self-hostable backend (src/bin.ts of the w3kit-server package) into one
 * executable ES module, dist/w3kit-server.js, the package's `w3kit-server` bin. Dependencies
 * (fastify, better-sqlite3, zod, ...) stay external and load from node_modules; the wire
 * schemas shared with the client (../src/wire) and the seed wallet registry (data/wallets.json)
 * are imported by the code, so they are embedded. Beside it, dist/frame-site holds the secure
 * frame site the bin serves on its frame port: ../src/frame/site/main.ts bundled for the browser
 * (frame.js), the social login popup's callback script ../src/frame/site/social-callback.ts
 * (social-callback.js, standalone and tiny), index.html and frame.css (skipped with a warning
 * while those sources are missing).
 *
 *   node scripts/bundle.mjs [outfile]     (from server/; npm run build -w w3kit-server)
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist/w3kit-server.js');
/** The frame site's sources in the client package. */
export const FRAME_SITE_SOURCES = path.resolve(ROOT, '../src/frame/site');
const FRAME_SITE_FILES = ['main.ts', 'index.html', 'frame.css'];
/** The social login popup's callback script: built beside frame.js when its source is there, else a warning. */
const SOCIAL_CALLBACK = 'social-callback.ts';

/**
 * Builds the frame site into `outDir` (frame.js, social-callback.js, index.html, frame.css) from
 * `siteDir`; returns `outDir`, or undefined (after a warning) when the sources are not there.
 */
export async function bundleFrameSite(outDir, siteDir = FRAME_SITE_SOURCES) {
  const where = path.relative(ROOT, siteDir) || siteDir;
  const missing = FRAME_SITE_FILES.filter((name) => !existsSync(path.join(siteDir, name)));
  if (missing.length) {
    console.warn(`w3kit-server bundle: frame site skipped: ${missing.join(', ')} missing in ${where}`);
    return undefined;
  }
  const entryPoints = { frame: path.join(siteDir, 'main.ts') };
  if (existsSync(path.join(siteDir, SOCIAL_CALLBACK))) entryPoints['social-callback'] = path.join(siteDir, SOCIAL_CALLBACK);
  else console.warn(`w3kit-server bundle: ${SOCIAL_CALLBACK} missing in ${where}: social login popups cannot report back`);
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: outDir,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    // Module scripts are always read as UTF-8: the 20 locales' texts stay as they are, not \uXXXX (a third of the bundle).
    charset: 'utf8',
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  for (const name of ['index.html', 'frame.css']) copyFileSync(path.join(siteDir, name), path.join(outDir, name));
  return outDir;
}

/**
 * Packages bundled into the bin instead of loaded from node_modules: the repository's root
 * hoists the client's @noble/curves and @noble/hashes 1.x, and the server (the Bitcoin
 * development chain) verifies signatures with 2.x from server/node_modules, which a bin built
 * outside server/ (tests bundle into .cache/) would not find. Resolved from the importing file.
 */
const INLINED = /^@noble\/(curves|hashes)(\/|$)/;
const inlinePackages = {
  name: 'inline-packages',
  setup(build) {
    build.onResolve({ filter: INLINED }, (args) => ({ path: createRequire(args.importer).resolve(args.path) }));
  },
};

/** Bundles the server bin to `outfile` (relative paths are taken from the server package's folder) and makes it executable. */
export async function bundleServer(outfile = SERVER_BUNDLE) {
  const out = path.resolve(ROOT, outfile);
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'src/bin.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [inlinePackages],
    // The client's @noble 1.x (src/wire/bip122's BIP-322 checks) is CommonJS and requires node:crypto: give it a require.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as w3kitCreateRequire } from 'node:module';\nconst require = w3kitCreateRequire(import.meta.url);",
    },
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  chmodSync(out, 0o755);
  await bundleFrameSite(path.join(path.dirname(out), 'frame-site'));
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await bundleServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`bundled ${path.relative(ROOT, out)}`);
}
