import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, digitRuns, linkOf, seedAccount, startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';

const DEVICE = 'device-one-0001';
const EMAIL = 'Alice@Example.com';
const ADDRESS = 'alice@example.com';

let h: AuthHarness;
beforeEach(async () => {
  h = await startAuthHarness();
  // A known account (as a social login leaves one): its new devices need the approval mail.
  await seedAccount(h, ADDRESS);
});
afterEach(async () => {
  await h.close();
});

/** Logs in on a new device through the approval page; returns the session reply. */
async function loginNewDevice(email = EMAIL, deviceId = DEVICE) {
  const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email, deviceId });
  expect(start.body.action).toBe('VERIFY_DEVICE');
  const link = linkOf(await h.mailTo(email.toLowerCase()));
  const token = new URL(link).searchParams.get('token')!;
  const before = h.server.mails().length;
  await fetch(`${h.server.frameUrl}/auth/v1/device/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${token}`,
  });
  const code = codeOf(await h.mailTo(email.toLowerCase(), before));
  return h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: code });
}

describe('e-mail login', () => {
  it('sends a new device the approval mail; GET approves nothing, POST approves and mails the code; the session is device-verified', async () => {
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
    expect(start.status).toBe(200);
    expect(start.body.action).toBe('VERIFY_DEVICE');
    const deviceMail = await h.mailTo(ADDRESS);
    expect(digitRuns(deviceMail)).toEqual([]);
    expect(deviceMail.text).not.toContain(ADDRESS);
    const link = linkOf(deviceMail);
    expect(link).toMatch(new RegExp(`^${h.server.frameUrl}/auth/v1/device/approve\\?token=[A-Za-z]{40}$`));

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('<button type="submit">Approve</button>');
    expect(html).toContain('method="post"');
    expect((await h.call('GET', `/device/status?loginId=${start.body.loginId}`)).body).toEqual({ approved: false });
    expect(h.server.mails()).toHaveLength(1);

    const token = new URL(link).searchParams.get('token')!;
    const approved = await fetch(`${h.server.frameUrl}/auth/v1/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain('Your device is approved. You can go back to the app');
    expect((await h.call('GET', `/device/status?loginId=${start.body.loginId}`)).body).toEqual({ approved: true });
    const codeMail = await h.mailTo(ADDRESS, 1);
    const code = codeOf(codeMail);
    expect(codeMail.subject).toContain(code);
    expect(`${codeMail.subject}\n${codeMail.text}`).not.toContain(ADDRESS);

    const again = await fetch(link);
    expect(await again.text()).toContain('This approval link has expired or was already used');

    const verified = await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ deviceVerified: true, user: { email: ADDRESS } });
    expect(verified.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = h.server.db.prepare('SELECT token_hash FROM auth_sessions').all() as { token_hash: string }[];
    expect(stored.map((r) => r.token_hash)).not.toContain(verified.body.token);

    const session = await h.call('GET', '/session', undefined, verified.body.token);
    expect(session.body.user).toEqual(verified.body.user);
  });

  it('sends a known device straight to the code; its session is not device-verified; the code works once', async () => {
    const first = await loginNewDevice();
    h.clock.now += 31_000;
    const before = h.server.mails().length;
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
    expect(start.body.action).toBe('VERIFY_OTP');
    const mail = await h.mailTo(ADDRESS, before);
    expect(new Set(digitRuns(mail))).toEqual(new Set([codeOf(mail)]));
    const code = codeOf(mail);
    const stored = h.server.db.prepare('SELECT code_hash FROM auth_logins WHERE id = ?').get(start.body.loginId) as { code_hash: string };
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hash).not.toContain(code);
    const verified = await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: code });
    expect(verified.body).toMatchObject({ deviceVerified: false, user: { id: first.body.user.id } });
    const reused = await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: code });
    expect(reused.status).toBe(404);
  });

  it('voids a code after 5 wrong attempts', async () => {
    await loginNewDevice();
    h.clock.now += 31_000;
    const before = h.server.mails().length;
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
    const code = codeOf(await h.mailTo(ADDRESS, before));
    const wrong = code === '000000' ? '111111' : '000000';
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: wrong }));
    expect(replies[0]!.body.message).toBe('Invalid code: 4 attempts left');
    expect(replies[4]!.status).toBe(429);
    expect(replies[4]!.body.message).toBe('Too many attempts: request a new code');
    const right = await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: code });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts: request a new code');
  });

  it('forgets lapsed logins when a new one starts', async () => {
    await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
    h.clock.now += 10 * 60_000 + 1;
    await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: 'other@example.com', deviceId: DEVICE });
    expect(h.server.db.prepare('SELECT email FROM auth_logins').all()).toEqual([{ email: 'other@example.com' }]);
  });

  it('does not count a mail that could not be sent against the cooldown', async () => {
    const broken = await startAuthHarness({ smtpSink: false, smtp: 'smtp://127.0.0.1:9' });
    try {
      for (let i = 0; i < 2; i++) {
        const reply = await broken.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
        expect(reply.status).toBe(502);
        expect(reply.body.message).toBe('The mail could not be sent: the SMTP server did not accept it');
      }
    } finally {
      await broken.close();
    }
  });

  it('expires a code after 10 minutes', async () => {
    await loginNewDevice();
    h.clock.now += 31_000;
    const before = h.server.mails().length;
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
    const code = codeOf(await h.mailTo(ADDRESS, before));
    h.clock.now += 10 * 60_000 + 1;
    const late = await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: code });
    expect(late.status).toBe(404);
    expect(late.body.message).toBe('Unknown or finished login: start again');
  });

  it('lets a new mail go to the same address from the same device only every 30 s, saying how long to wait; another device is not held', async () => {
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
    h.clock.now += 12_400;
    const resend = await h.call('POST', '/email/resend', { loginId: start.body.loginId });
    expect(resend.status).toBe(429);
    expect(resend.body.message).toBe('Please try again after 18 seconds');
    const same = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
    expect(same.body.message).toBe('Please try again after 18 seconds');
    const other = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: 'device-two-0002' });
    expect(other.status).toBe(200);
    h.clock.now += 18_000;
    expect((await h.call('POST', '/email/resend', { loginId: start.body.loginId })).status).toBe(200);
    expect(h.server.mails()).toHaveLength(3);
  });

  it('limits login starts per IP', async () => {
    const replies = [];
    for (let i = 0; i < 21; i++) {
      replies.push(await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: `user${i}@example.com`, deviceId: DEVICE }));
    }
    expect(replies.slice(0, 20).every((r) => r.status === 200)).toBe(true);
    expect(replies[20]!.status).toBe(429);
    expect(replies[20]!.body.message).toMatch(/^Too many login requests from this address: please try again after \d+ seconds$/);
  });

  it('ends sessions at expiry and at sign out', async () => {
    const { body } = await loginNewDevice();
    expect((await h.call('GET', '/session', undefined, body.token)).status).toBe(200);
    h.clock.now += 24 * 60 * 60_000;
    const expired = await h.call('GET', '/session', undefined, body.token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Session Expired');

    h.clock.now += 31_000;
    const second = await loginNewDevice(EMAIL, 'device-two-0002');
    expect((await h.call('POST', '/signout', undefined, second.body.token)).status).toBe(200);
    expect((await h.call('GET', '/session', undefined, second.body.token)).body.message).toBe('Session Expired');
  });

  it('names the bad field of a body and refuses unknown projects', async () => {
    const bad = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: 'not-an-address', deviceId: DEVICE });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
    expect(bad.body.message).toMatch(/^Invalid body field 'email'/);
    const otp = await h.call('POST', '/email/verify', { loginId: 'abcdefghij', otp: '12345' });
    expect(otp.body.field).toBe('otp');
    const unknown = await h.call('POST', '/email/start', { projectId: 'nope', email: EMAIL, deviceId: DEVICE });
    expect(unknown.status).toBe(404);
    // One mailbox only: a list, a display name or angle brackets never reach a login or a mail.
    for (const email of ['victim@x.io,evil', 'victim@x.io,evil@y.io', 'a@b.io;c@d.io', '"A" <a@b.io>', '<a@b.io>', '"a,b"@x.io']) {
      const refused = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email, deviceId: DEVICE });
      expect([email, refused.status, refused.body.field]).toEqual([email, 400, 'email']);
    }
    expect(h.server.db.prepare('SELECT count(*) AS n FROM auth_logins').get()).toEqual({ n: 0 });
    expect(h.server.mails()).toHaveLength(0);
  });
});

describe('links in mails', () => {
  it('take the frame origin from configuration, never from the request', async () => {
    const configured = await startAuthHarness({ framePublicUrl: 'https://frame.example' });
    try {
      await seedAccount(configured, ADDRESS);
      await configured.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
      const link = linkOf(await configured.mailTo(ADDRESS));
      expect(link).toMatch(/^https:\/\/frame\.example\/auth\/v1\/device\/approve\?token=[A-Za-z]{40}$/);
    } finally {
      await configured.close();
    }
  });
});

describe('code checks per IP', () => {
  it('are limited', async () => {
    const limited = await startAuthHarness({ authLimits: { verifiesPerIp: 2 } });
    try {
      const replies = [];
      for (let i = 0; i < 3; i++) replies.push(await limited.call('POST', '/email/verify', { loginId: 'abcdefghij', otp: '123456' }));
      expect(replies.map((r) => r.status)).toEqual([404, 404, 429]);
      expect(replies[2]!.body.message).toMatch(/^Too many code checks from this address: please try again after \d+ seconds$/);
    } finally {
      await limited.close();
    }
  });
});

describe('e-mail login without SMTP', () => {
  it('answers 503 naming the flag', async () => {
    const plain = await startAuthHarness({ smtpSink: false });
    try {
      const reply = await plain.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: DEVICE });
      expect(reply.status).toBe(503);
      expect(reply.body.message).toBe('E-mail login is not configured on this server (--smtp)');
    } finally {
      await plain.close();
    }
  });
});

describe('a first-ever e-mail login (no account for the address yet)', () => {
  const NEW = 'newcomer@example.com';

  it('gets its code at once, one mail and no approval link; the session may take the recovery share; a second device of the now known account gets the approval mail', async () => {
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: NEW, deviceId: DEVICE });
    expect(start.body.action).toBe('VERIFY_OTP');
    const mail = await h.mailTo(NEW);
    expect(h.server.mails()).toHaveLength(1);
    expect(mail.text).not.toMatch(/https?:\/\//);
    const verified = await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: codeOf(mail) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ deviceVerified: true, user: { email: NEW } });

    // The account is known now: another device must be approved through the mailbox first.
    h.clock.now += 31_000;
    const second = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: NEW, deviceId: 'device-two-0002' });
    expect(second.body.action).toBe('VERIFY_DEVICE');
    expect(linkOf(await h.mailTo(NEW, 1))).toContain('/auth/v1/device/approve?token=');
    const early = await h.call('POST', '/email/verify', { loginId: second.body.loginId, otp: '123456' });
    expect(early).toMatchObject({ status: 403, body: { code: 'DEVICE_NOT_APPROVED' } });
  });

  it('ends when the address got an account meanwhile: no session, and started again it asks for approval', async () => {
    const first = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: NEW, deviceId: DEVICE });
    const firstCode = codeOf(await h.mailTo(NEW));
    const other = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: NEW, deviceId: 'device-two-0002' });
    expect(other.body.action).toBe('VERIFY_OTP');
    const otherCode = codeOf(await h.mailTo(NEW, 1));
    expect((await h.call('POST', '/email/verify', { loginId: first.body.loginId, otp: firstCode })).status).toBe(200);
    const late = await h.call('POST', '/email/verify', { loginId: other.body.loginId, otp: otherCode });
    expect(late).toMatchObject({ status: 404, body: { code: 'LOGIN_GONE', field: 'loginId' } });
    expect(late.body.message).toBe('This address got an account meanwhile: start the login again to approve this device');
    expect(h.server.db.prepare('SELECT count(*) AS n FROM auth_sessions').get()).toEqual({ n: 1 });
    h.clock.now += 31_000;
    const again = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: NEW, deviceId: 'device-two-0002' });
    expect(again.body.action).toBe('VERIFY_DEVICE');
  });

  it("is a stranger's request: its resends are held to the hourly caps like any new device's", async () => {
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: NEW, deviceId: DEVICE });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      h.clock.now += 31_000;
      statuses.push((await h.call('POST', '/email/resend', { loginId: start.body.loginId })).status);
    }
    // The start and five resends are the six mails one requester may send one mailbox an hour.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
