/**
 * The product's 20 locales: the client's LOCALES (src/core/locales.ts takes this list) and the
 * ones the backend's mails and device-approval page speak. The frame sends the modal's locale
 * with a login's start; anything else is English.
 */
export const MAIL_LOCALES = [
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
] as const;

export type MailLocale = (typeof MAIL_LOCALES)[number];

/** The locales written right to left. */
export const RTL_MAIL_LOCALES: readonly MailLocale[] = ['ar', 'he', 'fa'];

/** One of the 20 for a tag exactly as the modal names it (case-insensitive), else English. */
export function mailLocale(tag: string | null | undefined): MailLocale {
  if (typeof tag !== 'string') return 'en';
  const wanted = tag.toLowerCase();
  return MAIL_LOCALES.find((l) => l.toLowerCase() === wanted) ?? 'en';
}
