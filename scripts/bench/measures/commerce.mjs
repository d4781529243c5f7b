/**
 * The commerce features of issue 19, each lazy: swap (its API client, store and three views),
 * the on-ramp (its API client, store and five views) and names (the store and the two
 * registration views). `commerceChunks` finds the lazy chunks holding each one's modules (the
 * CDN manifest's `modules`) and throws when one of them is in the first chunk.
 */
import { lazyChunksHolding } from './sizes-sets.mjs';

export const COMMERCE_MODULES = {
  swap: /^dist\/(api\/swap-api|stores\/swap\/|elements\/views\/swap(-select-token|-preview)?\/)/,
  onramp: /^dist\/(api\/onramp-api|stores\/onramp\/|elements\/views\/(onramp-[a-z-]+|buy-in-progress)\/)/,
  names: /^dist\/(stores\/names\/|elements\/views\/register-account-name(-success)?\/)/,
};

/** `{ swap, onramp, names }`: each the lazy chunks holding its modules, largest first. */
export function commerceChunks(chunks, firstFiles) {
  const inFirst = firstFiles.flatMap((file) => Object.keys(chunks[file]?.modules ?? {}));
  const out = {};
  for (const [feature, pattern] of Object.entries(COMMERCE_MODULES)) {
    const moved = inFirst.filter((m) => pattern.test(m));
    if (moved.length > 0) throw new Error(`${feature} modules in the first chunk: ${moved.join(', ')}`);
    out[feature] = lazyChunksHolding(chunks, firstFiles, pattern, /^dist\//).filter((c) => c.modules.length > 0);
  }
  return out;
}

/** The total gzip bytes of a set of chunks. */
export const gzipOf = (set) => set.reduce((sum, c) => sum + c.gzip, 0);
