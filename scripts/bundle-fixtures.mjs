#!/usr/bin/env node
/**
 * Bundles the browser test wallets into classic IIFE scripts: the EVM one
 * (test/fixtures/test-wallet-entry.ts, viem included) to test/.bundled/fixtures/test-wallet.js
 * and the Solana one (test/fixtures/solana-wallet-entry.ts, @solana/web3.js included) to
 * test/.bundled/fixtures/solana-test-wallet.js, for Playwright's
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
export const SOLANA_TEST_WALLET_BUNDLE = path.join(ROOT, 'test/.bundled/fixtures/solana-test-wallet.js');

export async function bundleFixtures() {
  await bundle('test/fixtures/test-wallet-entry.ts', TEST_WALLET_BUNDLE);
  await bundle('test/fixtures/solana-wallet-entry.ts', SOLANA_TEST_WALLET_BUNDLE);
  return TEST_WALLET_BUNDLE;
}

async function bundle(entry, outfile) {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bundleFixtures();
  console.log(`bundled ${path.relative(ROOT, TEST_WALLET_BUNDLE)} and ${path.relative(ROOT, SOLANA_TEST_WALLET_BUNDLE)}`);
}
