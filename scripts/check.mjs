#!/usr/bin/env node
/** `npm run check`: types, lint, formatting, and the generated manifest and React wrappers. */
import { existsSync } from 'node:fs';
import { ensureInstalled, run } from './lib/run.mjs';

await ensureInstalled();
await run('npx', ['tsc', '-p', 'tsconfig.check.json']);
await run('npx', ['eslint', '.', '--max-warnings=0']);
await run('npx', ['prettier', '--check', '.', '--log-level=warn']);
if (existsSync('scripts/check-generated.mjs')) await run('node', ['scripts/check-generated.mjs']);
console.log('check: types, lint, format and generated files are clean');
