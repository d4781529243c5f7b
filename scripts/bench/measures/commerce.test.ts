/** commerceChunks (issue 19): swap, on-ramp and name code found in lazy chunks by module, refused in the first chunk. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdnSizes } from '../../lib/sizes.mjs';
import { commerceChunks, gzipOf } from './commerce.mjs';

const chunk = (gzip: number, modules: string[], imports: string[] = []) => ({
  gzip,
  bytes: gzip * 3,
  imports,
  modules: Object.fromEntries(modules.map((m) => [m, 1])),
});

const CHUNKS = {
  'w3kit.js': chunk(20_000, ['dist/elements/modal/modal.element.js']),
  'chunks/swap-a.js': chunk(3000, ['dist/stores/swap/quote.js', 'dist/elements/views/swap/swap-view.js'], ['chunks/shared.js']),
  'chunks/swap-preview-b.js': chunk(1000, ['dist/elements/views/swap-preview/swap-preview-view.js']),
  'chunks/onramp-c.js': chunk(2000, ['dist/api/onramp-api.js', 'dist/elements/views/buy-in-progress/buy-in-progress-view.js']),
  'chunks/names-d.js': chunk(1500, ['dist/elements/views/register-account-name/register-account-name-view.js']),
  'chunks/shared.js': chunk(5000, ['dist/elements/primitives/input.js']),
};

describe('commerceChunks', () => {
  it('finds each feature in its lazy chunks, counting only the chunks that hold its modules', () => {
    const { swap, onramp, names } = commerceChunks(CHUNKS, ['w3kit.js']);
    expect(swap.map((c: { file: string }) => c.file)).toEqual(['chunks/swap-a.js', 'chunks/swap-preview-b.js']);
    expect(gzipOf(swap)).toBe(4000);
    expect(onramp[0].modules).toEqual(['api/onramp-api', 'elements/views/buy-in-progress/buy-in-progress-view']);
    expect(gzipOf(names)).toBe(1500);
  });

  it('throws, naming the module, when one of them is in the first chunk', () => {
    const chunks = { ...CHUNKS, 'w3kit.js': chunk(20_000, ['dist/stores/names/register.js']) };
    expect(() => commerceChunks(chunks, ['w3kit.js'])).toThrow('names modules in the first chunk: dist/stores/names/register.js');
  });
});

describe('the CDN build and the commerce features', () => {
  it('keeps swap, on-ramp and name code out of the first chunk, each in lazy chunks holding its views and store', () => {
    const manifest = path.resolve(__dirname, '../../../dist/cdn/manifest.json');
    if (!existsSync(manifest)) throw new Error(`${manifest} is missing: run \`node scripts/build.mjs\` first (npm test does)`);
    const { chunks } = JSON.parse(readFileSync(manifest, 'utf8')) as { chunks: Record<string, { modules?: Record<string, number> }> };
    // commerceChunks throws when one of their modules is in the first chunk.
    const sets = commerceChunks(chunks, cdnSizes(manifest).firstFiles);
    const modules = (set: { modules: string[] }[]) => set.flatMap((c) => c.modules);
    expect(modules(sets.swap)).toEqual(expect.arrayContaining(['api/swap-api', 'stores/swap/swap', 'stores/swap/swap-submit']));
    expect(modules(sets.onramp)).toEqual(expect.arrayContaining(['api/onramp-api', 'stores/onramp/onramp', 'stores/onramp/purchase']));
    expect(modules(sets.names).some((m: string) => m.startsWith('elements/views/register-account-name/'))).toBe(true);
    expect(modules(sets.names).some((m: string) => m.startsWith('stores/names/'))).toBe(true);
  });
});
