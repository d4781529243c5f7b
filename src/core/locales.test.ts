import { describe, expect, it } from 'vitest';
import { LOCALES, matchLocale, pickLocale } from './locales.js';
import { localeDir, PSEUDO_LOCALE, SOURCE_LOCALE } from './locale-tags.js';
import { MAIL_LOCALES, RTL_MAIL_LOCALES } from '../wire/mail-locales.js';

describe('LOCALES', () => {
  it('are the 20 locales of issue 13, English first', () => {
    expect(LOCALES).toHaveLength(20);
    expect(LOCALES[0]).toBe(SOURCE_LOCALE);
    expect([...LOCALES].sort()).toEqual(
      [
        'en',
        'es',
        'fr',
        'de',
        'it',
        'pt-BR',
        'ru',
        'uk',
        'pl',
        'tr',
        'ar',
        'he',
        'fa',
        'hi',
        'zh-CN',
        'zh-TW',
        'ja',
        'ko',
        'id',
        'vi',
      ].sort(),
    );
  });
});

describe('matchLocale', () => {
  it('finds each locale by its exact tag', () => {
    for (const locale of LOCALES) expect(matchLocale(locale)).toBe(locale);
  });

  it('ignores case, surrounding spaces, and takes _ for -', () => {
    expect(matchLocale('DE')).toBe('de');
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale('PT_BR')).toBe('pt-BR');
    expect(matchLocale('zh_cn')).toBe('zh-CN');
    expect(matchLocale('zh_TW')).toBe('zh-TW');
    expect(matchLocale(' ja ')).toBe('ja');
  });

  it('maps aliases: Traditional Chinese scripts and regions, bare zh, other Portuguese, old Hebrew and Indonesian codes', () => {
    expect(matchLocale('zh-Hant')).toBe('zh-TW');
    expect(matchLocale('zh-Hant-HK')).toBe('zh-TW');
    expect(matchLocale('zh-HK')).toBe('zh-TW');
    expect(matchLocale('zh-MO')).toBe('zh-TW');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-Hans')).toBe('zh-CN');
    expect(matchLocale('zh-SG')).toBe('zh-CN');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('iw')).toBe('he');
    expect(matchLocale('he-IL')).toBe('he');
    expect(matchLocale('in')).toBe('id');
  });

  it('falls back to the language alone for a region or script we do not list', () => {
    expect(matchLocale('es-MX')).toBe('es');
    expect(matchLocale('en-GB')).toBe('en');
    expect(matchLocale('fr-CA')).toBe('fr');
    expect(matchLocale('de-CH')).toBe('de');
    expect(matchLocale('ar-EG')).toBe('ar');
    expect(matchLocale('fa-IR')).toBe('fa');
    expect(matchLocale('sr-Latn-RS')).toBeUndefined();
  });

  it('is undefined for a language we do not speak', () => {
    expect(matchLocale('nl')).toBeUndefined();
    expect(matchLocale('sv-SE')).toBeUndefined();
    expect(matchLocale('eng')).toBeUndefined();
  });

  it('is undefined for garbage, empty or missing input, without throwing', () => {
    for (const input of ['', ' ', '-', 'de-', '_', '1', 'de--DE', 'd', 'deutsch', 'de DE', '<script>', 'de-DE-toolongsubtag', '*']) {
      expect(matchLocale(input), JSON.stringify(input)).toBeUndefined();
    }
    expect(matchLocale(undefined)).toBeUndefined();
    expect(matchLocale(null)).toBeUndefined();
    expect(matchLocale(42 as unknown as string)).toBeUndefined();
  });

  it('finds the pseudo-locale by its exact tag only', () => {
    expect(matchLocale('en-XA')).toBe(PSEUDO_LOCALE);
    expect(matchLocale('en-xa')).toBe(PSEUDO_LOCALE);
  });
});

describe('pickLocale', () => {
  it('takes the first candidate that matches, in order', () => {
    expect(pickLocale(['fr-CA', 'de'])).toBe('fr');
    expect(pickLocale(['de', 'fr-CA'])).toBe('de');
  });

  it('skips candidates that match nothing or are missing', () => {
    expect(pickLocale([undefined, '', 'nl-NL', null, 'ja-JP', 'ko'])).toBe('ja');
  });

  it('is English when nothing matches or there is nothing to pick from', () => {
    expect(pickLocale([])).toBe('en');
    expect(pickLocale(['nl', 'sv', 'garbage!'])).toBe('en');
  });

  it('never picks the pseudo-locale from a page or a browser', () => {
    expect(pickLocale(['en-XA', 'it'])).toBe('it');
    expect(pickLocale(['en-XA'])).toBe('en');
  });
});

describe('localeDir', () => {
  it('is rtl for Arabic, Hebrew and Persian, ltr for the others', () => {
    const rtl = LOCALES.filter((l) => localeDir(l) === 'rtl');
    expect(rtl.sort()).toEqual(['ar', 'fa', 'he']);
    expect(localeDir('en')).toBe('ltr');
    expect(localeDir(PSEUDO_LOCALE)).toBe('ltr');
  });
});

describe("the backend's mail locales (src/wire/mail-locales.ts)", () => {
  it('are these 20, in order, with the same right-to-left ones', () => {
    expect(MAIL_LOCALES).toEqual(LOCALES);
    expect(RTL_MAIL_LOCALES).toEqual(LOCALES.filter((l) => localeDir(l) === 'rtl'));
  });
});
