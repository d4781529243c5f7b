/**
 * The login mails' and approval page's words in the 20 locales: each locale has every text, the
 * code placeholders where they belong and no digit of its own (a code mail's code stays its
 * only 6-digit number); the locale is taken only from the allowlist, else English.
 */
import { describe, expect, it } from 'vitest';
import table from '../../data/login-texts.json' with { type: 'json' };
import { localeOfAcceptLanguage, loginTexts, MAIL_LOCALES, mailLocale, textDirection } from './login-texts.js';
import { codeMail, deviceMail } from './texts.js';

const KEYS = Object.keys(table.en).sort();

describe('login texts', () => {
  it('exist in each of the 20 locales with every key, non-empty, the code placeholder only in the code lines, and no digits but the product name', () => {
    expect(Object.keys(table).sort()).toEqual([...MAIL_LOCALES].sort());
    for (const locale of MAIL_LOCALES) {
      const texts = table[locale] as Record<string, string>;
      expect([locale, Object.keys(texts).sort()]).toEqual([locale, KEYS]);
      for (const [key, text] of Object.entries(texts)) {
        expect([locale, key, text.trim().length > 0]).toEqual([locale, key, true]);
        // The product's name is the only digit (w3kit).
        expect([locale, key, /[0-9]/.test(text.replaceAll('w3kit', ''))]).toEqual([locale, key, false]);
        const placeholders = text.match(/\{code\}/g)?.length ?? 0;
        expect([locale, key, placeholders]).toEqual([locale, key, key === 'codeSubject' || key === 'codeFirst' ? 1 : 0]);
      }
    }
    // Translated, not copied: every locale but English differs from English in its mail subject.
    for (const locale of MAIL_LOCALES.filter((l) => l !== 'en')) expect(table[locale].deviceSubject).not.toBe(table.en.deviceSubject);
  });

  it('take the locale from the allowlist only, English otherwise, right to left for ar, he and fa', () => {
    expect(mailLocale('pt-br')).toBe('pt-BR');
    expect(mailLocale('xx')).toBe('en');
    expect(mailLocale('en-XA')).toBe('en');
    expect(mailLocale(undefined)).toBe('en');
    expect(loginTexts('__proto__')).toBe(loginTexts('en'));
    expect(MAIL_LOCALES.filter((l) => textDirection(l) === 'rtl')).toEqual(['ar', 'he', 'fa']);
    expect(localeOfAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(localeOfAcceptLanguage('zh-TW,zh;q=0.9')).toBe('zh-TW');
    expect(localeOfAcceptLanguage('nl-NL, nl')).toBe('en');
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
  });

  it('make a code mail with the code as its only 6-digit number and a device mail with none, in every locale', () => {
    for (const locale of MAIL_LOCALES) {
      const mail = codeMail('a@example.com', '042917', 'login', locale);
      expect(`${mail.subject}\n${mail.text}`.match(/\d{6,}/g)).toEqual(['042917', '042917']);
      const device = deviceMail(
        'a@example.com',
        'https://frame.example/auth/v1/device/approve?token=abc',
        {
          device: 'Firefox on Windows',
          address: '198.51.100.7',
          site: undefined,
          at: Date.UTC(2025, 5, 1, 14, 3),
        },
        locale,
      );
      expect(device.subject).toBe(table[locale].deviceSubject);
      expect(device.text).toContain(`${table[locale].site}: ${table[locale].notGiven}`);
      expect(`${device.subject}\n${device.text}`.match(/\d{6,}/g)).toBeNull();
    }
  });
});
