#!/usr/bin/env node
/**
 * Bundles the demo's two wallets, each into one minified classic script in dist/demo/:
 * - dev-wallet.js: the 'w3kit Dev Wallet' (demo/dev-wallet/dev-wallet.ts, viem and @solana/web3.js
 *   included), an EIP-6963 wallet and a Wallet Standard Solana wallet of one name, which the demo
 *   page loads with `<script src=".../dev-wallet.js" data-rpc-url="http://127.0.0.1:8545"></script>`
 *   before w3kit. Its Solana account is the dev account `npm start` funds: the seed
 *   scripts/lib/svm.mjs derives goes in as `__W3KIT_DEV_SOLANA_SEED__` (64 hex characters);
 * - wc-wallet.js: the WalletConnect Dev Wallet page script (demo/wc-wallet/wc-wallet-page.ts,
 *   @walletconnect/sign-client, viem and, for its Solana account, @solana/web3.js (with its own
 *   `buffer` package) included), loaded by demo/wc-wallet/index.html (served at
 *   /wc-wallet/ by `npm start`). esbuild turns sign-client's CommonJS dependencies (`events`, ...)
 *   into the bundle; `global` is mapped to globalThis and `process.env.NODE_ENV` to "production".
 *
 *   node scripts/bundle-demo-wallets.mjs
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { DEV_SOLANA_SECRET_KEY } from './lib/svm.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEV_WALLET_BUNDLE = path.join(ROOT, 'dist/demo/dev-wallet.js');
export const WC_WALLET_BUNDLE = path.join(ROOT, 'dist/demo/wc-wallet.js');

/**
 * Some of @solana/web3.js's dependencies (borsh) use Node's `Buffer` as a global: the bundles get
 * the `buffer` package web3.js itself uses in its place (esbuild's inject), so no Node global is
 * left for the page to provide.
 */
const BUFFER_SHIM = 'w3kit:buffer-shim';
const bufferShim = {
  name: 'buffer-shim',
  setup(build) {
    build.onResolve({ filter: /^w3kit:buffer-shim$/ }, () => ({ path: BUFFER_SHIM, namespace: 'w3kit' }));
    build.onLoad({ filter: /.*/, namespace: 'w3kit' }, () => ({
      contents: "export { Buffer } from 'buffer';",
      resolveDir: path.join(ROOT, 'node_modules/@solana/web3.js'),
      loader: 'js',
    }));
  },
};

async function bundleClassicScript(entry, outfile, define = {}) {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    define,
    inject: [BUFFER_SHIM],
    plugins: [bufferShim],
  });
  return outfile;
}

/** The dev Solana account's 32-byte seed (the first half of its secret key), as 64 hex characters. */
const DEV_SOLANA_SEED_HEX = Buffer.from(DEV_SOLANA_SECRET_KEY.subarray(0, 32)).toString('hex');

export function bundleDevWallet(outfile = DEV_WALLET_BUNDLE) {
  return bundleClassicScript('demo/dev-wallet/dev-wallet.ts', outfile, { __W3KIT_DEV_SOLANA_SEED__: JSON.stringify(DEV_SOLANA_SEED_HEX) });
}

export function bundleWcWallet(outfile = WC_WALLET_BUNDLE) {
  return bundleClassicScript('demo/wc-wallet/wc-wallet-page.ts', outfile, { global: 'globalThis', 'process.env.NODE_ENV': '"production"' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const out of await Promise.all([bundleDevWallet(), bundleWcWallet()])) console.log(`bundled ${path.relative(ROOT, out)}`);
}
