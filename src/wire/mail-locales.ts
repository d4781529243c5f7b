/**
 * The locales the backend's mails and device-approval page speak: the product's 20 (the client's
 * src/core/locales.ts LOCALES, the same list in the same order; a test keeps them equal). The
 * frame sends the modal's locale with a login's start; anything else is English.
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
