import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, importGraph, runtimeImports, sourceFiles } from './import-graph.mjs';
import { isCounted, lineCount, oversizedFiles } from './file-size.mjs';

let root: string | undefined;
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-structure-'));
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
const cyclesOf = (dir: string): string[][] =>
  findCycles(importGraph(sourceFiles(dir, ['src']))).map((c) => c.map((f) => path.relative(dir, f)));

describe('runtimeImports', () => {
  it('keeps value, side-effect and re-export imports and drops type-only ones and packages', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C } from './c.js';",
      "import './d.js';",
      "export { e } from './e.js';",
      "export type { F } from './f.js';",
      "export * from './g.js';",
      "import { html } from 'lit';",
      "const lazy = () => import('./h.js');",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual(['./a.js', './c.js', './d.js', './e.js', './g.js']);
  });
});

describe('findCycles', () => {
  it('finds a cycle through .js specifiers of .ts files, once, from its smallest member', () => {
    const dir = project({
      'src/a.ts': "import { b } from './b.js'; export const a = 1;",
      'src/b.ts': "import { c } from './sub/c.js'; export const b = 1;",
      'src/sub/c.ts': "import { a } from '../a.js'; export const c = 1;",
      'src/d.ts': "import { a } from './a.js';",
    });
    expect(cyclesOf(dir)).toEqual([['src/a.ts', 'src/b.ts', 'src/sub/c.ts', 'src/a.ts']]);
  });

  it('ignores a loop closed only by `import type`, `export type` or a dynamic import', () => {
    const dir = project({
      'src/a.ts': "import { b } from './b.js'; export type { C } from './c.js';",
      'src/b.ts': "import type { A } from './a.js'; export const b = () => import('./a.js');",
      'src/c.ts': "import { a } from './a.js'; export type C = 1;",
    });
    expect(cyclesOf(dir)).toEqual([]);
  });

  it('reports a module that imports itself and separate cycles separately', () => {
    const dir = project({
      'src/self.ts': "import './self.js';",
      'src/x.ts': "import './y.js';",
      'src/y.ts': "import './x.js';",
    });
    expect(cyclesOf(dir)).toEqual(
      expect.arrayContaining([
        ['src/self.ts', 'src/self.ts'],
        ['src/x.ts', 'src/y.ts', 'src/x.ts'],
      ]),
    );
    expect(cyclesOf(dir)).toHaveLength(2);
  });
});

describe('the 300-line limit', () => {
  it('counts source files under src, server/src and scripts, not tests, test-utils or generated files', () => {
    expect(isCounted('src/stores/send.ts')).toBe(true);
    expect(isCounted('scripts/bench.mjs')).toBe(true);
    expect(isCounted('src/stores/send.test.ts')).toBe(false);
    expect(isCounted('src/react/generated/wrappers.ts')).toBe(false);
    expect(isCounted('src/test-utils/loopback-server.ts')).toBe(false);
    expect(isCounted('scripts/lib/chromium.d.mts')).toBe(false);
  });

  it('names each counted file over the limit with its line count', () => {
    const long = (n: number): string => 'x;\n'.repeat(n);
    const dir = project({
      'src/ok.ts': long(300),
      'src/big.ts': long(301),
      'src/big.test.ts': long(900),
      'src/generated/locale.ts': long(900),
      'scripts/huge.mjs': long(400),
      'demo/page.ts': long(900),
    });
    expect(oversizedFiles(dir)).toEqual([
      { file: 'scripts/huge.mjs', lines: 400 },
      { file: 'src/big.ts', lines: 301 },
    ]);
  });

  it('counts lines without a phantom line after the final newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });
});
