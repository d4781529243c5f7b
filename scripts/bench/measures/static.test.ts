import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { measureInstall } from './install.mjs';
import { measureSizes, sizeLines, solanaChunks } from './sizes.mjs';

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
  const chunk = (name: string, gzip: number, imports: string[] = [], isEntry = false, more: Record<string, unknown> = {}) => ({
    isEntry,
    name,
    imports,
    dynamicImports: [],
    bytes: gzip * 3,
    gzip,
    ...more,
  });
  /** A Solana adapter chunk (one dist/adapters/solana module), importing web3.js's chunk. */
  const solana = {
    'chunks/adapter-s.js': chunk('adapter', 1024, ['chunks/web3-w.js'], false, { modules: { 'dist/adapters/solana/adapter.js': 9 } }),
  };
  const web3 = { 'chunks/web3-w.js': chunk('index.browser.esm', 80 * 1024) };

  it('sums the entry and its static imports, and finds the WalletConnect chunk', () => {
    write({
      'w3kit.js': chunk('w3kit', 20 * 1024, ['chunks/shared-a.js'], true),
      'chunks/shared-a.js': chunk('shared', 4 * 1024),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 100 * 1024),
      'chunks/view-y.js': chunk('view', 2 * 1024),
      'chunks/discovery-d.js': chunk('discovery', 512, [], false, { modules: { 'dist/adapters/solana/discovery.js': 9 } }),
      'chunks/de-Ab1_x.js': chunk('de', 512),
      'chunks/pt-BR-Zz9.js': chunk('pt-BR', 768),
    });
    const m = measureSizes(dir, ['de', 'pt-BR']);
    expect(m.values).toEqual({ firstChunkGzip: 24, walletConnectChunkGzip: 100, localeChunkGzip: 0.75, solanaChunksGzip: 0.5 });
    expect(m.locales.map((c) => [c.locale, c.file])).toEqual([
      ['de', 'chunks/de-Ab1_x.js'],
      ['pt-BR', 'chunks/pt-BR-Zz9.js'],
    ]);
    const lines = sizeLines(m);
    expect(lines[0]).toBe('  CDN first chunk 24.0 KB gzip: w3kit.js 20.0 KB, chunks/shared-a.js 4.0 KB');
    expect(lines[1]).toBe('  lazy chunks (5):');
    expect(lines[2]).toMatch(/^ {4}walletconnect-session +100\.0 KB gzip/); // largest first
    expect(lines[3]).toMatch(/^ {4}view +2\.0 KB gzip/);
    expect(lines).toContain('  Solana chunks (1, all lazy), 0.5 KB gzip in total:');
    expect(lines.at(-2)).toBe('  locale chunks (2, each loaded only when its locale is chosen), KB gzip:');
    expect(lines.at(-1)).toBe('    de      0.50   pt-BR   0.75');
  });

  it('fails when a locale has no lazy chunk or sits in the first chunk', () => {
    write({
      'w3kit.js': chunk('w3kit', 1024, ['chunks/ja-q1.js'], true),
      'chunks/ja-q1.js': chunk('ja', 100),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 1024),
      ...solana,
      ...web3,
    });
    expect(() => measureSizes(dir, ['de'])).toThrow('no lazy chunk for locale de');
    expect(() => measureSizes(dir, ['ja'])).toThrow('the texts of locale ja are in the first chunk');
  });

  it('fails without a walletconnect-session chunk', () => {
    write({ 'w3kit.js': chunk('w3kit', 1024, [], true), ...solana, ...web3 });
    expect(() => measureSizes(dir, [])).toThrow('no walletconnect-session chunk');
  });

  it('finds the WalletConnect chunk by the session store module it holds, under any name', () => {
    write({
      'w3kit.js': chunk('w3kit', 1024, [], true),
      'chunks/session-a.js': chunk('session', 2 * 1024, [], false, { modules: { 'dist/stores/connection/session.js': 9 } }),
      'chunks/session-b.js': chunk('session', 120 * 1024, [], false, { modules: { 'dist/stores/walletconnect/session.js': 9 } }),
      ...solana,
      ...web3,
    });
    expect(measureSizes(dir, []).values.walletConnectChunkGzip).toBe(120);
  });

  it('fails when no lazy chunk holds a Solana module', () => {
    write({ 'w3kit.js': chunk('w3kit', 1024, [], true), 'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 1024) });
    expect(() => measureSizes(dir, [])).toThrow('no lazy chunk holds a dist/adapters/solana module');
  });

  it('lists the Solana chunks with web3.js, largest first, and prints each and their total', () => {
    write({
      'w3kit.js': chunk('w3kit', 20 * 1024, [], true),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 100 * 1024, ['chunks/helpers-h.js']),
      'chunks/discovery-d.js': chunk('discovery', 3 * 1024, ['w3kit.js', 'chunks/errors-e.js'], false, {
        dynamicImports: ['chunks/web3-w.js'],
        modules: { 'dist/adapters/solana/discovery.js': 9, 'dist/adapters/solana/injected.js': 9 },
      }),
      'chunks/errors-e.js': chunk('wallet-errors', 1536, ['w3kit.js'], false, { modules: { 'dist/adapters/solana/base58.js': 9 } }),
      ...solana,
      'chunks/web3-w.js': chunk('index.browser.esm', 80 * 1024, ['chunks/helpers-h.js']),
      'chunks/helpers-h.js': chunk('_commonjsHelpers', 512),
      'chunks/eip-a.js': chunk('adapter', 2 * 1024, ['w3kit.js'], false, { modules: { 'dist/adapters/eip155/adapter.js': 9 } }),
    });
    const m = measureSizes(dir, []);
    expect(m.solana.map((c) => [c.file, c.modules, c.shared])).toEqual([
      ['chunks/web3-w.js', [], false],
      ['chunks/discovery-d.js', ['discovery', 'injected'], false],
      ['chunks/errors-e.js', ['base58'], false],
      ['chunks/adapter-s.js', ['adapter'], false],
      ['chunks/helpers-h.js', [], true],
    ]);
    expect(m.values.solanaChunksGzip).toBe(86);
    expect(m.json.solana.gzip).toBe(86 * 1024);
    const lines = sizeLines(m);
    const at = lines.indexOf('  Solana chunks (5, all lazy), 86.0 KB gzip in total:');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('    index.browser.esm         80.0 KB gzip  (chunks/web3-w.js; dependencies only)');
    expect(lines[at + 2]).toBe('    discovery                  3.0 KB gzip  (chunks/discovery-d.js; adapters/solana: discovery, injected)');
    expect(lines[at + 5]).toBe(
      '    _commonjsHelpers           0.5 KB gzip  (chunks/helpers-h.js; dependencies only; shared with other lazy chunks)',
    );
  });

  it('leaves out the first chunk: a Solana module there is not a lazy Solana chunk', () => {
    const chunks = {
      'w3kit.js': chunk('w3kit', 1024, ['chunks/shared-s.js'], true),
      'chunks/shared-s.js': chunk('shared', 512, [], false, { modules: { 'dist/adapters/solana/chains.js': 9 } }),
      ...solana,
      ...web3,
    };
    expect(solanaChunks(chunks, ['w3kit.js', 'chunks/shared-s.js']).map((c) => c.file)).toEqual([
      'chunks/web3-w.js',
      'chunks/adapter-s.js',
    ]);
  });
});
