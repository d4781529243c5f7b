import { describe, expect, it } from 'vitest';
import { authErrorReply, emailChangeSecondaryReply, emailStartBody } from './auth-api.js';
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, emailAddressProblem, normalizeEmailAddress } from './email-address.js';
import { frameRequests, frameUserSchema } from '../frame/messages.js';

/** An address of `total` characters with `local` before the '@' (the domain in labels of at most 63). */
const long = (local: number, total: number) => {
  const domain = 'b'.repeat(total - local - 5).replace(/(.{60})(?=.)/g, '$1.');
  return `${'a'.repeat(local)}@${domain.slice(0, total - local - 5)}.com`;
};

describe('the e-mail rule (RFC 5321 limits)', () => {
  it('names what is wrong: empty, too long in all, too long before the @, malformed', () => {
    expect(emailAddressProblem('')).toBe('REQUIRED');
    expect(emailAddressProblem(long(10, EMAIL_MAX_LENGTH + 1))).toBe('TOO_LONG');
    expect(emailAddressProblem(long(10, 312))).toBe('TOO_LONG');
    expect(emailAddressProblem(long(EMAIL_LOCAL_MAX_LENGTH + 1, 100))).toBe('LOCAL_TOO_LONG');
    for (const bad of ['me', 'me@', '@example.com', 'me@example', 'me example@x.com', 'a@b@c.com'])
      expect(emailAddressProblem(bad)).toBe('INVALID');
  });

  it('takes addresses at the limits', () => {
    expect(emailAddressProblem(long(EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH))).toBeUndefined();
    expect(emailAddressProblem('first.last+tag@sub.example.co.uk')).toBeUndefined();
  });

  it('accepts one mailbox only: no lists, display names, angle brackets, quoted strings or address literals', () => {
    for (const bad of [
      'victim@x.io,evil',
      'victim@x.io,evil@y.io',
      'a@b.io;c@d.io',
      'a@b.io, c@d.io',
      '"A" <a@b.io>',
      'A <a@b.io>',
      '<a@b.io>',
      '"a b"@b.io',
      '"a@b.io"@c.io',
      'a@b.io (comment)',
      '(c)a@b.io',
      'a@[127.0.0.1]',
      'a@127.0.0.1',
      'a@b.io\n',
      'a@b.io\r\nBcc: c@d.io',
      '@a.io:b@c.io',
      'a@b..io',
      'a@.b.io',
      'a@b.io.',
      'a@-b.io',
      'a@b-.io',
      'a@b_c.io',
      'a@b.123',
      '.a@b.io',
      'a.@b.io',
      'a..b@c.io',
      'ä@b.io',
      'a@b.io%0a',
    ])
      expect([bad, emailAddressProblem(bad)]).toEqual([bad, 'INVALID']);
  });

  it('normalizes case and Unicode: the local part lowercased, the domain in lowercase ASCII (punycode for an IDN)', () => {
    expect(normalizeEmailAddress('Alice@Example.COM')).toBe('alice@example.com');
    expect(normalizeEmailAddress("o'brien+tag@x.io")).toBe("o'brien+tag@x.io");
    expect(normalizeEmailAddress('me@bücher.example')).toBe('me@xn--bcher-kva.example');
    // A decomposed ü (u + combining diaeresis) is the same domain once in NFC.
    expect(normalizeEmailAddress('me@bu\u0308cher.example')).toBe('me@xn--bcher-kva.example');
    expect(normalizeEmailAddress('me@BÜCHER.example')).toBe('me@xn--bcher-kva.example');
    expect(normalizeEmailAddress('me@xn--bcher-kva.example')).toBe('me@xn--bcher-kva.example');
    expect(normalizeEmailAddress('me@例え.テスト')).toMatch(/^me@xn--[a-z0-9-]+\.xn--[a-z0-9-]+$/);
    expect(normalizeEmailAddress('victim@x.io,evil')).toBeUndefined();
    // The limit is the normalized form's: a domain that grows in punycode past 254 is too long.
    const wide = `a@${Array<string>(4).fill('ü'.repeat(57)).join('.')}.io`;
    expect(wide.length).toBeLessThan(EMAIL_MAX_LENGTH);
    expect(emailAddressProblem(wide)).toBe('TOO_LONG');
  });

  it('is the rule of the auth API and of the frame messages', () => {
    for (const email of [
      'victim@x.io,evil',
      '"A" <a@b.io>',
      'a@b.io;c@d.io',
      'ä@b.io',
      long(10, 312),
      long(EMAIL_LOCAL_MAX_LENGTH + 1, 100),
      'me@example',
      long(EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH),
    ]) {
      const ok = emailAddressProblem(email) === undefined;
      expect(emailStartBody.safeParse({ projectId: 'p', email, deviceId: 'device-0001' }).success).toBe(ok);
      expect(frameRequests.ConnectEmail.payload.safeParse({ email }).success).toBe(ok);
      expect(frameRequests.UpdateEmail.payload.safeParse({ email }).success).toBe(ok);
    }
    expect(authErrorReply.safeParse({ message: 'x', code: 'EMAIL_IS_CURRENT' }).success).toBe(true);
    // An account made before the local part's limit keeps working: replies read its address as stored.
    const older = `${'a'.repeat(70)}@example.com`;
    expect(emailStartBody.safeParse({ projectId: 'p', email: older, deviceId: 'device-0001' }).success).toBe(false);
    expect(emailChangeSecondaryReply.safeParse({ email: older }).success).toBe(true);
    expect(frameUserSchema.shape.email.safeParse(older).success).toBe(true);
  });
});
