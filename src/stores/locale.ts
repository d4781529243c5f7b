import { atom, computed } from 'nanostores';
import { LOCALES, localeDir, matchLocale, pickLocale, SOURCE_LOCALE, type Locale } from '../core/locales.js';

/** The active locale: the one every element renders in, set once its texts have loaded. */
export const $locale = atom<Locale>(SOURCE_LOCALE);
/** The writing direction of the active locale (`rtl` for ar, he and fa). */
export const $localeDir = computed($locale, localeDir);

let runtime: Promise<typeof import('./locale-runtime.js')> | undefined;
let request = 0;

/**
 * A developer's warning on the console whatever the log level (an unknown locale is a page's
 * mistake it should see, as the issue asks), like the second-modal warning; no logger chunk loaded.
 */
function warn(text: string, err?: unknown): void {
  console.warn(`[w3kit] ${text}`, ...(err === undefined ? [] : [err]));
}

/** The page's locale: its `<html lang>`, then the browser's languages in order, then en. */
export function detectLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickLocale([lang, ...languages]);
}

/**
 * Switches every w3kit element to `requested` (a BCP 47 tag such as `de` or `pt-BR`), live,
 * without closing the modal. Undefined or empty follows the page (detectLocale). An unknown tag
 * warns and falls back to the page's locale; a locale whose texts fail to load warns and keeps
 * the current one. Resolves with the locale active afterwards; a later call wins over an earlier
 * one still loading.
 */
export async function setLocale(requested?: string): Promise<Locale> {
  const id = ++request;
  let locale = requested ? matchLocale(requested) : detectLocale();
  if (!locale) {
    locale = detectLocale();
    warn(`Unknown locale "${requested}": using "${locale}" (w3kit speaks ${LOCALES.join(', ')})`);
  }
  if (locale !== SOURCE_LOCALE || runtime) {
    try {
      runtime ??= import('./locale-runtime.js').catch((err: unknown) => {
        runtime = undefined;
        throw err;
      });
      await (await runtime).loadLocale(locale);
    } catch (err) {
      if (id === request) warn(`Could not load the texts of locale "${locale}"; staying in "${$locale.get()}"`, err);
      return $locale.get();
    }
  }
  if (id === request) $locale.set(locale);
  return $locale.get();
}
