import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { createMailer, parseSmtpUrl } from './mailer.js';
import { SINK_MAX_BYTES, SINK_MAX_MAILS, startSmtpSink, type SmtpSink } from './sink.js';
import { codeMail, deviceMail, type CodePurpose } from './texts.js';

const digitRuns = (mail: { subject: string; text: string }) => `${mail.subject}\n${mail.text}`.match(/\d{6,}/g) ?? [];

describe('login mails', () => {
  it('hold the code as their only 6-digit number, for every purpose, and never the address', () => {
    for (const purpose of ['login', 'export', 'email-change-current', 'email-change-new'] as CodePurpose[]) {
      for (const code of ['000000', '123456', '999999']) {
        const mail = codeMail('user123456@example.com', code, purpose);
        expect(new Set(digitRuns(mail))).toEqual(new Set([code]));
        expect(mail.subject).toContain(code);
        expect(`${mail.subject}${mail.text}`).not.toContain('user123456');
      }
    }
  });

  it('give the device mail no 6-digit number, and the approval page as its first URL', () => {
    const url = 'https://frame.example/auth/v1/device/approve?token=abcdefABCDEF';
    const at = Date.UTC(2025, 11, 31, 23, 59, 59, 999);
    for (const address of ['203.0.113.254', '2001:db8:aaaa:bbbb::/64']) {
      const mail = deviceMail('user123456@example.com', url, { device: 'Firefox on Windows', address, site: 'shop.example:65535', at });
      expect(digitRuns(mail)).toEqual([]);
      expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe(url);
      expect(mail.text).not.toContain('user123456');
      expect(mail.text).toContain(`Network address: ${address}`);
      expect(mail.text).toContain('When: 2025-12-31 23:59 UTC');
    }
  });
});

describe('the SMTP sink and the mailer', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('delivers a mail through nodemailer without STARTTLS', async () => {
    const mailer = createMailer(`smtp://127.0.0.1:${sink.port}`, 'Shop <login@shop.example>');
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body text' });
    mailer.close();
    expect(sink.mails()[0]).toMatchObject({ to: 'a@example.com', subject: 'Hello', text: expect.stringContaining('Body text') });
  });

  it(`keeps the last mails (${SINK_MAX_MAILS} unless told), newest first, and refuses mails over ${SINK_MAX_BYTES} bytes`, async () => {
    const small = await startSmtpSink({ maxMails: 5 });
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: small.port,
      ignoreTLS: true,
      pool: true,
      maxMessages: Infinity,
    });
    for (let i = 0; i < 8; i++) {
      await transport.sendMail({ from: 'x@example.com', to: 'b@example.com', subject: `mail ${i}`, text: 'x' });
    }
    await expect(
      transport.sendMail({ from: 'x@example.com', to: 'b@example.com', subject: 'huge', text: 'x'.repeat(SINK_MAX_BYTES + 10) }),
    ).rejects.toThrow();
    transport.close();
    const mails = small.mails();
    await small.close();
    expect(mails).toHaveLength(5);
    expect(mails.map((m) => m.subject)).toEqual(['mail 7', 'mail 6', 'mail 5', 'mail 4', 'mail 3']);
    expect(mails.some((m) => m.subject === 'huge')).toBe(false);
  });

  it('hands nodemailer one mailbox only: a list, a display name or an unnormalized address is never sent', async () => {
    const mailer = createMailer(`smtp://127.0.0.1:${sink.port}`);
    const before = sink.mails().length;
    for (const to of ['victim@x.io,evil@y.io', 'a@b.io;c@d.io', '"A" <a@b.io>', 'A <a@b.io>', 'Victim@X.io', 'a@b.io\r\nBcc: c@d.io']) {
      await expect(mailer.send({ to, subject: 'x', text: 'x' })).rejects.toThrow('The recipient must be one normalized e-mail address');
    }
    await mailer.send({ to: 'one@x.io', subject: 'one', text: 'x' });
    mailer.close();
    const got = sink.mails().slice(0, sink.mails().length - before);
    expect(got.map((m) => m.to)).toEqual(['one@x.io']);
  });

  it('names a bad SMTP URL', () => {
    expect(() => parseSmtpUrl('http://mail.example')).toThrow(InputError);
    expect(() => parseSmtpUrl('smtp://mail.example/path')).toThrow('must be an smtp://HOST:PORT or smtps://HOST:PORT URL');
    expect(parseSmtpUrl('smtps://user:pw@mail.example:465').port).toBe('465');
  });
});
