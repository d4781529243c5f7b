/**
 * Bundles a TypeScript entry of this repository into one ES module Node 20 runs: its own code
 * bundled, packages imported by name where they are (so it must be written inside the
 * repository, e.g. under .cache/, for them to resolve), with esbuild.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @param {{ entry: string, outfile: string, plugins?: import('esbuild').Plugin[] }} options (`entry` relative to the repository) */
export async function bundleForNode({ entry, outfile, plugins = [] }) {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins,
  });
  return outfile;
}
