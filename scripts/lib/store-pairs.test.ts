/** The store-folder pairs check of scripts/check-structure.mjs, on small projects and on this one. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { mutualStorePairs, storeFolderGraph, storeTierViolations } from './store-pairs.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let root: string | undefined;
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-store-pairs-'));
  root = dir;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('store folder pairs', () => {
  it('finds two folders importing each other, through import() too, naming an import of each way', () => {
    const dir = project({
      'src/stores/connection/session.ts': "export const s = () => import('../siwx/flow.js');",
      'src/stores/siwx/flow.ts': "import { a } from '../connection/account.js';\nexport const f = a;",
      'src/stores/connection/account.ts': 'export const a = 1;',
    });
    expect(mutualStorePairs(dir)).toEqual([
      {
        folders: ['connection', 'siwx'],
        imports: [
          'src/stores/connection/session.ts -> src/stores/siwx/flow.ts',
          'src/stores/siwx/flow.ts -> src/stores/connection/account.ts',
        ],
      },
    ]);
  });

  it('leaves out one-way imports, type-only imports and tests', () => {
    const dir = project({
      'src/stores/app/options.ts': "import type { V } from '../views/state.js';\nexport const o = 1 as V;",
      'src/stores/views/state.ts': "import { o } from '../app/options.js';\nexport type V = number;\nexport const s = o;",
      'src/stores/app/options.test.ts': "import { s } from '../views/state.js';\nexport const t = s;",
    });
    expect(mutualStorePairs(dir)).toEqual([]);
    expect([...(storeFolderGraph(dir).get('views')?.keys() ?? [])]).toEqual(['app']);
  });

  it('finds an import() from a lower store tier to a higher one (ESLint zones see static imports only)', () => {
    const dir = project({
      'src/stores/ui/after.ts': "export const load = () => import('../siwx/flow.js');",
      'src/stores/siwx/flow.ts': "export const load = () => import('../views/state.js');",
      'src/stores/views/state.ts': "import { load } from '../siwx/flow.js';\nexport const s = load;",
    });
    expect(storeTierViolations(dir)).toEqual([
      'src/stores/siwx/flow.ts -> src/stores/views/state.ts',
      'src/stores/ui/after.ts -> src/stores/siwx/flow.ts',
    ]);
  });

  it('finds no pair and no import across the tiers in src/stores', () => {
    expect(mutualStorePairs(ROOT).map((p) => p.folders.join(' <-> '))).toEqual([]);
    expect(storeTierViolations(ROOT)).toEqual([]);
  });
});
