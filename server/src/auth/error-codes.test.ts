/**
 * Every refusal of the auth API a person can meet carries its stable `code` (and, where a number
 * belongs in the words, `retryAfter` or `attemptsLeft`), so the frame can say it in the user's
 * language instead of passing the developer's message on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authErrorReply } from '../../../src/wire/auth-api.js';
import { codeOf, seedAccount, startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';
import { emailLogin } from '../../test/auth-session.js';

const DEVICE = 'device-code-0001';
let h: AuthHarness;
beforeEach(async () => {
  h = await startAuthHarness();
});
afterEach(async () => {
  await h.close();
});

/** The reply's machine-readable part, checked against the wire schema. */
function refusal(reply: { status: number; body: unknown }) {
  const parsed = authErrorReply.parse(reply.body);
  return { status: reply.status, code: parsed.code, field: parsed.field, retryAfter: parsed.retryAfter, attemptsLeft: parsed.attemptsLeft };
}

describe('auth API refusal codes', () => {
  it('e-mail login: a malformed or too long address, an unknown project, the cooldown, a lapsed login, a wrong and a voided code', async () => {
    const start = (email: string, projectId = 'w3kit-dev') => h.call('POST', '/email/start', { projectId, email, deviceId: DEVICE });
    expect(refusal(await start('not-an-address'))).toMatchObject({ status: 400, code: 'INVALID_REQUEST', field: 'email' });
    expect(refusal(await start(`${'a'.repeat(300)}@example.com`))).toMatchObject({ status: 400, code: 'INVALID_REQUEST', field: 'email' });
    expect(refusal(await start(`${'a'.repeat(65)}@example.com`))).toMatchObject({ status: 400, code: 'INVALID_REQUEST', field: 'email' });
    expect(refusal(await start('ada@example.com', 'nope'))).toMatchObject({ status: 404, code: 'UNKNOWN_PROJECT' });
    // A known account: this device must be approved before a code is checked.
    await seedAccount(h, 'ada@example.com');

    const first = await start('ada@example.com');
    expect(first.status).toBe(200);
    h.clock.now += 12_400;
    const again = await start('ada@example.com');
    expect(refusal(again)).toMatchObject({ status: 429, code: 'MAIL_COOLDOWN', retryAfter: 18 });
    expect(again.headers.get('retry-after')).toBe('18');
    expect(refusal(await h.call('POST', '/email/verify', { loginId: first.body.loginId, otp: '123456' }))).toMatchObject({
      status: 403,
      code: 'DEVICE_NOT_APPROVED',
    });
    expect(refusal(await h.call('POST', '/email/resend', { loginId: 'no-such-login' }))).toMatchObject({ status: 404, code: 'LOGIN_GONE' });

    // A known device gets the code at once: a wrong one says how many tries are left, five void it.
    await emailLogin(h, 'bob@example.com', DEVICE);
    h.clock.now += 31_000;
    const before = h.server.mails().length;
    const known = await start('bob@example.com');
    const code = codeOf(await h.mailTo('bob@example.com', before));
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (otp: string) => h.call('POST', '/email/verify', { loginId: known.body.loginId, otp });
    expect(refusal(await verify(wrong))).toMatchObject({ status: 400, code: 'CODE_WRONG', attemptsLeft: 4 });
    for (let i = 0; i < 3; i++) await verify(wrong);
    expect(refusal(await verify(wrong))).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
    expect(refusal(await verify(code))).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
  });

  it('a lapsed code, a lapsed session and the per-IP limit', async () => {
    await emailLogin(h, 'cy@example.com', DEVICE);
    h.clock.now += 31_000;
    const before = h.server.mails().length;
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: 'cy@example.com', deviceId: DEVICE });
    const code = codeOf(await h.mailTo('cy@example.com', before));
    h.clock.now += 10 * 60_000 + 1;
    expect(refusal(await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: code }))).toMatchObject({
      code: 'LOGIN_GONE',
    });
    expect(refusal(await h.call('GET', '/session', undefined, 'x'.repeat(40)))).toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });

    const limited = await startAuthHarness({ authLimits: { verifiesPerIp: 1 } });
    try {
      await limited.call('POST', '/email/verify', { loginId: 'abcdefghij', otp: '123456' });
      const over = refusal(await limited.call('POST', '/email/verify', { loginId: 'abcdefghij', otp: '123456' }));
      expect(over).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(over.retryAfter).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('e-mail change: the current address, a taken one, a lapsed change, steps out of order', async () => {
    const dave = await emailLogin(h, 'dave@example.com', 'device-dave-001');
    h.clock.now += 31_000;
    await emailLogin(h, 'erin@example.com', 'device-erin-001');
    const change = (email: string) => h.call('POST', '/email/change/start', { email }, dave.token);
    expect(refusal(await change('Dave@Example.com'))).toMatchObject({ status: 400, code: 'EMAIL_IS_CURRENT', field: 'email' });
    expect(refusal(await change('erin@example.com'))).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', field: 'email' });
    expect(refusal(await change('bad@'))).toMatchObject({ status: 400, code: 'INVALID_REQUEST', field: 'email' });
    const started = await change('dave.new@example.com');
    expect(started.status).toBe(200);
    const secondary = await h.call('POST', '/email/change/secondary', { changeId: started.body.changeId, otp: '123456' }, dave.token);
    expect(refusal(secondary)).toMatchObject({ status: 409, code: 'EMAIL_CHANGE_STEP' });
    expect(refusal(await change('dave.other@example.com'))).toMatchObject({ status: 429, code: 'MAIL_COOLDOWN' });
    const gone = await h.call('POST', '/email/change/primary', { changeId: 'no-such-change', otp: '123456' }, dave.token);
    expect(refusal(gone)).toMatchObject({ status: 404, code: 'CHALLENGE_GONE' });
  });
});

describe('without SMTP', () => {
  it("says the server's mail is not configured", async () => {
    const plain = await startAuthHarness({ smtpSink: false });
    try {
      const reply = await plain.call('POST', '/email/start', { projectId: 'w3kit-dev', email: 'ada@example.com', deviceId: DEVICE });
      expect(refusal(reply)).toMatchObject({ status: 503, code: 'MAIL_NOT_CONFIGURED' });
    } finally {
      await plain.close();
    }
  });
});
