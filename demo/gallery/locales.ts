/** The 20 locales the gallery offers (the source one first; the pseudo-locale en-XA left out). */
import { sourceLocale, targetLocales } from '../../src/locales/generated/codes.js';

export const allLocaleCodes: readonly string[] = [sourceLocale, ...targetLocales.filter((c) => c !== 'en-XA')];
export const allLocales = allLocaleCodes;
