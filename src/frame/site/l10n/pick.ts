/**
 * How the frame picks its texts: the table of the locale the host sent (SyncDappData's `locale`,
 * an own key only), English when the frame does not speak it; and the page's language and
 * direction to match.
 */
import { localeDir, PSEUDO_LOCALE, SOURCE_LOCALE } from '../../../core/locale-tags.js';
import { LOCALES } from '../../../core/locales.js';

const SPOKEN = new Set<string>([...LOCALES, PSEUDO_LOCALE]);

/** `table[locale]`, or English for an unknown, missing or inherited name ('constructor'). */
export function pickTexts<T>(table: Readonly<Record<string, T>>, locale: string | undefined): T {
  return (locale !== undefined && Object.hasOwn(table, locale) ? table[locale] : undefined) ?? table.en!;
}

/** The locale the frame speaks for `locale`: itself when it is one of the product's, else English. */
export const frameLocale = (locale: string | undefined): string => (locale !== undefined && SPOKEN.has(locale) ? locale : SOURCE_LOCALE);

/** Sets the frame page's `lang` and `dir` (right to left for Arabic, Hebrew and Persian). */
export function applyLocale(root: HTMLElement, locale: string | undefined): void {
  const spoken = frameLocale(locale);
  root.lang = spoken;
  root.dir = localeDir(spoken);
}
