#!/usr/bin/env node
/**
 * Part of `npm run check`: fails on an import cycle among the project's modules (relative
 * imports not written `import type`/`export type`, static or through `import()`, in src/,
 * server/src/, scripts/ and demo/), on a pair of src/stores folders that import each other
 * (scripts/lib/store-pairs.mjs) and on a counted source file over 300 lines, naming each.
 * `node scripts/check-structure.mjs --store-graph` prints which store folder imports which.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles, importGraph, sourceFiles } from './lib/import-graph.mjs';
import { MAX_LINES, oversizedFiles } from './lib/file-size.mjs';
import { mutualStorePairs, storeFolderGraph, storeTierViolations } from './lib/store-pairs.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (file) => path.relative(ROOT, file);

if (process.argv.includes('--store-graph')) {
  for (const [from, targets] of [...storeFolderGraph(ROOT)].sort()) console.log(`${from} -> ${[...targets.keys()].sort().join(', ')}`);
  process.exit(0);
}

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

// Store folders import one way (base <- features <- view models, scripts/lib/layers.mjs).
const pairs = mutualStorePairs(ROOT);
for (const { folders, imports } of pairs)
  console.error(`store folders importing each other: ${folders.join(' <-> ')} (${imports.join('; ')})`);
const upward = storeTierViolations(ROOT);
for (const shown of upward) console.error(`store import to a higher tier (layers.mjs): ${shown}`);

const oversized = oversizedFiles(ROOT);
for (const { file, lines } of oversized) console.error(`over ${MAX_LINES} lines: ${file} (${lines} lines); split it by concern`);

if (cycles.length > 0 || pairs.length > 0 || upward.length > 0 || oversized.length > 0) {
  console.error(
    `structure: ${cycles.length} import cycle(s), ${pairs.length} store folder pair(s) importing each other, ${upward.length} store import(s) to a higher tier, ${oversized.length} file(s) over ${MAX_LINES} lines`,
  );
  process.exit(1);
}
console.log(`structure: no import cycle, no store folders importing each other or a higher tier, no source file over ${MAX_LINES} lines`);
