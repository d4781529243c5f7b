#!/usr/bin/env node
/**
 * Bundles the browser test wallet (test/fixtures/test-wallet-entry.ts, viem included) into a
 * classic IIFE script, test/.bundled/fixtures/test-wallet.js, for Playwright's
 * `page.addInitScript({ path })`: init scripts run before the page's modules and cannot import.
 * test/.bundled/ is git-ignored.
 *
 *   node scripts/bundle-fixtures.mjs
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_WALLET_BUNDLE = path.join(ROOT, 'test/.bundled/fixtures/test-wallet.js');

export async function bundleFixtures() {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'test/fixtures/test-wallet-entry.ts')],
    outfile: TEST_WALLET_BUNDLE,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return TEST_WALLET_BUNDLE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await bundleFixtures();
  console.log(`bundled ${path.relative(ROOT, out)}`);
}
