#!/usr/bin/env node
/**
 * Bundles the self-hostable backend (src/bin.ts of the w3kit-server package) into one
 * executable ES module, dist/w3kit-server.js, the package's `w3kit-server` bin. Dependencies
 * (fastify, better-sqlite3, zod, ...) stay external and load from node_modules; the wire
 * schemas shared with the client (../src/wire) and the seed wallet registry (data/wallets.json)
 * are imported by the code, so they are embedded.
 *
 *   node scripts/bundle.mjs [outfile]     (from server/; npm run build -w w3kit-server)
 */
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist/w3kit-server.js');

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
    banner: { js: '#!/usr/bin/env node' },
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  chmodSync(out, 0o755);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await bundleServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`bundled ${path.relative(ROOT, out)}`);
}
