/** The real CDN build (`npm test` builds first): the swap code is lazy, none of its modules is in the first chunk (issue 19). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdnSizes } from '../../lib/sizes.mjs';
import { swapChunks } from './sizes.mjs';

const MANIFEST = path.resolve(__dirname, '../../../dist/cdn/manifest.json');

describe('the CDN build and swaps', () => {
  it('keeps the swap store, API client and views out of the first chunk, in lazy chunks', () => {
    if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`node scripts/build.mjs\` first (npm test does)`);
    const { chunks } = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { chunks: Record<string, { modules?: Record<string, number> }> };
    const { firstFiles } = cdnSizes(MANIFEST);
    // swapChunks throws when a swap module is in the first chunk.
    const lazy = swapChunks(chunks, firstFiles).flatMap((c: { modules: string[] }) => c.modules);
    for (const m of ['stores/swap/swap', 'stores/swap/swap-submit', 'api/swap-api']) expect(lazy).toContain(m);
    for (const view of ['swap', 'swap-select-token', 'swap-preview'])
      expect(lazy.some((m: string) => m.startsWith(`elements/views/${view}/`))).toBe(true);
    expect(firstFiles).toEqual(['w3kit.js']);
  });

  it('names a swap module found in the first chunk', () => {
    const chunks = { 'w3kit.js': { modules: { 'dist/stores/swap/swap.js': 1 } } };
    expect(() => swapChunks(chunks, ['w3kit.js'])).toThrow('swap modules in the first chunk: dist/stores/swap/swap.js');
  });
});
