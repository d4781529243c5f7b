/**
 * Static measures of the CDN build (dist/cdn/manifest.json): the first chunk (the entry and
 * everything it imports statically, gzip level 9) and every lazy chunk, WalletConnect's apart,
 * each locale's texts (chunks/<locale>-<hash>.js, one lazy chunk per locale of lit-localize.json),
 * and the Solana chunks: every lazy chunk holding a dist/adapters/solana/* module (the manifest's
 * `modules`), plus every lazy chunk those import, statically or dynamically, transitively (the
 * dependencies-only chunks: @solana/web3.js's index.browser.esm and its helpers).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cdnSizes } from '../../lib/sizes.mjs';
import { fmt } from '../report.mjs';

const KB = 1024;
const LOCALIZE_CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../lit-localize.json');

/** The locale chunks among the lazy ones, in lit-localize.json's order; a locale in the first chunk throws. */
function localeChunks(sizes, locales) {
  return locales.map((locale) => {
    const pattern = new RegExp(`(^|/)${locale}-[\\w-]+\\.js$`);
    if (sizes.firstFiles.some((f) => pattern.test(f))) throw new Error(`the texts of locale ${locale} are in the first chunk`);
    const chunk = sizes.lazy.find((c) => pattern.test(c.file));
    if (!chunk) throw new Error(`no lazy chunk for locale ${locale}`);
    return { locale, file: chunk.file, gzip: chunk.gzip, bytes: chunk.bytes };
  });
}

const SOLANA_MODULE = /^dist\/adapters\/solana\//;
const WC_SESSION_MODULE = /^dist\/stores\/walletconnect[-/]session\.js$/;

/**
 * The Solana chunks of `chunks` (the manifest's), lazy ones only (`firstFiles` excluded), largest
 * first: `modules` lists each chunk's dist/adapters/solana modules (empty for a dependencies-only
 * chunk); `shared` says a lazy chunk outside the set imports it too (it is not Solana's alone).
 */
export function solanaChunks(chunks, firstFiles) {
  const first = new Set(firstFiles);
  const solanaModules = (file) => Object.keys(chunks[file]?.modules ?? {}).filter((m) => SOLANA_MODULE.test(m));
  const deps = (file) => [...(chunks[file].imports ?? []), ...(chunks[file].dynamicImports ?? [])];
  const set = new Set();
  const walk = (file) => {
    if (set.has(file) || first.has(file) || !chunks[file]) return;
    set.add(file);
    for (const dep of deps(file)) walk(dep);
  };
  for (const file of Object.keys(chunks)) if (!first.has(file) && solanaModules(file).length > 0) walk(file);
  const importers = (file) => Object.keys(chunks).filter((f) => f !== file && deps(f).includes(file));
  return [...set]
    .map((file) => ({
      file,
      name: chunks[file].name ?? file,
      gzip: chunks[file].gzip,
      bytes: chunks[file].bytes,
      modules: solanaModules(file).map((m) => m.replace(SOLANA_MODULE, '').replace(/\.js$/, '')),
      shared: importers(file).some((f) => !set.has(f) && !first.has(f)),
    }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** Sizes of the build in `cdnDir`: the figures' values, and the chunks for the listing and JSON. */
export function measureSizes(cdnDir, locales = JSON.parse(readFileSync(LOCALIZE_CONFIG, 'utf8')).targetLocales) {
  const manifest = path.join(cdnDir, 'manifest.json');
  const sizes = cdnSizes(manifest);
  const { chunks } = JSON.parse(readFileSync(manifest, 'utf8'));
  // The walletconnect-session chunk: loaded on the first WalletConnect pairing or restore only.
  // Named for it (chunks/walletconnect-session-*.js), or the lazy chunk holding the WalletConnect
  // session store (dist/stores/walletconnect/session.js, the manifest's `modules`) under any name.
  const wcModule = (file) => Object.keys(chunks[file]?.modules ?? {}).some((m) => WC_SESSION_MODULE.test(m));
  const wc = sizes.lazy.find((c) => /(^|\/)walletconnect-session-/.test(c.file) || wcModule(c.file));
  if (!wc) throw new Error(`no walletconnect-session chunk in ${manifest}`);
  const locales_ = localeChunks(sizes, locales);
  const largestLocale = Math.max(0, ...locales_.map((c) => c.gzip));
  const solana = solanaChunks(chunks, sizes.firstFiles);
  if (solana.length === 0) throw new Error(`no lazy chunk holds a dist/adapters/solana module in ${manifest}`);
  const solanaGzip = solana.reduce((sum, c) => sum + c.gzip, 0);
  return {
    values: {
      firstChunkGzip: sizes.firstGzip / KB,
      walletConnectChunkGzip: wc.gzip / KB,
      localeChunkGzip: largestLocale / KB,
      solanaChunksGzip: solanaGzip / KB,
    },
    json: {
      entry: sizes.entry,
      firstFiles: sizes.firstFiles,
      firstGzip: sizes.firstGzip,
      lazy: sizes.lazy.map((c) => ({ ...c, name: chunks[c.file]?.name })),
      locales: locales_,
      solana: { gzip: solanaGzip, chunks: solana },
    },
    chunks,
    sizes,
    locales: locales_,
    solana,
  };
}

/** Lines listing the first chunk's files and every lazy chunk, largest first. */
export function sizeLines({ sizes, chunks, locales = [], solana = [] }) {
  const lines = [
    `  CDN first chunk ${fmt(sizes.firstGzip / KB)} KB gzip: ${sizes.firstFiles.map((f) => `${f} ${fmt(chunks[f].gzip / KB)} KB`).join(', ')}`,
    `  lazy chunks (${sizes.lazy.length}):`,
  ];
  for (const c of [...sizes.lazy].sort((a, b) => b.gzip - a.gzip)) {
    const name = chunks[c.file]?.name ?? c.file;
    lines.push(`    ${name.padEnd(24)} ${fmt(c.gzip / KB).padStart(5)} KB gzip  (${c.file}, ${fmt(c.bytes / KB)} KB raw)`);
  }
  if (solana.length > 0) {
    const total = solana.reduce((sum, c) => sum + c.gzip, 0);
    lines.push(`  Solana chunks (${solana.length}, all lazy), ${fmt(total / KB)} KB gzip in total:`);
    for (const c of solana) {
      const holds = c.modules.length > 0 ? `adapters/solana: ${c.modules.join(', ')}` : 'dependencies only';
      const shared = c.shared ? '; shared with other lazy chunks' : '';
      lines.push(`    ${c.name.padEnd(24)} ${fmt(c.gzip / KB).padStart(5)} KB gzip  (${c.file}; ${holds}${shared})`);
    }
  }
  if (locales.length > 0) {
    lines.push(`  locale chunks (${locales.length}, each loaded only when its locale is chosen), KB gzip:`);
    for (let i = 0; i < locales.length; i += 5) {
      const row = locales.slice(i, i + 5).map((c) => `${c.locale.padEnd(6)} ${fmt(c.gzip / KB, 2).padStart(5)}`);
      lines.push(`    ${row.join('   ')}`);
    }
  }
  return lines;
}
