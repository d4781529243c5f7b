#!/usr/bin/env node
/**
 * Bundles the demo's 'w3kit Dev Wallet' (demo/dev-wallet/dev-wallet.ts, viem included) into one
 * minified classic script, dist/demo/dev-wallet.js, loaded by the demo page with
 * `<script src=".../dev-wallet.js" data-rpc-url="http://127.0.0.1:8545"></script>` before w3kit.
 *
 *   node scripts/bundle-dev-wallet.mjs [outfile]
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEV_WALLET_BUNDLE = path.join(ROOT, 'dist/demo/dev-wallet.js');

export async function bundleDevWallet(outfile = DEV_WALLET_BUNDLE) {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'demo/dev-wallet/dev-wallet.ts')],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await bundleDevWallet(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`bundled ${path.relative(ROOT, out)}`);
}
