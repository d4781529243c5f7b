import { atom, computed } from 'nanostores';
import type { Locale } from '../../core/locales.js';
import { isEnglishTag, localeDir, SOURCE_LOCALE } from '../../core/locale-tags.js';

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

/** The page's preferred languages, in order: its `<html lang>`, then the browser's languages. */
function pageLanguages(): (string | undefined)[] {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return [lang, ...languages];
}

/**
 * Whether the page's locale is English without matching the tags (the lazy runtime's work): its
 * first preferred language is English.
 */
function pageIsEnglish(): boolean {
  const first = pageLanguages().find((tag) => typeof tag === 'string' && tag.trim() !== '');
  return first !== undefined && isEnglishTag(first);
}

function loadRuntime(): Promise<typeof import('./locale-runtime.js')> {
  runtime ??= import('./locale-runtime.js').catch((err: unknown) => {
    runtime = undefined;
    throw err;
  });
  return runtime;
}

/**
 * Switches every w3kit element to `requested` (a BCP 47 tag such as `de` or `pt-BR`), live,
 * without closing the modal. Undefined or empty follows the page: its `<html lang>`, then the
 * browser's languages in order, then en. An unknown tag warns and falls back to the page's
 * locale; a locale whose texts fail to load warns and keeps the current one. Resolves with the
 * locale active afterwards; a later call wins over an earlier one still loading. English needs
 * no lazy chunk until another locale was chosen (the runtime matches every other tag).
 */
export async function setLocale(requested?: string): Promise<Locale> {
  const id = ++request;
  const english = requested ? isEnglishTag(requested) : pageIsEnglish();
  if (english && !runtime) {
    if (id === request) $locale.set(SOURCE_LOCALE);
    return $locale.get();
  }
  let locale: Locale | undefined;
  try {
    const { LOCALES, loadLocale, matchLocale, pickLocale } = await loadRuntime();
    locale = requested ? matchLocale(requested) : pickLocale(pageLanguages());
    if (!locale) {
      locale = pickLocale(pageLanguages());
      warn(`Unknown locale "${requested}": using "${locale}" (w3kit speaks ${LOCALES.join(', ')})`);
    }
    await loadLocale(locale);
  } catch (err) {
    const what = locale ? `the texts of locale "${locale}"` : 'the locale runtime';
    if (id === request) warn(`Could not load ${what}; staying in "${$locale.get()}"`, err);
    return $locale.get();
  }
  if (id === request) $locale.set(locale);
  return $locale.get();
}
