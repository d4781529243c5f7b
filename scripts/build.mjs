#!/usr/bin/env node
/**
 * Builds dist/: ES modules and .d.ts (tsc), the CDN bundle (rollup), the React demo, the dev
 * wallet, the WalletConnect dev wallet page and the gallery (demo/gallery/, dist/demo/gallery/;
 * dev-only like all of dist/demo) (esbuild), and the backend's bin
 * server/dist/w3kit-server.js (esbuild, the w3kit-server package).
 */
import { rmSync } from 'node:fs';
import { run } from './lib/run.mjs';

rmSync('dist', { recursive: true, force: true });
await run('npx', ['tsc', '-p', 'tsconfig.json']);
await run('npx', ['rollup', '-c', 'rollup.config.mjs', '--silent']);
await run('npx', [
  'esbuild',
  'demo/react/main.tsx',
  '--bundle',
  '--format=esm',
  '--minify',
  '--log-level=warning',
  '--define:process.env.NODE_ENV="production"',
  '--conditions=production',
  '--outfile=dist/demo/react.js',
]);
const { bundleDevWallet, bundleWcWallet } = await import('./bundle-demo-wallets.mjs');
const { bundleGallery } = await import('../demo/gallery/bundle.mjs');
await Promise.all([bundleDevWallet(), bundleWcWallet(), bundleGallery()]);
const { bundleServer } = await import('../server/scripts/bundle.mjs');
await bundleServer();
const { printSizes } = await import('./lib/sizes.mjs');
printSizes();
