/**
 * Static measures of the CDN build (dist/cdn/manifest.json): the first chunk (the entry and
 * everything it imports statically, gzip level 9) and every lazy chunk, WalletConnect's apart,
 * and each locale's texts (chunks/<locale>-<hash>.js, one lazy chunk per locale of lit-localize.json).
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

/** Sizes of the build in `cdnDir`: the figures' values, and the chunks for the listing and JSON. */
export function measureSizes(cdnDir, locales = JSON.parse(readFileSync(LOCALIZE_CONFIG, 'utf8')).targetLocales) {
  const manifest = path.join(cdnDir, 'manifest.json');
  const sizes = cdnSizes(manifest);
  const { chunks } = JSON.parse(readFileSync(manifest, 'utf8'));
  // The walletconnect-session chunk: loaded on the first WalletConnect pairing or restore only.
  const wc = sizes.lazy.find((c) => /(^|\/)walletconnect-session-/.test(c.file));
  if (!wc) throw new Error(`no walletconnect-session chunk in ${manifest}`);
  const locales_ = localeChunks(sizes, locales);
  const largestLocale = Math.max(0, ...locales_.map((c) => c.gzip));
  return {
    values: { firstChunkGzip: sizes.firstGzip / KB, walletConnectChunkGzip: wc.gzip / KB, localeChunkGzip: largestLocale / KB },
    json: {
      entry: sizes.entry,
      firstFiles: sizes.firstFiles,
      firstGzip: sizes.firstGzip,
      lazy: sizes.lazy.map((c) => ({ ...c, name: chunks[c.file]?.name })),
      locales: locales_,
    },
    chunks,
    sizes,
    locales: locales_,
  };
}

/** Lines listing the first chunk's files and every lazy chunk, largest first. */
export function sizeLines({ sizes, chunks, locales = [] }) {
  const lines = [
    `  CDN first chunk ${fmt(sizes.firstGzip / KB)} KB gzip: ${sizes.firstFiles.map((f) => `${f} ${fmt(chunks[f].gzip / KB)} KB`).join(', ')}`,
    `  lazy chunks (${sizes.lazy.length}):`,
  ];
  for (const c of [...sizes.lazy].sort((a, b) => b.gzip - a.gzip)) {
    const name = chunks[c.file]?.name ?? c.file;
    lines.push(`    ${name.padEnd(24)} ${fmt(c.gzip / KB).padStart(5)} KB gzip  (${c.file}, ${fmt(c.bytes / KB)} KB raw)`);
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
