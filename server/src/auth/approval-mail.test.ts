/**
 * The device-approval mail and page say who asked (issue 29, item 16): the device's name read
 * from its User-Agent by an allowlist (never the header itself), the network address, the site
 * the frame is on and when; checked in the SMTP sink of the real backend.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import texts from '../../data/login-texts.json' with { type: 'json' };
import { deviceName } from './device-name.js';
import { digitRuns, linkOf, seedAccount, startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const EDGE_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

describe('a device name', () => {
  it('is a browser and a system from the allowlist, whatever else the header says', () => {
    expect(deviceName(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(deviceName(CHROME_ANDROID)).toBe('Chrome on Android');
    expect(deviceName(EDGE_MAC)).toBe('Edge on macOS');
    expect(deviceName('curl/8.5.0')).toBe('An unknown device');
    expect(deviceName(undefined)).toBe('An unknown device');
    expect(deviceName('<script>alert(1)</script> Windows https://evil.example')).toBe('A browser on Windows');
    expect(deviceName(`Firefox/1 ${'x'.repeat(600)} Windows`)).toBe('Firefox');
  });
});

describe('the device-approval mail and page', () => {
  let h: AuthHarness;
  beforeEach(async () => {
    h = await startAuthHarness({ trustProxy: 1 });
    // A known account: its new devices get the approval mail.
    await seedAccount(h, 'ada@example.com');
  });
  afterEach(async () => {
    await h.close();
  });

  const start = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
    h.call(
      'POST',
      '/email/start',
      { projectId: 'w3kit-dev', email: 'ada@example.com', deviceId: 'device-mail-0001', ...extra },
      undefined,
      headers,
    );

  it('name the device, the network address, the site and the time, and never the raw User-Agent', async () => {
    h.clock.now = Date.UTC(2025, 5, 1, 14, 3, 27);
    const userAgent = `${FIREFOX_WINDOWS} <b>Approve-me</b> https://evil.example`;
    const reply = await start({ 'x-forwarded-for': '2001:db8:aa:bb:1:2:3:4', 'user-agent': userAgent }, { site: 'http://localhost:5173' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const mail = await h.mailTo('ada@example.com');
    const lines = [
      'Device: Firefox on Windows',
      'Network address: 2001:db8:aa:bb::/64',
      'Site: localhost:5173',
      'When: 2025-06-01 14:03 UTC',
    ];
    for (const line of lines) expect(mail.text).toContain(line);
    expect(mail.text).not.toMatch(/Gecko|Approve-me|evil/);
    expect(digitRuns(mail)).toEqual([]);
    const link = linkOf(mail);
    expect(link).toContain('/auth/v1/device/approve?token=');

    const html = await (await fetch(link)).text();
    for (const line of lines) expect(html).toContain(`<li>${line}</li>`);
    expect(html).not.toMatch(/Gecko|Approve-me|evil/);
  });

  it('say when the site or the device is unknown, and take only a site the project allows', async () => {
    expect((await start({ 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
    const mail = await h.mailTo('ada@example.com');
    expect(mail.text).toContain('Device: An unknown device');
    expect(mail.text).toContain('Network address: 198.51.100.9');
    expect(mail.text).toContain('Site: not given');
    const foreign = await start({ 'x-forwarded-for': '198.51.100.10' }, { site: 'https://evil.example' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'INVALID_REQUEST', field: 'site' });
    expect(h.server.mails()).toHaveLength(1);
  });

  it("speak the login's locale (Arabic: right to left), styled by one hashed style, and English for a locale outside the 20", async () => {
    const reply = await start({ 'x-forwarded-for': '198.51.100.9' }, { locale: 'ar' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const ar = texts.ar;
    const mail = await h.mailTo('ada@example.com');
    expect(mail.subject).toBe(ar.deviceSubject);
    expect(mail.text).toContain(`${ar.address}: 198.51.100.9`);
    const link = linkOf(mail);
    const got = await fetch(link, { headers: { 'accept-language': 'de' } });
    const html = await got.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(`<button type="submit">${ar.approve}</button>`);
    expect(html).toContain(`<h1>${ar.pageTitle}</h1>`);
    const csp = got.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(style).toContain('prefers-color-scheme: dark');
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    const approved = await fetch(link.split('?')[0]!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${new URL(link).searchParams.get('token')}`,
    });
    expect(await approved.text()).toContain(ar.approved);
    const code = await h.mailTo('ada@example.com', 1);
    expect(code.subject).toBe(ar.codeSubject.replace('{code}', /\d{6}/.exec(code.subject)![0]));
    // The link is spent: the browser's language now (German).
    const gone = await (await fetch(link, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).text();
    expect(gone).toContain('<html lang="de" dir="ltr">');
    expect(gone).toContain(texts.de.expired);

    h.clock.now += 31_000;
    expect((await start({ 'x-forwarded-for': '198.51.100.10' }, { locale: 'xx-YY' })).status).toBe(200);
    expect((await h.mailTo('ada@example.com', 2)).subject).toBe(texts.en.deviceSubject);
  });
});
