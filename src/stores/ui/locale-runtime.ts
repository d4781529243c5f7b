/**
 * The localization runtime (a lazy chunk, loaded the first time a locale other than English is
 * chosen): lit-localize's runtime mode, its texts loaded from one chunk per locale.
 */
import { configureLocalization } from '@lit/localize/init/runtime.js';
import { sourceLocale, targetLocales } from '../../locales/generated/codes.js';
import { loaders } from '../../locales/generated/loaders.js';

/** Matching a tag to one of our locales (src/core/locales.ts) is needed only with this runtime. */
export { LOCALES, matchLocale, pickLocale } from '../../core/locales.js';

const { getLocale, setLocale } = configureLocalization({
  sourceLocale,
  targetLocales,
  loadLocale: (locale) => loaders[locale as keyof typeof loaders](),
});

/**
 * Loads `locale`'s texts and makes `msg()` answer in it; resolves once it does. When they fail
 * to load, lit-localize keeps the locale as "loading" and would hand the same rejection to every
 * later request for it: asking for the active locale again clears that, so a later try loads.
 */
export const loadLocale = (locale: string): Promise<void> =>
  setLocale(locale).catch((err: unknown) => {
    void setLocale(getLocale()).catch(() => undefined);
    throw err;
  });
