/**
 * Bundles the floor page's element (floor-element.mjs) with the CDN build's own rollup plugins
 * (rollup.config.mjs: node-resolve with the production condition, terser, the chunk manifest),
 * so the floor and w3kit are built alike.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import { ROOT } from '../harness.mjs';

export const FLOOR_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor-element.mjs');

/** Writes `outDir`/bench-floor.js (and manifest.json); resolves to the manifest's chunks. */
export async function buildFloor(outDir) {
  const { default: config } = await import(pathToFileURL(path.join(ROOT, 'rollup.config.mjs')).href);
  // The same plugins, minus the one that adds siwx.js (a second entry of the CDN build, not the floor's).
  const plugins = config.plugins.filter((p) => p.name !== 'w3kit-siwx-entry');
  const bundle = await rollup({ input: { 'bench-floor': FLOOR_ENTRY }, plugins, onwarn: () => undefined });
  try {
    await bundle.write({ ...config.output, dir: outDir });
  } finally {
    await bundle.close();
  }
  return JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')).chunks;
}
