/**
 * The house limit on source files: no `.ts`, `.tsx` or `.mjs` file under src/, server/src/ or
 * scripts/ over 300 lines. Tests (`*.test.*`, test-utils/) and generated files (anything under a
 * folder named `generated/`) are not counted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './import-graph.mjs';

export const MAX_LINES = 300;
export const COUNTED_DIRS = ['src', 'server/src', 'scripts'];

/** Whether a repository-relative path is counted by the limit. */
export function isCounted(rel) {
  const parts = rel.split(path.sep);
  return /\.(ts|tsx|mjs)$/.test(rel) && !/\.test\.|\.d\.m?ts$/.test(rel) && !parts.includes('generated') && !parts.includes('test-utils');
}

/** Lines of a text (a final newline does not start another line). */
export function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Counted files over the limit, as `{ file, lines }` with repository-relative paths, longest first. */
export function oversizedFiles(root, { limit = MAX_LINES, dirs = COUNTED_DIRS } = {}) {
  return sourceFiles(root, dirs)
    .map((full) => path.relative(root, full))
    .filter(isCounted)
    .map((file) => ({ file, lines: lineCount(readFileSync(path.join(root, file), 'utf8')) }))
    .filter(({ lines }) => lines > limit)
    .sort((a, b) => b.lines - a.lines);
}
