/**
 * Bundles the gallery (demo/gallery/main.ts, from src/) into dist/demo/gallery/ (ES modules,
 * split: the locales and views stay lazy chunks, as in the package). dist/demo is dev-only: the
 * npm package leaves it out (package.json `files`: `!dist/demo`).
 *
 *   node demo/gallery/bundle.mjs
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const GALLERY_OUT = path.join(ROOT, 'dist/demo/gallery');

/**
 * env.ts freezes the clock and cuts the network before any module of src/ evaluates (main.ts
 * imports it first); the package's `sideEffects` list would drop a bare import of it.
 */
const galleryEnv = {
  name: 'gallery-env',
  setup(build) {
    build.onResolve({ filter: /^\.\/env\.js$/ }, (args) => ({ path: path.join(args.resolveDir, 'env.ts'), sideEffects: true }));
  },
};

export async function bundleGallery() {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'demo/gallery/main.ts')],
    outdir: GALLERY_OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
    conditions: ['production'],
    plugins: [galleryEnv],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleGallery();
