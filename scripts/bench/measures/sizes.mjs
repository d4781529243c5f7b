/**
 * Static measures of the CDN build (dist/cdn/manifest.json): the first chunk (the entry and
 * everything it imports statically, gzip level 9) and every lazy chunk, WalletConnect's apart,
 * each locale's texts (chunks/<locale>-<hash>.js, one lazy chunk per locale of lit-localize.json),
 * and the Solana chunks: every lazy chunk holding a dist/chains/solana/* module (the manifest's
 * `modules`), plus every lazy chunk those import, statically or dynamically, transitively (the
 * dependencies-only chunks: @solana/web3.js's index.browser.esm and its helpers); the embedded
 * wallet's (issue 15) the same way, its figure counting the chunks holding its modules only, and
 * the frame site (server/dist/frame-site), the iframe's own page.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cdnSizes } from '../../lib/sizes.mjs';
import { fmt } from '../report.mjs';
import { commerceChunks, gzipOf } from './commerce.mjs';
import { lazyChunksHolding } from './sizes-sets.mjs';

const KB = 1024;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOCALIZE_CONFIG = path.join(ROOT, 'lit-localize.json');
const FRAME_SITE = path.join(ROOT, 'server/dist/frame-site');

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

const SOLANA_MODULE = /^dist\/chains\/solana\//;
const WC_SESSION_MODULE = /^dist\/stores\/walletconnect[-/]session\.js$/;

/** The Solana chunks: lazy chunks holding a dist/chains/solana module, with their lazy imports. */
export function solanaChunks(chunks, firstFiles) {
  return lazyChunksHolding(chunks, firstFiles, SOLANA_MODULE);
}

/** The embedded wallet's modules (issue 15): the frame, the auth adapters, its stores and the five e-mail views. */
const EMBEDDED_MODULE =
  /^dist\/(frame|adapters\/auth|stores\/embedded|elements\/views\/(email-login|email-verify-otp|email-verify-device|update-email-wallet|approve-transaction))\//;
/** The embedded wallet's modules the first chunk holds by design: the tiny connector, its id and its state. */
export const FIRST_CHUNK_EMBEDDED = [
  'dist/stores/connection/connector-ids.js',
  'dist/stores/embedded/connector.js',
  'dist/stores/embedded/frame-element.js',
];

/** Social login, Farcaster and passkeys (issue 16): their stores and views, each lazy. */
const LOGIN_METHOD_MODULE =
  /^dist\/(stores\/embedded\/(social|farcaster|passkeys)|elements\/views\/(connect-socials|connecting-social|connecting-farcaster|passkeys|connect\/passkey-login))[./]/;

