import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE } from '../../core/locale-tags.js';
import { LOCALES } from '../../core/locales.js';
import { SAFETY_LOCALES, safetyTexts } from './safety-texts.js';

describe('the click guard and export texts', () => {
  it('exist in every locale the product speaks and the pseudo-locale, none empty, each translated', () => {
    expect([...SAFETY_LOCALES].sort()).toEqual([...LOCALES, PSEUDO_LOCALE].sort());
    const english = safetyTexts('en');
    for (const locale of SAFETY_LOCALES) {
      const texts = safetyTexts(locale);
      expect(Object.keys(texts).sort(), locale).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        if (locale !== 'en') expect(text, `${locale} ${key}`).not.toBe(english[key as keyof typeof english]);
      }
    }
  });

  it('an unknown or missing locale reads English', () => {
    expect(safetyTexts('xx')).toBe(safetyTexts('en'));
    expect(safetyTexts(undefined).moving).toBe('Hold on: the window is moving');
    expect(safetyTexts('constructor')).toBe(safetyTexts('en'));
  });

  it('a tag with a region reads its language (l10n/pick.ts): es-MX Spanish, zh-Hant-HK traditional Chinese', () => {
    expect(safetyTexts('es-MX')).toBe(safetyTexts('es'));
    expect(safetyTexts('es-MX').showKeys).toBe('Mostrar claves');
    expect(safetyTexts('zh-Hant-HK')).toBe(safetyTexts('zh-TW'));
  });
});
