/**
 * scripts/check-bundlers.mjs: a plain esbuild bundle of the package's browser entries names each
 * unguarded `process` / `global` / `Buffer` reference and `node:` import with its module and
 * entry. Real esbuild on small projects written to a temporary directory.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without declarations
import { checkBundlers, describeFinding, freeReferences, packageEntries } from './check-bundlers.mjs';

interface Finding {
  key: string;
  module: string;
  name: string;
  entries: string[];
  count: number;
  at: string;
  text?: string;
}
interface Result {
  findings: Finding[];
  known: Finding[];
  stale: string[];
  skipped: string[];
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A project in a temporary directory: `files` by relative path. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'w3kit-bundlers-'));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const names = (code: string): string[] => (freeReferences(code) as { name: string }[]).map((r) => r.name);

describe('freeReferences', () => {
  it('finds unguarded references to process, global and Buffer', () => {
    expect(names('export const env = process.env.API;')).toEqual(['process']);
    expect(names('export const c = global.crypto;')).toEqual(['global']);
    expect(names('export function f(s) { return Buffer.from(s).toString("hex"); }')).toEqual(['Buffer']);
    // typeof of a property still reads the name.
    expect(names('export const t = typeof process.env;')).toEqual(['process']);
  });

  it('leaves guarded ones, locals, properties and strings alone', () => {
    const code = `
      export const a = typeof process !== 'undefined' && process.env.X;
      export const b = typeof global !== 'undefined' ? global : self;
      export const c = globalThis.Buffer ? Buffer.from('x') : new TextEncoder().encode('x');
      export function d() { if (typeof process === 'object') return process.version; }
      export function e() { try { return process.cwd(); } catch { return '/'; } }
      export function f(Buffer) { return Buffer.alloc(1); }
      export const g = globalThis.process;
      export const h = 'process global Buffer';
    `;
    expect(names(code)).toEqual([]);
  });
});

describe('checkBundlers', () => {
  it('names the module and the entry of each Node global and node: import; a clean entry passes', async () => {
    const root = project({
      'dist/clean.js': 'export const ok = () => globalThis.crypto.randomUUID();\n',
      'dist/leaky.js': "import { hex } from './lib/hex.js';\nexport { hex };\nexport const load = () => import('./lib/lazy.js');\n",
      'dist/lib/hex.js': 'export const hex = (s) => Buffer.from(s).toString("hex");\n',
      'dist/lib/lazy.js': 'export const cwd = () => process.cwd();\n',
      'dist/node.js': "import { readFileSync } from 'node:fs';\nexport const read = (p) => readFileSync(p);\n",
    });
    const clean = (await checkBundlers({ root, entries: ['dist/clean.js'], known: {} })) as Result;
    expect(clean.findings).toEqual([]);

    const leaky = (await checkBundlers({ root, entries: ['dist/clean.js', 'dist/leaky.js'], known: {} })) as Result;
    const byModule = Object.fromEntries(leaky.findings.map((f) => [f.module, f]));
    expect(Object.keys(byModule).sort()).toEqual(['dist/lib/hex.js', 'dist/lib/lazy.js']);
    expect(byModule['dist/lib/hex.js']).toMatchObject({ name: 'Buffer', entries: ['dist/leaky.js'], count: 1 });
    // Reached through a dynamic import: still the entry's.
    expect(byModule['dist/lib/lazy.js']).toMatchObject({ name: 'process', entries: ['dist/leaky.js'] });
    expect(describeFinding(byModule['dist/lib/hex.js'])).toMatch(
      /^dist\/lib\/hex\.js references Buffer unguarded \(.+\.js:\d+\), in dist\/leaky\.js$/,
    );

    const node = (await checkBundlers({ root, entries: ['dist/node.js'], known: {} })) as Result;
    expect(node.findings).toHaveLength(1);
    expect(node.findings[0]).toMatchObject({ module: 'dist/node.js', name: 'node:' });
    expect(describeFinding(node.findings[0])).toContain('node:fs');
  });

  it('a listed third-party offender is reported apart; ours never is; a listed one that went away is stale', async () => {
    const root = project({
      'node_modules/old-lib/package.json': JSON.stringify({ name: 'old-lib', main: 'index.js' }),
      'node_modules/old-lib/index.js': 'exports.enc = (s) => Buffer.from(s);\n',
      'dist/uses-lib.js': "import { enc } from 'old-lib';\nexport const e = enc;\n",
      'dist/own.js': 'export const env = () => process.env.X;\n',
    });
    const known = { 'node_modules/old-lib/index.js Buffer': 'old-lib needs Buffer', 'node_modules/gone/index.js process': 'gone' };
    const result = (await checkBundlers({ root, entries: ['dist/uses-lib.js', 'dist/own.js'], known })) as Result;
    expect(result.known.map((k) => k.key)).toEqual(['node_modules/old-lib/index.js Buffer']);
    expect(result.findings.map((f) => f.key)).toEqual(['dist/own.js process']);
    expect(result.stale).toEqual(['node_modules/gone/index.js process']);
    // Unlisted, the same third-party module fails.
    const strict = (await checkBundlers({ root, entries: ['dist/uses-lib.js'], known: {} })) as Result;
    expect(strict.findings.map((f) => f.key)).toEqual(['node_modules/old-lib/index.js Buffer']);
  });

  it("reads the entries from package.json's exports (not the CDN file), and asks for a build when one is missing", () => {
    const pkg = (exports: object) => JSON.stringify({ name: 'x', exports });
    const root = project({
      'package.json': pkg({
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './extra': { default: './dist/extra/index.js' },
        './cdn': { default: './dist/cdn/w3kit.js' },
        './package.json': './package.json',
      }),
      'dist/index.js': 'export {};\n',
    });
    expect(packageEntries(root)).toEqual({
      entries: ['dist/index.js'],
      skipped: ['./extra: neither dist/extra/index.js nor src/extra/index.ts exists yet'],
    });
    mkdirSync(path.join(root, 'src/extra'), { recursive: true });
    writeFileSync(path.join(root, 'src/extra/index.ts'), 'export {};\n');
    expect(() => packageEntries(root)).toThrow('dist/extra/index.js (export "./extra") is missing: run the build first (npm run build)');
  });
});
