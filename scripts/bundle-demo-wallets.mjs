#!/usr/bin/env node
/**
 * Bundles the demo's two wallets, each into one minified classic script in dist/demo/:
 * - dev-wallet.js: the 'w3kit Dev Wallet' (demo/dev-wallet/dev-wallet.ts, viem included), an
 *   EIP-6963 wallet the demo page loads with
 *   `<script src=".../dev-wallet.js" data-rpc-url="http://127.0.0.1:8545"></script>` before w3kit;
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEV_WALLET_BUNDLE = path.join(ROOT, 'dist/demo/dev-wallet.js');
export const WC_WALLET_BUNDLE = path.join(ROOT, 'dist/demo/wc-wallet.js');

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
  });
  return outfile;
}

export function bundleDevWallet(outfile = DEV_WALLET_BUNDLE) {
  return bundleClassicScript('demo/dev-wallet/dev-wallet.ts', outfile);
}

export function bundleWcWallet(outfile = WC_WALLET_BUNDLE) {
  return bundleClassicScript('demo/wc-wallet/wc-wallet-page.ts', outfile, { global: 'globalThis', 'process.env.NODE_ENV': '"production"' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const out of await Promise.all([bundleDevWallet(), bundleWcWallet()])) console.log(`bundled ${path.relative(ROOT, out)}`);
}
