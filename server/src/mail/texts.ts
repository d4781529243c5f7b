/**
 * The mails of e-mail login. A code mail's subject and text hold its 6-digit code and no other
 * 6-digit number (no address, date or id); the device mail holds none, and its first URL is the
 * approval page. Neither repeats the recipient's address.
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

export function deviceMail(to: string, approveUrl: string): OutgoingMail {
  return {
    to,
    subject: 'Approve your new device for w3kit',
    text: [
      'Someone is logging in to your w3kit wallet from a new device.',
      'If it is you, open this page and press Approve:',
      '',
      approveUrl,
      '',
      'The login code comes in a second mail once the device is approved.',
      'If it was not you, ignore this mail: nothing happens without your approval.',
    ].join('\n'),
  };
}
