import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE } from '../../../core/locale-tags.js';
import { LOCALES } from '../../../core/locales.js';
import { CODE_LOCALES, codeTexts } from './code-texts.js';
import { COMMON_LOCALES, commonTexts } from './common-texts.js';
import { EXPORT_LOCALES, exportTexts } from './export-texts.js';
import { PASSKEY_LOCALES, passkeyTexts } from './passkey-texts.js';
import { frameLocale, pickTexts } from './pick.js';
import { STORAGE_LOCALES, storageTexts } from './storage-texts.js';

const GROUPS: [string, readonly string[], (locale: string | undefined) => object][] = [
  ['export', EXPORT_LOCALES, exportTexts],
  ['common', COMMON_LOCALES, commonTexts],
  ['code', CODE_LOCALES, codeTexts],
  ['passkey', PASSKEY_LOCALES, passkeyTexts],
  ['storage', STORAGE_LOCALES, storageTexts],
];

describe("the frame screens' texts", () => {
  it.each(GROUPS)('%s: in every locale the product speaks and the pseudo-locale, none empty, each translated', (_, locales, texts) => {
    expect([...locales].sort()).toEqual([...LOCALES, PSEUDO_LOCALE].sort());
    const english = texts('en') as Record<string, string>;
    for (const locale of locales) {
      const own = texts(locale) as Record<string, string>;
      expect(Object.keys(own).sort(), locale).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(own)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        // 'Code' is 'Code' in French and German too.
        if (locale !== 'en' && !(key === 'codeLabel' && ['fr', 'de'].includes(locale)))
          expect(text, `${locale} ${key}`).not.toBe(english[key]);
      }
    }
  });

  it('an unknown, missing or inherited locale reads English; the page speaks only a locale it has', () => {
    for (const [, , texts] of GROUPS) {
      expect(texts('xx')).toBe(texts('en'));
      expect(texts(undefined)).toBe(texts('en'));
      expect(texts('constructor')).toBe(texts('en'));
    }
    expect(pickTexts({ en: 1, de: 2 }, '__proto__')).toBe(1);
    expect(exportTexts('de').exportTitle).toBe('Schlüssel exportieren');
    expect(codeTexts('ar').codeInvalid).toBe('أدخل الرمز المكوّن من 6 أرقام من البريد الإلكتروني');
    expect([frameLocale('ar'), frameLocale('pt-BR'), frameLocale('xx'), frameLocale(undefined), frameLocale('toString')]).toEqual([
      'ar',
      'pt-BR',
      'en',
      'en',
      'en',
    ]);
  });

  it('a tag with a region reads its language, and the page speaks it: fr-CA French, es-419 Spanish', () => {
    for (const [, , texts] of GROUPS) expect(texts('fr-CA')).toBe(texts('fr'));
    expect(exportTexts('de-CH').exportTitle).toBe('Schlüssel exportieren');
    expect([frameLocale('fr-CA'), frameLocale('es-419'), frameLocale('pt-PT')]).toEqual(['fr', 'es', 'pt-BR']);
  });
});
