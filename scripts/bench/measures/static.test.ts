import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INSTALL_LINES, measureInstall, measureInstallLines } from './install.mjs';
import { embeddedChunks, embeddedInFirstChunk, FIRST_CHUNK_EMBEDDED, measureSizes, sizeLines, solanaChunks } from './sizes.mjs';

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

describe('measureInstallLines', () => {
  it('packs once, installs each line a dApp types into its own folder, reports packages and MB, and cleans up', async () => {
    const installs: string[][] = [];
    let packs = 0;
    let cleaned = 0;
    const load = async () => ({
      packClient: async (dir: string) => {
        packs += 1;
        return path.join(dir, 'w3kit.tgz');
      },
      installFresh: async (specs: string[]) => {
        installs.push(specs.map((s) => path.basename(s)));
        return { packages: 10 * specs.length, bytes: specs.length * 1024 * 1024, cleanup: () => void (cleaned += 1) };
      },
    });
    const r = await measureInstallLines({ root: '/repo', load });
    expect(packs).toBe(1);
    expect(installs).toEqual([['w3kit.tgz'], ['w3kit.tgz', 'web3.js@1'], ['w3kit.tgz', 'wagmi', 'viem', 'react-query']]);
    expect(r).toEqual({
      available: true,
      lines: [
        { label: 'w3kit', packages: 10, installMB: 1 },
        { label: 'w3kit @solana/web3.js', packages: 20, installMB: 2 },
        { label: 'w3kit wagmi viem @tanstack/react-query', packages: 40, installMB: 4 },
      ],
    });
    expect(cleaned).toBe(INSTALL_LINES.length);
  });

  it('says so when the module has no packClient or installFresh', async () => {
    expect(await measureInstallLines({ root: '/repo', load: async () => ({}) })).toEqual({ available: false, reason: expect.any(String) });
  });
});

