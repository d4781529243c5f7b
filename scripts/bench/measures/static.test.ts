import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { measureInstall } from './install.mjs';
import { measureSizes, sizeLines } from './sizes.mjs';

describe('measureInstall', () => {
  it('says it is unavailable without scripts/lib/packaging.mjs', async () => {
    const r = await measureInstall({ root: '/repo', exists: () => false });
    expect(r).toEqual({ available: false, reason: expect.stringContaining('packaging.mjs') });
  });

  it('packs and installs with --omit=dev, reports packages and MB, and cleans up', async () => {
    let cleaned = false;
    let asked: unknown;
    const load = async (url: string) => {
      expect(url).toMatch(/^file:.*\/repo\/scripts\/lib\/packaging\.mjs$/);
      return {
        packAndInstall: async (options: unknown) => {
          asked = options;
          return { dir: '/tmp/x', packages: 42, bytes: 3 * 1024 * 1024, cleanup: async () => void (cleaned = true) };
        },
      };
    };
    const r = await measureInstall({ root: '/repo', exists: () => true, load });
    expect(r).toEqual({ available: true, packages: 42, installMB: 3 });
    expect(asked).toEqual({ omitDev: true });
    expect(cleaned).toBe(true);
  });

  it('says so when the module has no packAndInstall', async () => {
    const r = await measureInstall({ root: '/repo', exists: () => true, load: async () => ({}) });
    expect(r.available).toBe(false);
  });
});

describe('measureSizes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'w3kit-bench-sizes-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (chunks: Record<string, unknown>) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ chunks }));
  };
  const chunk = (name: string, gzip: number, imports: string[] = [], isEntry = false) => ({
    isEntry,
    name,
    imports,
    dynamicImports: [],
    bytes: gzip * 3,
    gzip,
  });

  it('sums the entry and its static imports, and finds the WalletConnect chunk', () => {
    write({
      'w3kit.js': chunk('w3kit', 20 * 1024, ['chunks/shared-a.js'], true),
      'chunks/shared-a.js': chunk('shared', 4 * 1024),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 100 * 1024),
      'chunks/view-y.js': chunk('view', 2 * 1024),
      'chunks/de-Ab1_x.js': chunk('de', 512),
      'chunks/pt-BR-Zz9.js': chunk('pt-BR', 768),
    });
    const m = measureSizes(dir, ['de', 'pt-BR']);
    expect(m.values).toEqual({ firstChunkGzip: 24, walletConnectChunkGzip: 100, localeChunkGzip: 0.75 });
    expect(m.locales.map((c) => [c.locale, c.file])).toEqual([
      ['de', 'chunks/de-Ab1_x.js'],
      ['pt-BR', 'chunks/pt-BR-Zz9.js'],
    ]);
    const lines = sizeLines(m);
    expect(lines[0]).toBe('  CDN first chunk 24.0 KB gzip: w3kit.js 20.0 KB, chunks/shared-a.js 4.0 KB');
    expect(lines[1]).toBe('  lazy chunks (4):');
    expect(lines[2]).toMatch(/^ {4}walletconnect-session +100\.0 KB gzip/); // largest first
    expect(lines[3]).toMatch(/^ {4}view +2\.0 KB gzip/);
    expect(lines.at(-2)).toBe('  locale chunks (2, each loaded only when its locale is chosen), KB gzip:');
    expect(lines.at(-1)).toBe('    de      0.50   pt-BR   0.75');
  });

  it('fails when a locale has no lazy chunk or sits in the first chunk', () => {
    write({
      'w3kit.js': chunk('w3kit', 1024, ['chunks/ja-q1.js'], true),
      'chunks/ja-q1.js': chunk('ja', 100),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 1024),
    });
    expect(() => measureSizes(dir, ['de'])).toThrow('no lazy chunk for locale de');
    expect(() => measureSizes(dir, ['ja'])).toThrow('the texts of locale ja are in the first chunk');
  });

  it('fails without a walletconnect-session chunk', () => {
    write({ 'w3kit.js': chunk('w3kit', 1024, [], true) });
    expect(() => measureSizes(dir, [])).toThrow('no walletconnect-session chunk');
  });
});
