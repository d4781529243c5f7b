import { describe, expect, it } from 'vitest';
import { isEnglishTag, localeDir } from './locale-tags.js';
import { matchLocale } from './locales.js';

const TAGS = [
  'en',
  'EN',
  'en-GB',
  'en_us',
  ' en-US ',
  'en-Latn-US',
  'en-XA',
  'en-xa',
  'en-',
  'eng',
  'english',
  'es',
  'de-DE',
  'zh-Hant',
  'iw',
  '',
];

describe('isEnglishTag', () => {
  it('is true exactly where matchLocale gives en (so English needs no locale runtime)', () => {
    for (const tag of TAGS) expect(isEnglishTag(tag), tag).toBe(matchLocale(tag) === 'en');
    expect(isEnglishTag('en-GB')).toBe(true);
    expect(isEnglishTag('en-XA')).toBe(false);
  });
});

describe('localeDir', () => {
  it('is rtl for ar, he and fa only', () => {
    expect(['ar', 'he', 'fa', 'en', 'de'].map(localeDir)).toEqual(['rtl', 'rtl', 'rtl', 'ltr', 'ltr']);
  });
});
