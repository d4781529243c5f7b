/**
 * Static measures of the CDN build (dist/cdn/manifest.json): the first chunk (the entry and
 * everything it imports statically, gzip level 9) and every lazy chunk, WalletConnect's apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cdnSizes } from '../../lib/sizes.mjs';
import { fmt } from '../report.mjs';

const KB = 1024;

/** Sizes of the build in `cdnDir`: the figures' values, and the chunks for the listing and JSON. */
export function measureSizes(cdnDir) {
  const manifest = path.join(cdnDir, 'manifest.json');
  const sizes = cdnSizes(manifest);
  const { chunks } = JSON.parse(readFileSync(manifest, 'utf8'));
  // The walletconnect-session chunk: loaded on the first WalletConnect pairing or restore only.
  const wc = sizes.lazy.find((c) => /(^|\/)walletconnect-session-/.test(c.file));
  if (!wc) throw new Error(`no walletconnect-session chunk in ${manifest}`);
  return {
    values: { firstChunkGzip: sizes.firstGzip / KB, walletConnectChunkGzip: wc.gzip / KB },
    json: {
      entry: sizes.entry,
      firstFiles: sizes.firstFiles,
      firstGzip: sizes.firstGzip,
      lazy: sizes.lazy.map((c) => ({ ...c, name: chunks[c.file]?.name })),
    },
    chunks,
    sizes,
  };
}

/** Lines listing the first chunk's files and every lazy chunk, largest first. */
export function sizeLines({ sizes, chunks }) {
  const lines = [
    `  CDN first chunk ${fmt(sizes.firstGzip / KB)} KB gzip: ${sizes.firstFiles.map((f) => `${f} ${fmt(chunks[f].gzip / KB)} KB`).join(', ')}`,
    `  lazy chunks (${sizes.lazy.length}):`,
  ];
  for (const c of [...sizes.lazy].sort((a, b) => b.gzip - a.gzip)) {
    const name = chunks[c.file]?.name ?? c.file;
    lines.push(`    ${name.padEnd(24)} ${fmt(c.gzip / KB).padStart(5)} KB gzip  (${c.file}, ${fmt(c.bytes / KB)} KB raw)`);
  }
  return lines;
}
