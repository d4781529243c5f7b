/** Sets of lazy chunks in the CDN manifest, found by the modules they hold (the bench's size figures). */

/**
 * The lazy chunks of `chunks` (the manifest's; `firstFiles` excluded) holding a module `pattern`
 * matches, plus every lazy chunk those import, statically or dynamically, transitively; largest
 * first: `modules` lists each chunk's matching modules, `strip` taken off (empty for a
 * dependencies-only chunk); `shared` says a lazy chunk outside the set imports it too.
 */
export function lazyChunksHolding(chunks, firstFiles, pattern, strip = pattern) {
  const first = new Set(firstFiles);
  const matching = (file) => Object.keys(chunks[file]?.modules ?? {}).filter((m) => pattern.test(m));
  const deps = (file) => [...(chunks[file].imports ?? []), ...(chunks[file].dynamicImports ?? [])];
  const set = new Set();
  const walk = (file) => {
    if (set.has(file) || first.has(file) || !chunks[file]) return;
    set.add(file);
    for (const dep of deps(file)) walk(dep);
  };
  for (const file of Object.keys(chunks)) if (!first.has(file) && matching(file).length > 0) walk(file);
  const importers = (file) => Object.keys(chunks).filter((f) => f !== file && deps(f).includes(file));
  return [...set]
    .map((file) => ({
      file,
      name: chunks[file].name ?? file,
      gzip: chunks[file].gzip,
      bytes: chunks[file].bytes,
      modules: matching(file).map((m) => m.replace(strip, '').replace(/\.js$/, '')),
      shared: importers(file).some((f) => !set.has(f) && !first.has(f)),
    }))
    .sort((a, b) => b.gzip - a.gzip);
}
