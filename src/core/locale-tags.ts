/**
 * What the first chunk needs to know of locales (DESIGN.md, Budgets): the source locale, the
 * pseudo-locale's tag, which locales are written right to left, and whether a tag asks for
 * English. Matching any other tag to one of ours is ./locales.ts, in the lazy locale runtime.
 */
export const SOURCE_LOCALE = 'en';

/**
 * A pseudo-locale for developers and tests (every text bracketed and accented, so a string
 * that skipped localization stands out). Chosen only by its exact tag, never detected.
 */
export const PSEUDO_LOCALE = 'en-XA';

const RTL = new Set<string>(['ar', 'he', 'fa']);

/** `rtl` for Arabic, Hebrew and Persian, `ltr` for the others. */
export const localeDir = (locale: string): 'ltr' | 'rtl' => (RTL.has(locale) ? 'rtl' : 'ltr');

/**
 * Whether a BCP 47 tag is English as ./locales.ts's matchLocale reads it (`en`, `en-GB`, `EN_us`;
 * not the pseudo-locale `en-XA`), so choosing it needs no locale runtime.
 */
export function isEnglishTag(tag: string): boolean {
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  return /^en(-[a-z0-9]{1,8})*$/.test(wanted) && wanted !== PSEUDO_LOCALE.toLowerCase();
}
