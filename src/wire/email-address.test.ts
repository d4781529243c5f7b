import { describe, expect, it } from 'vitest';
import { authErrorReply, emailChangeSecondaryReply, emailStartBody } from './auth-api.js';
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, emailAddressProblem } from './email-address.js';
import { frameRequests, frameUserSchema } from '../frame/messages.js';

const long = (local: number, total: number) => `${'a'.repeat(local)}@${'b'.repeat(total - local - 5)}.com`;

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

  it('is the rule of the auth API and of the frame messages', () => {
    for (const email of [
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
