import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE } from '../../core/locale-tags.js';
import { LOCALES } from '../../core/locales.js';
import { APPROVAL_LOCALES, APPROVAL_TEXTS_EN, approvalTexts } from './approval-texts.js';

const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe('the approval screen texts', () => {
  it('exist in every locale the product speaks and the pseudo-locale, none empty, with the same placeholders, nearly all translated', () => {
    expect([...APPROVAL_LOCALES].sort()).toEqual([...LOCALES, PSEUDO_LOCALE].sort());
    const keys = Object.keys(APPROVAL_TEXTS_EN).sort();
    for (const locale of APPROVAL_LOCALES) {
      const texts = approvalTexts(locale);
      expect(Object.keys(texts).sort(), locale).toEqual(keys);
      let same = 0;
      for (const [key, text] of Object.entries(texts)) {
        const english = APPROVAL_TEXTS_EN[key as keyof typeof APPROVAL_TEXTS_EN];
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english));
        if (text === english) same++;
      }
      // A few words are the same in some languages ('Token', 'Message', 'Action', 'Version').
      if (locale !== 'en') expect(same, locale).toBeLessThanOrEqual(4);
    }
  });

  it('an unknown or missing locale reads English; the pseudo-locale keeps placeholders', () => {
    expect(approvalTexts('xx')).toBe(approvalTexts('en'));
    expect(approvalTexts(undefined).approve).toBe('Approve');
    expect(approvalTexts('constructor')).toBe(approvalTexts('en'));
    expect(approvalTexts(PSEUDO_LOCALE).approveTransactions).toBe('⟦Áppróvé {count} tráñšáçtíóñš⟧');
  });

  it('a tag with a region reads its language (l10n/pick.ts): de-AT German, pt-PT Brazilian Portuguese, en-GB English', () => {
    expect(approvalTexts('de-AT')).toBe(approvalTexts('de'));
    expect(approvalTexts('de-AT').approve).not.toBe('Approve');
    expect(approvalTexts('pt-PT')).toBe(approvalTexts('pt-BR'));
    expect(approvalTexts('en-GB')).toBe(approvalTexts('en'));
  });
});
