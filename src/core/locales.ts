/**
 * The locales w3kit speaks (issue 13), how a BCP 47 tag from a page, a browser or an option is
 * matched to one of them (the lazy locale runtime's work; the first chunk needs only
 * ./locale-tags.ts).
 */
import { MAIL_LOCALES } from '../wire/mail-locales.js';
import { PSEUDO_LOCALE, SOURCE_LOCALE } from './locale-tags.js';

/**
 * The locales a visitor gets by their page's `lang` or their browser's languages: the wire's list
 * (src/wire/mail-locales.ts), which the backend's mails and approval page speak too.
 */
export const LOCALES = MAIL_LOCALES;

export type Locale = (typeof LOCALES)[number] | typeof PSEUDO_LOCALE;

/** Tags that name one of ours another way: old codes, scripts and regions that share a variant. */
const ALIASES: [RegExp, Locale][] = [
  [/^zh-(hant|tw|hk|mo)\b/, 'zh-TW'],
  [/^zh\b/, 'zh-CN'],
  [/^pt\b/, 'pt-BR'],
  [/^(iw|he)\b/, 'he'],
  [/^(in|id)\b/, 'id'],
];

/**
 * One of our locales for a BCP 47 tag (case-insensitive; `_` taken for `-`): the exact locale,
 * then an alias (`zh-Hant-HK` is zh-TW, `pt-PT` is pt-BR, `iw` is he), then the language alone
 * (`es-MX` is es, `en-GB` is en). Undefined when we have none for it.
 */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (typeof tag !== 'string') return undefined;
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(wanted)) return undefined;
  if (wanted === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const alias = ALIASES.find(([pattern]) => pattern.test(wanted));
  if (alias) return alias[1];
  const language = wanted.split('-')[0];
  return LOCALES.find((l) => l === language);
}

/** The first of `candidates` (in order of preference) that matches one of our locales, else en. */
export function pickLocale(candidates: readonly (string | null | undefined)[]): Locale {
  for (const candidate of candidates) {
    const locale = matchLocale(candidate);
    if (locale && locale !== PSEUDO_LOCALE) return locale;
  }
  return SOURCE_LOCALE;
}
