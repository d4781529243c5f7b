/**
 * The mails of e-mail login. A code mail's subject and text hold its 6-digit code and no other
 * 6-digit number (no address, date or id); the device mail holds none, and its first URL is the
 * approval page. Neither repeats the recipient's address. The device mail (and its approval
 * page) says who asked: the device's name (from an allowlist, never the raw User-Agent), the
 * requester's network address, the site the login began on (its host, no link) and when.
 */
import type { OutgoingMail } from './mailer.js';

export type CodePurpose = 'login' | 'export' | 'email-change-current' | 'email-change-new';

const PURPOSE_LINES: Record<CodePurpose, string> = {
  login: 'Use it to log in to your wallet.',
  export: 'Use it to reveal your private key. If you did not ask to export your key, do not use it and ignore this mail.',
  'email-change-current': 'Use it to confirm changing the e-mail address of your wallet (step one: this address).',
  'email-change-new': 'Use it to confirm the new e-mail address of your wallet (step two: the new address).',
};

export function codeMail(to: string, code: string, purpose: CodePurpose): OutgoingMail {
  return {
    to,
    subject: `${code} is your w3kit code`,
    text: [
      `Your w3kit code is ${code}`,
      '',
      PURPOSE_LINES[purpose],
      'It is valid for ten minutes and works once. Never share it: w3kit will never ask you for it.',
    ].join('\n'),
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

/** The lines that say who asked, for the mail and the approval page. */
export function requesterLines(requester: LoginRequester): string[] {
  return [
    `Device: ${requester.device}`,
    `Network address: ${requester.address}`,
    `Site: ${requester.site ?? 'not given'}`,
    `When: ${mailTime(requester.at)}`,
  ];
}

export function deviceMail(to: string, approveUrl: string, requester: LoginRequester): OutgoingMail {
  return {
    to,
    subject: 'Approve your new device for w3kit',
    text: [
      'Someone is logging in to your w3kit wallet from a new device:',
      '',
      ...requesterLines(requester),
      '',
      'If it is you, open this page and press Approve:',
      '',
      approveUrl,
      '',
      'The login code comes in a second mail once the device is approved.',
      'If it was not you, ignore this mail: nothing happens without your approval.',
    ].join('\n'),
  };
}