/** The lazy chunks holding social, Farcaster and passkey code; throws when one of those modules is in the first chunk. */
export function loginMethodChunks(chunks, firstFiles) {
  const moved = firstFiles.flatMap((file) => Object.keys(chunks[file]?.modules ?? {})).filter((m) => LOGIN_METHOD_MODULE.test(m));
  if (moved.length > 0) throw new Error(`social, Farcaster or passkey modules in the first chunk: ${moved.join(', ')}`);
  return lazyChunksHolding(chunks, firstFiles, LOGIN_METHOD_MODULE, /^dist\//).filter((c) => c.modules.length > 0);
}

/** Sign in with X in the modal (issue 17): its stores and SIWXSignMessage, loaded only when `siwx` is set. */
const SIWX_MODULE = /^dist\/(stores\/siwx\/|elements\/views\/siwx-sign-message\/|chains\/eip155\/siwe-config)/;

/** The lazy chunks holding the modal's SIWX code; throws when one of its modules is in the first chunk. */
export function siwxChunks(chunks, firstFiles) {
  const moved = firstFiles.flatMap((file) => Object.keys(chunks[file]?.modules ?? {})).filter((m) => SIWX_MODULE.test(m));
  if (moved.length > 0) throw new Error(`Sign in with X modules in the first chunk: ${moved.join(', ')}`);
  return lazyChunksHolding(chunks, firstFiles, SIWX_MODULE, /^dist\//).filter((c) => c.modules.length > 0);
}

/** The embedded wallet's modules in the first chunk beyond FIRST_CHUNK_EMBEDDED (none, or the budget is broken). */
export function embeddedInFirstChunk(chunks, firstFiles) {
  return firstFiles
    .flatMap((file) => Object.keys(chunks[file]?.modules ?? {}))
    .filter((m) => EMBEDDED_MODULE.test(m) && !FIRST_CHUNK_EMBEDDED.includes(m));
}

/** The embedded wallet's lazy chunks (bridge, actions, e-mail views...), with their lazy imports; throws when one of its modules moved into the first chunk. */
export function embeddedChunks(chunks, firstFiles) {
  const moved = embeddedInFirstChunk(chunks, firstFiles);
  if (moved.length > 0) throw new Error(`embedded wallet modules in the first chunk: ${moved.join(', ')}`);
  return lazyChunksHolding(chunks, firstFiles, EMBEDDED_MODULE, /^dist\//);
}

/** The frame site (server/dist/frame-site), the iframe's own page: frame.js, frame.css and index.html, each gzip level 9. */
export function frameSiteSizes(dir = FRAME_SITE) {
  return ['frame.js', 'frame.css', 'index.html', 'social-callback.js'].map((file) => {
    const bytes = readFileSync(path.join(dir, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

/** Sizes of the build in `cdnDir`: the figures' values, and the chunks for the listing and JSON. */
export function measureSizes(cdnDir, locales = JSON.parse(readFileSync(LOCALIZE_CONFIG, 'utf8')).targetLocales, frameSiteDir = FRAME_SITE) {
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
  if (solana.length === 0) throw new Error(`no lazy chunk holds a dist/chains/solana module in ${manifest}`);
  const solanaGzip = solana.reduce((sum, c) => sum + c.gzip, 0);
  const embedded = embeddedChunks(chunks, sizes.firstFiles);
  if (embedded.length === 0) throw new Error(`no lazy chunk holds an embedded wallet module in ${manifest}`);
  // The figure: the chunks holding its modules; the lazy chunks they import are listed, not counted.
  const embeddedGzip = embedded.filter((c) => c.modules.length > 0).reduce((sum, c) => sum + c.gzip, 0);
  const loginMethods = loginMethodChunks(chunks, sizes.firstFiles);
  if (loginMethods.length === 0) throw new Error(`no lazy chunk holds social, Farcaster or passkey code in ${manifest}`);
  const loginMethodsGzip = loginMethods.reduce((sum, c) => sum + c.gzip, 0);
  const siwx = siwxChunks(chunks, sizes.firstFiles);
  if (siwx.length === 0) throw new Error(`no lazy chunk holds the modal's Sign in with X code in ${manifest}`);
  const siwxGzip = siwx.reduce((sum, c) => sum + c.gzip, 0);
  const siwxEntry = chunks['siwx.js'];
  if (!siwxEntry) throw new Error(`no siwx.js entry in ${manifest}`);
  const commerce = commerceChunks(chunks, sizes.firstFiles);
  const frameSite = frameSiteSizes(frameSiteDir);
  const frameSiteGzip = frameSite.reduce((sum, f) => sum + f.gzip, 0);
  return {
    values: {
      firstChunkGzip: sizes.firstGzip / KB,
      walletConnectChunkGzip: wc.gzip / KB,
      localeChunkGzip: largestLocale / KB,
      solanaChunksGzip: solanaGzip / KB,
      embeddedChunksGzip: embeddedGzip / KB,
      loginMethodChunksGzip: loginMethodsGzip / KB,
      siwxChunksGzip: siwxGzip / KB,
      siwxEntryGzip: siwxEntry.gzip / KB,
      frameSiteGzip: frameSiteGzip / KB,
      swapChunksGzip: gzipOf(commerce.swap) / KB,
      onrampChunksGzip: gzipOf(commerce.onramp) / KB,
      namesChunksGzip: gzipOf(commerce.names) / KB,
    },
    json: {
      entry: sizes.entry,
      firstFiles: sizes.firstFiles,
      firstGzip: sizes.firstGzip,
      lazy: sizes.lazy.map((c) => ({ ...c, name: chunks[c.file]?.name })),
      locales: locales_,
      solana: { gzip: solanaGzip, chunks: solana },
      embedded: { gzip: embeddedGzip, chunks: embedded },
      loginMethods: { gzip: loginMethodsGzip, chunks: loginMethods },
      siwx: { gzip: siwxGzip, chunks: siwx, entryGzip: siwxEntry.gzip },
      frameSite: { gzip: frameSiteGzip, files: frameSite },
      commerce,
    },
    chunks,
    sizes,
    locales: locales_,
    solana,
    embedded,
    loginMethods,
    commerce,
    frameSite,
  };
}

/** Lines listing a set of lazy chunks (lazyChunksHolding's) and their total; `holds` names their modules. */
function setLines(title, set, holds) {
  if (set.length === 0) return [];
  const total = set.reduce((sum, c) => sum + c.gzip, 0);
  const lines = [`  ${title} (${set.length}, all lazy), ${fmt(total / KB)} KB gzip in total:`];
  for (const c of set) {
    const held = c.modules.length > 0 ? `${holds}: ${c.modules.join(', ')}` : 'dependencies only';
    const shared = c.shared ? '; shared with other lazy chunks' : '';
    lines.push(`    ${c.name.padEnd(24)} ${fmt(c.gzip / KB).padStart(5)} KB gzip  (${c.file}; ${held}${shared})`);
  }
  return lines;
}

/** Lines listing the first chunk's files and every lazy chunk, largest first. */
export function sizeLines({ sizes, chunks, locales = [], solana = [], embedded = [], loginMethods = [], commerce, frameSite = [] }) {
  const lines = [
    `  CDN first chunk ${fmt(sizes.firstGzip / KB)} KB gzip: ${sizes.firstFiles.map((f) => `${f} ${fmt(chunks[f].gzip / KB)} KB`).join(', ')}`,
    `  lazy chunks (${sizes.lazy.length}):`,
  ];
  for (const c of [...sizes.lazy].sort((a, b) => b.gzip - a.gzip)) {
    const name = chunks[c.file]?.name ?? c.file;
    lines.push(`    ${name.padEnd(24)} ${fmt(c.gzip / KB).padStart(5)} KB gzip  (${c.file}, ${fmt(c.bytes / KB)} KB raw)`);
  }
  lines.push(...setLines('Solana chunks', solana, 'chains/solana'));
  lines.push(...setLines('embedded wallet chunks and their lazy imports', embedded, 'holds'));
  const holding = embedded.filter((c) => c.modules.length > 0);
  if (holding.length > 0)
    lines.push(`    of which the ${holding.length} holding its modules: ${fmt(holding.reduce((sum, c) => sum + c.gzip, 0) / KB)} KB gzip`);
  lines.push(...setLines('social, Farcaster and passkey chunks', loginMethods, 'holds'));
  lines.push(...setLines('swap chunks', commerce?.swap ?? [], 'holds'));
  lines.push(...setLines('on-ramp chunks', commerce?.onramp ?? [], 'holds'));
  lines.push(...setLines('name registration chunks', commerce?.names ?? [], 'holds'));
  if (frameSite.length > 0) {
    const total = frameSite.reduce((sum, f) => sum + f.gzip, 0);
    const files = frameSite.map((f) => `${f.file} ${fmt(f.gzip / KB)} KB (${fmt(f.bytes / KB)} KB raw)`).join(', ');
    lines.push(`  frame site (server/dist/frame-site, the iframe's own page) ${fmt(total / KB)} KB gzip: ${files}`);
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
