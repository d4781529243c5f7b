#!/usr/bin/env node
/**
 * Part of `npm run check`: fails on an import cycle among the project's modules (relative
 * imports not written `import type`/`export type`, static or through `import()`, in src/,
 * server/src/, scripts/ and demo/) and on a counted source file over 300 lines, naming each.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles, importGraph, sourceFiles } from './lib/import-graph.mjs';
import { MAX_LINES, oversizedFiles } from './lib/file-size.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (file) => path.relative(ROOT, file);

const files = sourceFiles(ROOT, ['src', 'server/src', 'server/scripts', 'scripts', 'demo']);
const staticCycles = findCycles(importGraph(files));
for (const cycle of staticCycles) console.error(`import cycle: ${cycle.map(rel).join(' -> ')}`);
// A lazy half imports only its eager half's state, never the module that loads it: no cycle
// through `import()` either (tests may load what they test lazily, so they are left out).
const sources = files.filter((f) => !/\.test\.tsx?$/.test(f));
const lazyCycles = findCycles(importGraph(sources, undefined, undefined, true)).filter(
  (cycle) => !staticCycles.some((c) => c.join() === cycle.join()),
);
for (const cycle of lazyCycles) console.error(`import cycle through import(): ${cycle.map(rel).join(' -> ')}`);
const cycles = [...staticCycles, ...lazyCycles];

const oversized = oversizedFiles(ROOT);
for (const { file, lines } of oversized) console.error(`over ${MAX_LINES} lines: ${file} (${lines} lines); split it by concern`);

if (cycles.length > 0 || oversized.length > 0) {
  console.error(`structure: ${cycles.length} import cycle(s), ${oversized.length} file(s) over ${MAX_LINES} lines`);
  process.exit(1);
}
console.log(`structure: no import cycle, no source file over ${MAX_LINES} lines`);
