/**
 * How the frame picks its texts: the table of the locale the host sent (SyncDappData's `locale`,
 * matched to one of the product's as ../../../core/locales.ts does: a region reads its language,
 * `es-MX` Spanish), English when the frame does not speak it; and the page's language and
 * direction to match. Every table of frame texts (./*-texts.ts, ../approval-texts.ts,
 * ../safety-texts.ts) is read through pickTexts.
 */
import { localeDir, SOURCE_LOCALE } from '../../../core/locale-tags.js';
import { matchLocale } from '../../../core/locales.js';

/** The locale the frame speaks for `locale`: the product's locale it matches (`de-AT` is de), else English. */
export const frameLocale = (locale: string | undefined): string => matchLocale(locale) ?? SOURCE_LOCALE;

/** The table of frameLocale(locale), or English for an unknown, missing or inherited name ('constructor'). */
export function pickTexts<T>(table: Readonly<Record<string, T>>, locale: string | undefined): T {
  const spoken = frameLocale(locale);
  return (Object.hasOwn(table, spoken) ? table[spoken] : undefined) ?? table.en!;
}

/** Sets the frame page's `lang` and `dir` (right to left for Arabic, Hebrew and Persian). */
export function applyLocale(root: HTMLElement, locale: string | undefined): void {
  const spoken = frameLocale(locale);
  root.lang = spoken;
  root.dir = localeDir(spoken);
}
