#!/usr/bin/env node
/**
 * `npm run check`: types, lint (with the layer zones of scripts/lib/layers.mjs), formatting,
 * import cycles and the 300-line limit (scripts/check-structure.mjs), dead files, exports and
 * dependencies (knip; and in production mode, files only tests import), the generated
 * manifest, React wrappers and OpenAPI document, the browser entries in a plain esbuild bundle
 * (scripts/check-bundlers.mjs), and the client package as published (publint,
 * and @arethetypeswrong/cli, both offline: they read the packed tarball). Builds first when
 * dist/ is missing, since the package checks read what would be published.
 */
import { existsSync } from 'node:fs';
import { ensureInstalled, run } from './lib/run.mjs';

await ensureInstalled();
await run('npx', ['tsc', '-p', 'tsconfig.check.json']);
await run('npx', ['eslint', '.', '--max-warnings=0']);
await run('npx', ['prettier', '--check', '.', '--log-level=warn']);
await run('node', ['scripts/check-structure.mjs']);
await run('npx', ['knip', '--no-progress']);
await run('npx', ['knip', '--no-progress', '--production', '--include', 'files']);
if (existsSync('scripts/check-generated.mjs')) await run('node', ['scripts/check-generated.mjs']);
if (!existsSync('dist/index.js')) await run('node', ['scripts/build.mjs']);
// Every browser entry bundles with plain esbuild, no Node global or node: import left (about 15 s).
await run('node', ['scripts/check-bundlers.mjs']);
await run('npx', ['publint', '--strict']);
await run('npx', ['attw', '--pack', '.', '--profile', 'esm-only', '--format', 'ascii']);
console.log('check: types, lint and layers, format, structure, dead code, generated files and the package are clean');
