/**
 * What a fixture app ships, gzipped at level 9: "first load" is every script the page fetched
 * until the network went quiet after load (before any click); "total" is every .js file of the
 * app's build output (lazy chunks included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** Every .js/.mjs file under `dir`. */
export function jsFiles(dir) {
  const found = [];
  const visit = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.m?js$/.test(entry.name)) found.push(full);
    }
  };
  visit(dir);
  return found;
}

/** Gzip bytes and file count of the .js files under each of `dirs`. */
export function totalOnDisk(dirs) {
  const files = dirs.flatMap((dir) => jsFiles(dir));
  return { gzip: files.reduce((sum, f) => sum + gzipBytes(readFileSync(f)), 0), files: files.length };
}

/** Starts recording the scripts `page` fetches; `firstLoad()` resolves to their gzip bytes and count. */
export function recordScripts(page) {
  const bodies = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || response.status() !== 200) return;
    // A body asked for after the page closed (a late script) rejects: never left unhandled (it ended the run once).
    const url = response.url();
    bodies.push(
      response.body().then(
        (body) => gzipBytes(body),
        (error) => ({ url, error }),
      ),
    );
  });
  return {
    async firstLoad() {
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all(bodies);
      const unread = sizes.find((s) => typeof s !== 'number');
      if (unread) throw new Error(`could not read the script ${unread.url}: ${unread.error.message}`);
      return { gzip: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
    },
  };
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
