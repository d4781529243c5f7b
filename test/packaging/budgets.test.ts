/**
 * The CDN size budget fails `npm test` (DESIGN.md, Budgets; issue 28, item 17), as size-limit
 * does: the first chunk a page loads from the built dist/cdn (w3kit.js and every file it imports
 * statically, transitively, each gzipped at level 9 here, not read from the manifest) is at most
 * 28 KB. The Vite apps' budgets (React wrappers, wagmi path) are measured by the consumer suite
 * (test/consumers/harness/budgets.mjs). Needs the client built (npm test builds).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cdnSizes } from '../../scripts/lib/sizes.mjs';

const CDN = path.resolve(import.meta.dirname, '../../dist/cdn');
const FIRST_CHUNK_BUDGET_KB = 28;

describe('the CDN first chunk', () => {
  it(`is at most ${FIRST_CHUNK_BUDGET_KB} KB gzip, w3kit.js and its static imports`, () => {
    const { entry, firstFiles } = cdnSizes(path.join(CDN, 'manifest.json'));
    expect(entry).toBe('w3kit.js');
    // Every static import of the entry is in the walk: no chunk it names is left out.
    const named = new Set(
      firstFiles.flatMap((f) =>
        [...readFileSync(path.join(CDN, f), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) =>
          path.posix.join(path.posix.dirname(f), m[1]!),
        ),
      ),
    );
    expect([...named].filter((f) => !firstFiles.includes(f))).toEqual([]);
    const gzipKb = firstFiles.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(CDN, f)), { level: 9 }).length, 0) / 1024;
    console.log(`CDN first chunk: ${gzipKb.toFixed(1)} KB gzip (${firstFiles.length} files), budget ${FIRST_CHUNK_BUDGET_KB} KB`);
    expect(gzipKb).toBeGreaterThan(5);
    expect(gzipKb).toBeLessThanOrEqual(FIRST_CHUNK_BUDGET_KB);
  });
});
