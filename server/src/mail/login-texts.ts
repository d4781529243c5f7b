/**
 * The words of e-mail login's mails and of the device-approval page in the 20 locales
 * (server/data/login-texts.json, one object per locale with the same keys; a test checks every
 * locale has every key, the code placeholders, and no digit of its own, so a code mail's code
 * stays its only 6-digit number). The locale is the one the modal sent with the login's start,
 * matched against the allowlist (src/wire/mail-locales.ts); anything else is English.
 */
import table from '../../data/login-texts.json' with { type: 'json' };
import { MAIL_LOCALES, mailLocale, RTL_MAIL_LOCALES, type MailLocale } from '../../../src/wire/mail-locales.js';

export type LoginTexts = (typeof table)['en'];

const TEXTS: Readonly<Record<MailLocale, LoginTexts>> = table;

export { MAIL_LOCALES, mailLocale };
export type { MailLocale };

/** The texts of `locale` (a tag as stored or sent), English when it is not one of the 20. */
export function loginTexts(locale: string | null | undefined): LoginTexts {
  return TEXTS[mailLocale(locale)];
}

/** 'rtl' for Arabic, Hebrew and Persian. */
export function textDirection(locale: string | null | undefined): 'ltr' | 'rtl' {
  return RTL_MAIL_LOCALES.includes(mailLocale(locale)) ? 'rtl' : 'ltr';
}

/** One of the 20 from an Accept-Language header (its first tag we speak, by exact tag then language), else English. */
export function localeOfAcceptLanguage(header: string | undefined): MailLocale {
  const tags = (header ?? '')
    .slice(0, 256)
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean);
  for (const tag of tags) {
    const exact = MAIL_LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]!.toLowerCase();
    const byLanguage = MAIL_LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language);
    if (byLanguage) return byLanguage;
  }
  return 'en';
}
