/** commerceChunks (issue 19): swap, on-ramp and name code found in lazy chunks by module, refused in the first chunk. */
import { describe, expect, it } from 'vitest';
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
