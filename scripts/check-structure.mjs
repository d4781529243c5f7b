#!/usr/bin/env node
/**
 * Part of `npm run check`: fails on an import cycle among the project's modules (static
 * relative imports not written `import type`/`export type`, in src/, server/src/, scripts/ and
 * demo/) and on a counted source file over 300 lines, naming each.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles, importGraph, sourceFiles } from './lib/import-graph.mjs';
import { MAX_LINES, oversizedFiles } from './lib/file-size.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (file) => path.relative(ROOT, file);

const cycles = findCycles(importGraph(sourceFiles(ROOT, ['src', 'server/src', 'server/scripts', 'scripts', 'demo'])));
for (const cycle of cycles) console.error(`import cycle: ${cycle.map(rel).join(' -> ')}`);

const oversized = oversizedFiles(ROOT);
for (const { file, lines } of oversized) console.error(`over ${MAX_LINES} lines: ${file} (${lines} lines); split it by concern`);

if (cycles.length > 0 || oversized.length > 0) {
  console.error(`structure: ${cycles.length} import cycle(s), ${oversized.length} file(s) over ${MAX_LINES} lines`);
  process.exit(1);
}
console.log(`structure: no import cycle, no source file over ${MAX_LINES} lines`);
