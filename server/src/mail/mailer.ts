/**
 * Sends mail through an SMTP server (`--smtp smtp://HOST:PORT`, sender `--mail-from`) with
 * nodemailer. Plain smtp:// to a loopback host skips STARTTLS (a local sink). The recipient is
 * one mailbox in its normalized form (src/wire/email-address.ts), else nothing is sent:
 * nodemailer would read a list or a display name out of the string.
 */
import nodemailer from 'nodemailer';
import { normalizeEmailAddress } from '../../../src/wire/email-address.js';
import { InputError } from '../errors.js';
import { redactUrl } from '../redact.js';

export const DEFAULT_MAIL_FROM = 'w3kit <login@w3kit.localhost>';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|localhost|\[?::1\]?)$/i;

/** Checks an SMTP URL: smtp:// or smtps://, a host, no path. */
export function parseSmtpUrl(text: string, field = '--smtp'): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(
      field,
      `Invalid ${field} ${JSON.stringify(redactUrl(text))}: must be an smtp://HOST:PORT or smtps://HOST:PORT URL`,
    );
  }
  if (!['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname || (url.pathname !== '' && url.pathname !== '/')) {
    throw new InputError(
      field,
      `Invalid ${field} ${JSON.stringify(redactUrl(text))}: must be an smtp://HOST:PORT or smtps://HOST:PORT URL`,
    );
  }
  return url;
}

export function createMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const url = parseSmtpUrl(smtpUrl);
  const ignoreTLS = url.protocol === 'smtp:' && LOOPBACK.test(url.hostname);
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 25,
    secure: url.protocol === 'smtps:',
    ignoreTLS,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send({ to, subject, text }) {
      // One mailbox, as stored: never a list, a display name or anything nodemailer would parse into more.
      if (normalizeEmailAddress(to) !== to) throw new Error('The recipient must be one normalized e-mail address');
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}
