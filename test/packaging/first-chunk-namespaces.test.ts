/**
 * A namespace's code loads when the page uses it (issue 33): in the CDN first chunk (w3kit.js and
 * its static imports, from the built dist/cdn/manifest.json) each namespace is its registry entry,
 * a small descriptor, and nothing else of its folder: no discovery, rules, address parsing or
 * adapter. eip155 keeps its rules there (React's useW3Network reads them synchronously). Needs
 * the client built (npm test builds).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdnSizes } from '../../scripts/lib/sizes.mjs';

const CDN = path.resolve(import.meta.dirname, '../../dist/cdn');
const FIRST_CHUNK_ALLOWED: Record<string, string[]> = { eip155: ['entry.js', 'rules.js'] };

describe('the CDN first chunk', () => {
  it("holds of each namespace's folder its registry entry only (eip155: and its rules)", () => {
    const manifest = JSON.parse(readFileSync(path.join(CDN, 'manifest.json'), 'utf8')) as {
      chunks: Record<string, { modules: Record<string, number> }>;
    };
    const { firstFiles } = cdnSizes(path.join(CDN, 'manifest.json'));
    const byNamespace: Record<string, string[]> = {};
    for (const file of firstFiles)
      for (const id of Object.keys(manifest.chunks[file]!.modules)) {
        const m = /^dist\/chains\/([^/]+)\/(.+)$/.exec(id.split(path.sep).join('/'));
        if (m) (byNamespace[m[1]!] ??= []).push(m[2]!);
      }
    // Every namespace of the registry is there, as its entry.
    expect(Object.keys(byNamespace).sort()).toEqual(['bip122', 'eip155', 'solana']);
    for (const [namespace, files] of Object.entries(byNamespace))
      expect({ namespace, files: files.sort() }).toEqual({ namespace, files: FIRST_CHUNK_ALLOWED[namespace] ?? ['entry.js'] });
  });
});
