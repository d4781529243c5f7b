// Do not modify this file by hand!
// Re-generate this file by running lit-localize.

/**
 * The locale code that templates in this source code are written in.
 */
export const sourceLocale = `en`;

/**
 * The other locale codes that this application is localized into. Sorted
 * lexicographically.
 */
export const targetLocales = [
  `ar`,
  `de`,
  `en-XA`,
  `es`,
  `fa`,
  `fr`,
  `he`,
  `hi`,
  `id`,
  `it`,
  `ja`,
  `ko`,
  `pl`,
  `pt-BR`,
  `ru`,
  `tr`,
  `uk`,
  `vi`,
  `zh-CN`,
  `zh-TW`,
] as const;

/**
 * All valid project locale codes. Sorted lexicographically.
 */
export const allLocales = [
  `ar`,
  `de`,
  `en`,
  `en-XA`,
  `es`,
  `fa`,
  `fr`,
  `he`,
  `hi`,
  `id`,
  `it`,
  `ja`,
  `ko`,
  `pl`,
  `pt-BR`,
  `ru`,
  `tr`,
  `uk`,
  `vi`,
  `zh-CN`,
  `zh-TW`,
] as const;
