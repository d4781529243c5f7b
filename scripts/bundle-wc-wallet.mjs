#!/usr/bin/env node
/**
 * Bundles the demo's WalletConnect Dev Wallet page script (demo/wc-wallet/wc-wallet-page.ts:
 * @walletconnect/sign-client and viem included) into one minified classic script,
 * dist/demo/wc-wallet.js, loaded by demo/wc-wallet/index.html (served at /wc-wallet/ by `npm start`).
 * esbuild turns sign-client's CommonJS dependencies (`events`, ...) into the bundle; `global` is
 * mapped to globalThis and `process.env.NODE_ENV` to "production" (a page has no `process`).
 *
 *   node scripts/bundle-wc-wallet.mjs [outfile]
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WC_WALLET_BUNDLE = path.join(ROOT, 'dist/demo/wc-wallet.js');

export async function bundleWcWallet(outfile = WC_WALLET_BUNDLE) {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'demo/wc-wallet/wc-wallet-page.ts')],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    define: { global: 'globalThis', 'process.env.NODE_ENV': '"production"' },
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await bundleWcWallet(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`bundled ${path.relative(ROOT, out)}`);
}
