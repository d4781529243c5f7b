/**
 * The folders of src/stores that import each other: the pairs (a, b) where a file of a imports a
 * file of b and a file of b one of a, statically or through `import()` (a lazy load is a
 * dependency too). Tests are left out (they may reach across). scripts/check-structure.mjs fails
 * on any pair: a lower store that must react to a higher one takes a registration, never an import.
 * It also fails on an `import()` across the store tiers, which ESLint's no-restricted-imports
 * (the zones of layers.mjs) does not see.
 */
import path from 'node:path';
import { importGraph, sourceFiles } from './import-graph.mjs';
import { BASE_STORES } from './layers.mjs';

/** The store folder of a file under `storesDir`, or undefined outside it. */
function folderOf(storesDir, file) {
  const rel = path.relative(storesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : '.';
}

/** Folder → the other store folders it imports, each with one import that shows it. */
export function storeFolderGraph(root, read, exists) {
  const storesDir = path.join(root, 'src/stores');
  const files = sourceFiles(root, ['src/stores']).filter((f) => !/\.test\.tsx?$/.test(f));
  const graph = importGraph(files, read, exists, true);
  const edges = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(storesDir, file);
    for (const target of targets) {
      const to = folderOf(storesDir, target);
      if (!from || !to || from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${path.relative(root, file)} -> ${path.relative(root, target)}`);
    }
  }
  return edges;
}

/** The pairs of store folders that import each other, sorted, each with an import of each way. */
export function mutualStorePairs(root, read, exists) {
  const edges = storeFolderGraph(root, read, exists);
  const pairs = [];
  for (const [a, targets] of edges)
    for (const [b, there] of targets) {
      const back = edges.get(b)?.get(a);
      if (a < b && back) pairs.push({ folders: [a, b], imports: [there, back] });
    }
  return pairs.sort((x, y) => x.folders.join().localeCompare(y.folders.join()));
}

/** The tier of a store folder (layers.mjs): 0 base, 1 feature, 2 view model. */
const tierOf = (folder) => (BASE_STORES.includes(folder) ? 0 : folder === 'views' ? 2 : 1);

/** Imports from a store folder to a higher tier, static or lazy, one per pair of folders. */
export function storeTierViolations(root, read, exists) {
  const out = [];
  for (const [from, targets] of storeFolderGraph(root, read, exists))
    for (const [to, shown] of targets) if (tierOf(to) > tierOf(from)) out.push(shown);
  return out.sort();
}
