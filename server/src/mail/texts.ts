/**
 * The mails of e-mail login. A code mail's subject and text hold its 6-digit code and no other
 * 6-digit number (no address, date or id); the device mail holds none, and its first URL is the
 * approval page. Neither repeats the recipient's address. The device mail (and its approval
 * page) says who asked: the device's name (from an allowlist, never the raw User-Agent), the
 * requester's network address, the site the login began on (its host, no link) and when.
 * Every mail speaks the locale the frame sent with the request that mails it (./login-texts.ts,
 * the 20 locales): the login's start, the key export's start, the e-mail change's two steps.
 */
import { loginTexts, type LoginTexts } from './login-texts.js';
import type { OutgoingMail } from './mailer.js';

export type CodePurpose = 'login' | 'export' | 'email-change-current' | 'email-change-new';

/** The line of each purpose's code mail, from the locale's texts. */
const PURPOSE_LINE = {
  login: 'codeLogin',
  export: 'codeExport',
  'email-change-current': 'codeEmailChangeCurrent',
  'email-change-new': 'codeEmailChangeNew',
} as const satisfies Record<CodePurpose, keyof LoginTexts>;

export function codeMail(to: string, code: string, purpose: CodePurpose, locale?: string | null): OutgoingMail {
  const t = loginTexts(locale);
  return {
    to,
    subject: t.codeSubject.replace('{code}', code),
    text: [t.codeFirst.replace('{code}', code), '', t[PURPOSE_LINE[purpose]], t.codeValid].join('\n'),
  };
}

/** Who asked for a device approval. */
export interface LoginRequester {
  /** The device's name (server/src/auth/device-name.ts). */
  device: string;
  /** The requester's network address: an IPv4 address, or an IPv6 /64. */
  address: string;
  /** The host of the site the login began on, when the frame said it. */
  site: string | undefined;
  /** When the login began (ms since the epoch). */
  at: number;
}

/** '2025-03-01 14:03 UTC' (no 6-digit run, so a mail's code stays its only one). */
export function mailTime(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The lines that say who asked, for the mail and the approval page, in the login's locale. */
export function requesterLines(requester: LoginRequester, locale?: string | null): string[] {
  const t = loginTexts(locale);
  return [
    `${t.device}: ${requester.device}`,
    `${t.address}: ${requester.address}`,
    `${t.site}: ${requester.site ?? t.notGiven}`,
    `${t.when}: ${mailTime(requester.at)}`,
  ];
}

export function deviceMail(to: string, approveUrl: string, requester: LoginRequester, locale?: string | null): OutgoingMail {
  const t = loginTexts(locale);
  return {
    to,
    subject: t.deviceSubject,
    text: [
      t.deviceIntro,
      '',
      ...requesterLines(requester, locale),
      '',
      t.deviceOpen,
      '',
      approveUrl,
      '',
      t.deviceSecond,
      t.deviceNotYou,
    ].join('\n'),
  };
}
