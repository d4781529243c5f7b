import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/src/index.js';
import { codeOf, linkOf, waitForMail, type Mail } from './mail.mjs';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, seed: true, smtpSink: 0, relayPort: false });
});
afterAll(async () => {
  await server.close();
});

const mail = (subject: string, text: string): Mail => ({ to: 'a@example.com', subject, text, date: new Date().toISOString() });

describe('mail helpers', () => {
  it('waits for a mail to an address in the sink, after a time', async () => {
    const since = Date.now();
    setTimeout(() => {
      void fetch(`${server.frameUrl}/auth/v1/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-w3kit-frame': '1' },
        body: JSON.stringify({ projectId: 'w3kit-dev', email: 'Zoe@Example.com', deviceId: 'device-zoe-0001' }),
      });
    }, 200);
    const got = await waitForMail(`${server.url}/dev/mail.json`, { to: 'zoe@example.com', since, timeoutMs: 5000 });
    // A first-ever login (a new account) gets its code at once.
    expect(got.subject).toBe(`${codeOf(got)} is your w3kit code`);
    await expect(waitForMail(`${server.url}/dev/mail.json`, { to: 'nobody@example.com', timeoutMs: 300 })).rejects.toThrow(
      'No mail to nobody@example.com within 300 ms',
    );
  });

  it('takes the only 6-digit code and refuses mails with none or several', () => {
    expect(codeOf(mail('Your code', 'It is 042517.'))).toBe('042517');
    expect(() => codeOf(mail('Your code', 'It is 042517 or 111111.'))).toThrow('found 2');
    expect(() => codeOf(mail('Your code', 'Order 1234567'))).toThrow('found 0');
  });

  it('takes the first link', () => {
    expect(linkOf(mail('Approve', 'Open http://127.0.0.1:4303/auth/v1/device/approve?token=abc then https://x.example'))).toBe(
      'http://127.0.0.1:4303/auth/v1/device/approve?token=abc',
    );
    expect(() => linkOf(mail('No link', 'none'))).toThrow('No link');
  });
});
