/** The 20 locales the gallery offers (the source one first). */
import { sourceLocale, targetLocales } from '../../src/locales/generated/codes.js';

export const allLocaleCodes: readonly string[] = [sourceLocale, ...targetLocales];
export const allLocales = allLocaleCodes;
