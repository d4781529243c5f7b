import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Reads dist/cdn/manifest.json: the first chunk (entry + static imports) and each lazy chunk. */
export function cdnSizes(manifestPath = 'dist/cdn/manifest.json') {
  const { chunks } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  // The page's entry by name: siwx.js is a second entry, loaded only by pages that import it.
  const entry = Object.keys(chunks).find((f) => f === 'w3kit.js') ?? Object.keys(chunks).find((f) => chunks[f].isEntry);
  const first = new Set();
  const walk = (file) => {
    if (first.has(file)) return;
    first.add(file);
    for (const dep of chunks[file].imports) walk(dep);
  };
  walk(entry);
  const firstGzip = [...first].reduce((sum, f) => sum + chunks[f].gzip, 0);
  const lazy = Object.keys(chunks)
    .filter((f) => !first.has(f))
    .map((f) => ({ file: f, gzip: chunks[f].gzip, bytes: chunks[f].bytes }));
  return { entry, firstFiles: [...first], firstGzip, lazy };
}

/** The `integrity` attribute value (sha384, base64) of a file, by default the CDN entry. */
export function integrity(file = 'dist/cdn/w3kit.js') {
  return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
}

export function printSizes() {
  const { firstFiles, firstGzip, lazy } = cdnSizes();
  console.log(`CDN first chunk: ${(firstGzip / 1024).toFixed(1)} KB gzip (${firstFiles.join(', ')})`);
  for (const c of lazy) console.log(`  lazy ${c.file}: ${(c.gzip / 1024).toFixed(1)} KB gzip`);
  console.log(`CDN integrity of dist/cdn/w3kit.js: ${integrity()}`);
}