describe('measureSizes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'w3kit-bench-sizes-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (chunks: Record<string, unknown>) => {
    mkdirSync(path.join(dir, 'frame-site'), { recursive: true });
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ chunks: { ...embedded, ...loginMethods, ...siwx, ...chunks } }));
    for (const file of ['frame.js', 'frame.css', 'index.html', 'social-callback.js']) writeFileSync(path.join(dir, 'frame-site', file), '');
  };
  const measure = (locales: string[]) => measureSizes(dir, locales, path.join(dir, 'frame-site'));
  const chunk = (name: string, gzip: number, imports: string[] = [], isEntry = false, more: Record<string, unknown> = {}) => ({
    isEntry,
    name,
    imports,
    dynamicImports: [],
    bytes: gzip * 3,
    gzip,
    ...more,
  });
  /** A Solana adapter chunk (one dist/chains/solana module), importing web3.js's chunk. */
  const solana = {
    'chunks/adapter-s.js': chunk('adapter', 1024, ['chunks/web3-w.js'], false, { modules: { 'dist/chains/solana/adapter.js': 9 } }),
  };
  const web3 = { 'chunks/web3-w.js': chunk('index.browser.esm', 80 * 1024) };
  /** An embedded wallet chunk (the bridge), not imported by the fixtures' entries: lazy. */
  const embedded = {
    'chunks/bridge-b.js': chunk('bridge', 1536, [], false, { modules: { 'dist/frame/bridge/bridge.js': 9 } }),
  };

  /** The social, Farcaster and passkey chunks (issue 16): lazy. */
  const loginMethods = {
    'chunks/social-s.js': chunk('social', 768, [], false, {
      modules: { 'dist/elements/views/connecting-social/connecting-social-view.js': 9 },
    }),
    'chunks/passkeys-view-p.js': chunk('passkeys-view', 256, [], false, {
      modules: { 'dist/elements/views/passkeys/passkeys-view.js': 9 },
    }),
  };

  /** The modal's Sign in with X chunk and the siwx.js entry (issue 17): lazy. */
  const siwx = {
    'chunks/flow-f.js': chunk('flow', 512, [], false, { modules: { 'dist/stores/siwx/flow.js': 9 } }),
    'siwx.js': chunk('siwx', 1024, [], true),
  };

  it('sums the social, Farcaster and passkey chunks, and fails when one of their modules is in the first chunk', () => {
    write({
      'w3kit.js': chunk('w3kit', 1024, [], true),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 1024),
      ...solana,
      ...web3,
    });
    const m = measure([]);
    expect(m.values.loginMethodChunksGzip).toBe(1);
    expect(sizeLines(m)).toContain('  social, Farcaster and passkey chunks (2, all lazy), 1.0 KB gzip in total:');
    write({
      'w3kit.js': chunk('w3kit', 1024, ['chunks/social-s.js'], true),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 1024),
      ...solana,
      ...web3,
    });
    expect(() => measure([])).toThrow(
      'social, Farcaster or passkey modules in the first chunk: dist/elements/views/connecting-social/connecting-social-view.js',
    );
  });

  it('sums the entry and its static imports, and finds the WalletConnect chunk', () => {
    write({
      'w3kit.js': chunk('w3kit', 20 * 1024, ['chunks/shared-a.js'], true),
      'chunks/shared-a.js': chunk('shared', 4 * 1024),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 100 * 1024),
      'chunks/view-y.js': chunk('view', 2 * 1024),
      'chunks/discovery-d.js': chunk('discovery', 512, [], false, { modules: { 'dist/chains/solana/discovery.js': 9 } }),
      'chunks/de-Ab1_x.js': chunk('de', 512),
      'chunks/pt-BR-Zz9.js': chunk('pt-BR', 768),
    });
    const m = measure(['de', 'pt-BR']);
    expect(m.values).toEqual({
      firstChunkGzip: 24,
      walletConnectChunkGzip: 100,
      localeChunkGzip: 0.75,
      solanaChunksGzip: 0.5,
      embeddedChunksGzip: 1.5,
      loginMethodChunksGzip: 1,
      siwxChunksGzip: 0.5,
      siwxEntryGzip: 1,
      swapChunksGzip: 0,
      frameSiteGzip: m.frameSite.reduce((sum: number, f: { gzip: number }) => sum + f.gzip, 0) / 1024,
      onrampChunksGzip: 0,
      namesChunksGzip: 0,
    });
    expect(m.locales.map((c) => [c.locale, c.file])).toEqual([
      ['de', 'chunks/de-Ab1_x.js'],
      ['pt-BR', 'chunks/pt-BR-Zz9.js'],
    ]);
    const lines = sizeLines(m);
    expect(lines[0]).toBe('  CDN first chunk 24.0 KB gzip: w3kit.js 20.0 KB, chunks/shared-a.js 4.0 KB');
    expect(lines[1]).toBe('  lazy chunks (10):');
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
    expect(() => measure(['de'])).toThrow('no lazy chunk for locale de');
    expect(() => measure(['ja'])).toThrow('the texts of locale ja are in the first chunk');
  });

  it('fails without a walletconnect-session chunk', () => {
    write({ 'w3kit.js': chunk('w3kit', 1024, [], true), ...solana, ...web3 });
    expect(() => measure([])).toThrow('no walletconnect-session chunk');
  });

  it('finds the WalletConnect chunk by the session store module it holds, under any name', () => {
    write({
      'w3kit.js': chunk('w3kit', 1024, [], true),
      'chunks/session-a.js': chunk('session', 2 * 1024, [], false, { modules: { 'dist/stores/connection/session.js': 9 } }),
      'chunks/session-b.js': chunk('session', 120 * 1024, [], false, { modules: { 'dist/stores/walletconnect/session.js': 9 } }),
      ...solana,
      ...web3,
    });
    expect(measure([]).values.walletConnectChunkGzip).toBe(120);
  });

  it('fails when no lazy chunk holds a Solana module', () => {
    write({ 'w3kit.js': chunk('w3kit', 1024, [], true), 'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 1024) });
    expect(() => measure([])).toThrow('no lazy chunk holds a dist/chains/solana module');
  });

  it('lists the Solana chunks with web3.js, largest first, and prints each and their total', () => {
    write({
      'w3kit.js': chunk('w3kit', 20 * 1024, [], true),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 100 * 1024, ['chunks/helpers-h.js']),
      'chunks/discovery-d.js': chunk('discovery', 3 * 1024, ['w3kit.js', 'chunks/errors-e.js'], false, {
        dynamicImports: ['chunks/web3-w.js'],
        modules: { 'dist/chains/solana/discovery.js': 9, 'dist/chains/solana/injected.js': 9 },
      }),
      'chunks/errors-e.js': chunk('wallet-errors', 1536, ['w3kit.js'], false, { modules: { 'dist/chains/solana/base58.js': 9 } }),
      ...solana,
      'chunks/web3-w.js': chunk('index.browser.esm', 80 * 1024, ['chunks/helpers-h.js']),
      'chunks/helpers-h.js': chunk('_commonjsHelpers', 512),
      'chunks/eip-a.js': chunk('adapter', 2 * 1024, ['w3kit.js'], false, { modules: { 'dist/chains/eip155/adapter.js': 9 } }),
    });
    const m = measure([]);
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
    expect(lines[at + 2]).toBe('    discovery                  3.0 KB gzip  (chunks/discovery-d.js; chains/solana: discovery, injected)');
    expect(lines[at + 5]).toBe(
      '    _commonjsHelpers           0.5 KB gzip  (chunks/helpers-h.js; dependencies only; shared with other lazy chunks)',
    );
  });

  it('leaves out the first chunk: a Solana module there is not a lazy Solana chunk', () => {
    const chunks = {
      'w3kit.js': chunk('w3kit', 1024, ['chunks/shared-s.js'], true),
      'chunks/shared-s.js': chunk('shared', 512, [], false, { modules: { 'dist/chains/solana/chains.js': 9 } }),
      ...solana,
      ...web3,
    };
    expect(solanaChunks(chunks, ['w3kit.js', 'chunks/shared-s.js']).map((c) => c.file)).toEqual([
      'chunks/web3-w.js',
      'chunks/adapter-s.js',
    ]);
  });

  it('lists the embedded wallet chunks and their lazy imports, counts those holding its modules, and sizes the frame site', () => {
    write({
      'w3kit.js': chunk('w3kit', 20 * 1024, [], true, { modules: { 'dist/stores/embedded/connector.js': 9 } }),
      'chunks/walletconnect-session-x.js': chunk('walletconnect-session', 100 * 1024, ['chunks/schemas-z.js']),
      ...solana,
      ...web3,
      'chunks/bridge-b.js': chunk('bridge', 3 * 1024, ['w3kit.js', 'chunks/schemas-z.js'], false, {
        modules: { 'dist/frame/messages.js': 9, 'dist/frame/bridge/bridge.js': 9 },
      }),
      'chunks/schemas-z.js': chunk('schemas', 8 * 1024),
      'chunks/email-login-view-e.js': chunk('email-login-view', 1024, ['w3kit.js'], false, {
        dynamicImports: ['chunks/bridge-b.js'],
        modules: { 'dist/elements/views/email-login/email-login-view.js': 9 },
      }),
    });
    writeFileSync(path.join(dir, 'frame-site', 'frame.js'), 'x'.repeat(10_000));
    const m = measure([]);
    expect(m.embedded.map((c) => [c.file, c.modules, c.shared])).toEqual([
      ['chunks/schemas-z.js', [], true],
      ['chunks/bridge-b.js', ['frame/messages', 'frame/bridge/bridge'], false],
      ['chunks/email-login-view-e.js', ['elements/views/email-login/email-login-view'], false],
    ]);
    expect(m.values.embeddedChunksGzip).toBe(4);
    expect(m.values.frameSiteGzip).toBeGreaterThan(0);
    expect(m.frameSite.map((f) => f.file)).toEqual(['frame.js', 'frame.css', 'index.html', 'social-callback.js']);
    const lines = sizeLines(m);
    expect(lines).toContain('  embedded wallet chunks and their lazy imports (3, all lazy), 12.0 KB gzip in total:');
    expect(lines).toContain('    of which the 2 holding its modules: 4.0 KB gzip');
    expect(lines.find((l) => l.startsWith('  frame site'))).toMatch(/frame\.js .* KB \(9\.8 KB raw\), frame\.css/);
  });

  it('fails when an embedded wallet module other than the connector, its id and the frame element atom is in the first chunk', () => {
    const first = { modules: { 'dist/stores/embedded/frame-element.js': 9, 'dist/stores/embedded/actions.js': 9 } };
    const chunks = {
      'w3kit.js': chunk('w3kit', 1024, ['chunks/shared-s.js'], true, { modules: { 'dist/stores/connection/connector-ids.js': 9 } }),
      'chunks/shared-s.js': chunk('shared', 512, [], false, first),
      ...embedded,
    };
    expect(embeddedInFirstChunk(chunks, ['w3kit.js', 'chunks/shared-s.js'])).toEqual(['dist/stores/embedded/actions.js']);
    expect(() => embeddedChunks(chunks, ['w3kit.js', 'chunks/shared-s.js'])).toThrow(
      'embedded wallet modules in the first chunk: dist/stores/embedded/actions.js',
    );
    for (const m of ['dist/frame/bridge/bridge.js', 'dist/adapters/auth/frame-rpc.js', 'dist/elements/views/approve-transaction/x.js'])
      expect(embeddedInFirstChunk({ 'w3kit.js': chunk('w3kit', 1, [], true, { modules: { [m]: 9 } }) }, ['w3kit.js'])).toEqual([m]);
  });
});

/** The real build (`npm test` builds first): the budget that the first chunk does not grow with the embedded wallet. */
const MANIFEST = path.resolve(__dirname, '../../../dist/cdn/manifest.json');

describe('the CDN build', () => {
  it('keeps the bridge, the frame, the auth adapters, the embedded stores and the e-mail views out of the first chunk', () => {
    if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`node scripts/build.mjs\` first (npm test does)`);
    const { chunks } = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    const entry = Object.keys(chunks).find((f) => chunks[f].isEntry)!;
    const first = new Set<string>();
    const walk = (f: string) => {
      if (first.has(f)) return;
      first.add(f);
      for (const dep of chunks[f].imports ?? []) walk(dep);
    };
    walk(entry);
    expect(embeddedInFirstChunk(chunks, [...first])).toEqual([]);
    const firstModules = [...first].flatMap((f) => Object.keys(chunks[f].modules ?? {}));
    for (const m of firstModules.filter((m) => m.startsWith('dist/stores/embedded/'))) expect(FIRST_CHUNK_EMBEDDED).toContain(m);
    expect(embeddedChunks(chunks, [...first]).some((c) => c.modules.includes('frame/bridge/bridge'))).toBe(true);
  });
});
