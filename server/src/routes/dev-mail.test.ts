import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';
import { linkify } from './dev-mail.js';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: h.server.smtpSinkPort!, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: 'x@example.com',
    to: 'victim@example.com',
    subject: '<img src=x onerror=alert(1)>',
    text: 'Open https://frame.example/approve?token=abc&x=<b> "now"\n<script>alert(2)</script>',
  });
  transport.close();
});
afterAll(async () => {
  await h.close();
});

describe('/dev/mail', () => {
  it('lists the sink mails as JSON, newest first', async () => {
    const res = await fetch(`${h.server.url}/dev/mail.json`);
    const { mails } = (await res.json()) as { mails: { to: string; subject: string; text: string; date: string }[] };
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'victim@example.com', subject: '<img src=x onerror=alert(1)>' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('escapes every value of the HTML list and makes links clickable', async () => {
    const res = await fetch(`${h.server.url}/dev/mail`);
    const html = await res.text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://frame.example/approve?token=abc&amp;x=" rel="noreferrer">');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('links only http(s) URLs', () => {
    expect(linkify('javascript:alert(1) and http://a.example/')).toBe(
      'javascript:alert(1) and <a href="http://a.example/" rel="noreferrer">http://a.example/</a>',
    );
  });

  it('is not served without the sink', async () => {
    const plain = await startAuthHarness({ smtpSink: false });
    try {
      expect((await fetch(`${plain.server.url}/dev/mail.json`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
