/**
 * Wrong codes count per code, per login (or export) and per account, and a resend resets none of
 * them nor keeps a login alive (issue 29, item 8), against the real backend and SMTP sink.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';
import { emailLogin, registerTestKeys } from '../../test/auth-session.js';
import { DEFAULT_CODE_FAILURES_PER_ACCOUNT } from './code-failures.js';

const EMAIL = 'guess@example.com';
const DEVICE = 'device-guess-0001';

let h: AuthHarness;
beforeEach(async () => {
  h = await startAuthHarness();
  await emailLogin(h, EMAIL, DEVICE);
});
afterEach(async () => {
  await h.close();
});

/** Starts a login on the known device; returns its id and a function giving the newest code. */
async function knownLogin() {
  h.clock.now += 31_000;
  const before = h.server.mails().length;
  const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
  expect(start.body.action).toBe('VERIFY_OTP');
  return { loginId: start.body.loginId as string, code: codeOf(await h.mailTo(EMAIL, before)) };
}

async function resend(loginId: string): Promise<string> {
  h.clock.now += 31_000;
  const before = h.server.mails().length;
  expect((await h.call('POST', '/email/resend', { loginId })).status).toBe(200);
  return codeOf(await h.mailTo(EMAIL, before));
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const verify = (loginId: string, otp: string) => h.call('POST', '/email/verify', { loginId, otp });

/** Ten wrong guesses on one login, with resends between: the login's ten, whatever the codes. */
async function burnLogin(): Promise<{ status: number; body: { code: string; message: string } }[]> {
  const { loginId, code } = await knownLogin();
  const replies = [];
  let current = code;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 9) current = await resend(loginId);
    replies.push(await verify(loginId, wrongFor(current)));
  }
  return replies;
}

describe('wrong codes', () => {
  it('guess, resend, guess: a login takes ten wrong codes over all its codes, then it is over', async () => {
    const { loginId, code } = await knownLogin();
    const left: number[] = [];
    for (let i = 0; i < 4; i++) left.push((await verify(loginId, wrongFor(code))).body.attemptsLeft);
    const second = await resend(loginId);
    for (let i = 0; i < 4; i++) left.push((await verify(loginId, wrongFor(second))).body.attemptsLeft);
    expect(left).toEqual([4, 3, 2, 1, 4, 3, 2, 1]);
    // The fifth wrong try of a code voids it (a new code may be asked for) ...
    expect((await verify(loginId, wrongFor(second))).body).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts: request a new code',
    });
    const third = await resend(loginId);
    // ... but the login's tenth ends the login: its own code, as a new code cannot help.
    const last = await verify(loginId, wrongFor(third));
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ code: 'ATTEMPTS_ENDED', message: 'Too many attempts: start again' });
    expect((await verify(loginId, third)).body.code).toBe('LOGIN_GONE');
    expect((await h.call('POST', '/email/resend', { loginId })).body.code).toBe('LOGIN_GONE');
  });

  it(`are counted per account over an hour: past ${DEFAULT_CODE_FAILURES_PER_ACCOUNT}, even the right code waits`, async () => {
    for (let i = 0; i < DEFAULT_CODE_FAILURES_PER_ACCOUNT / 10; i++) {
      const replies = await burnLogin();
      expect(replies.at(-1)!.body).toMatchObject({ code: 'ATTEMPTS_ENDED', message: 'Too many attempts: start again' });
    }
    const { loginId, code } = await knownLogin();
    const refused = await verify(loginId, code);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(refused.body.message).toMatch(/^Too many wrong codes for this account: please try again after \d+ seconds$/);
    h.clock.now += 3_600_000;
    const later = await knownLogin();
    expect((await verify(later.loginId, later.code)).status).toBe(200);
  });

  it('a resend never keeps a login alive past 30 minutes', async () => {
    const { loginId } = await knownLogin();
    let code = '';
    for (let i = 0; i < 3; i++) {
      h.clock.now += 9 * 60_000 - 31_000;
      code = await resend(loginId);
    }
    // 27 minutes in: the last code lives until the login's 30 minutes are over, not ten more.
    h.clock.now += 3 * 60_000;
    expect((await verify(loginId, code)).body.code).toBe('LOGIN_GONE');
  });

  it('of the export count per account too: new exports do not give new tries without end', async () => {
    const session = await emailLogin(h, 'keys@example.com', 'device-keys-0001');
    await registerTestKeys(h, session);
    const exportWith = async () => {
      h.clock.now += 31_000;
      const before = h.server.mails().length;
      const start = await h.call('POST', '/export/start', undefined, session.token);
      expect(start.status).toBe(200);
      return { exportId: start.body.exportId as string, code: codeOf(await h.mailTo('keys@example.com', before)) };
    };
    const guess = (exportId: string, otp: string) => h.call('POST', '/export/verify', { exportId, otp }, session.token);
    for (let i = 0; i < DEFAULT_CODE_FAILURES_PER_ACCOUNT / 5; i++) {
      const { exportId, code } = await exportWith();
      for (let j = 0; j < 5; j++) await guess(exportId, wrongFor(code));
    }
    const { exportId, code } = await exportWith();
    const refused = await guess(exportId, code);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });

  it('at once: a burst of guesses compares no more codes than the attempts allow, and a right code is spent once', async () => {
    const { loginId, code } = await knownLogin();
    // Nine guesses at once and the right code after them: only the code's five attempts are compared.
    const burst = await Promise.all(Array.from({ length: 9 }, () => verify(loginId, wrongFor(code))));
    expect(burst.filter((r) => r.body.code === 'CODE_WRONG' || r.status === 429)).toHaveLength(9);
    expect(burst.filter((r) => r.body.code === 'CODE_WRONG')).toHaveLength(4);
    expect((await verify(loginId, code)).body.code).toBe('TOO_MANY_ATTEMPTS');
    const next = await resend(loginId);
    const twice = await Promise.all([verify(loginId, next), verify(loginId, next)]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});
