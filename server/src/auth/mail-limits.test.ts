/**
 * The mail budget against the real backend and SMTP sink (issue 29, item 6): the cooldown is
 * per requester, device and mailbox, so nobody else's requests keep an owner from their code,
 * and one address (or many) cannot make a mailbox receive more than a few mails an hour.
 * Requesters are told apart by X-Forwarded-For (the server trusts one proxy hop here).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_CAPS } from './mail-budget.js';
import { codeOf, seedAccount, startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';

const VICTIM = 'victim@example.com';
const VICTIM_IP = '198.51.100.7';
const ATTACKER_IP = '203.0.113.66';
const { mailsPerRequesterPerHour, mailsPerMailboxPerHour } = DEFAULT_MAIL_CAPS;

let h: AuthHarness;
beforeEach(async () => {
  h = await startAuthHarness({ trustProxy: 1 });
  // The victim has an account: a device it never approved gets the approval mail.
  await seedAccount(h, VICTIM);
});
afterEach(async () => {
  await h.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const start = (ip: string, deviceId: string, email = VICTIM) =>
  h.call('POST', '/email/start', { projectId: 'w3kit-dev', email, deviceId }, undefined, from(ip));
const mailsTo = (email: string) => h.server.mails().filter((m) => m.to === email).length;

/** The victim's device approved once (the approval mail, the link, the code); returns nothing, leaves the device known. */
async function approveVictimDevice(deviceId: string): Promise<void> {
  const reply = await start(VICTIM_IP, deviceId);
  expect(reply.body.action).toBe('VERIFY_DEVICE');
  const link = /https?:\/\/\S+/.exec((await h.mailTo(VICTIM)).text)![0];
  const before = h.server.mails().length;
  await fetch(`${h.server.frameUrl}/auth/v1/device/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${new URL(link).searchParams.get('token')}`,
  });
  const code = codeOf(await h.mailTo(VICTIM, before));
  const verified = await h.call('POST', '/email/verify', { loginId: reply.body.loginId, otp: code }, undefined, from(VICTIM_IP));
  expect(verified.status).toBe(200);
}

describe('the mail budget', () => {
  it('an attacker starting logins for the victim every 30 s neither stops the victim getting codes nor mails them more than a few times an hour', async () => {
    await approveVictimDevice('victim-laptop-01');
    const afterSetup = mailsTo(VICTIM);
    let attackerMails = 0;
    let victimCodes = 0;
    const refusals = new Set<string>();
    // One hour: the attacker asks every 30 s (a fresh device id each time), the victim every 5 minutes.
    for (let step = 0; step < 120; step++) {
      h.clock.now += 30_000;
      const before = mailsTo(VICTIM);
      const attack = await start(ATTACKER_IP, `attacker-device-${step}`.padEnd(12, '0'));
      if (attack.status === 200) attackerMails += mailsTo(VICTIM) - before;
      else refusals.add(`${attack.status} ${attack.body.code}`);
      if (step % 10 === 9) {
        const seen = h.server.mails().length;
        const mine = await start(VICTIM_IP, 'victim-laptop-01');
        expect(mine.status, JSON.stringify(mine.body)).toBe(200);
        expect(mine.body.action).toBe('VERIFY_OTP');
        const code = codeOf(await h.mailTo(VICTIM, seen));
        const verified = await h.call('POST', '/email/verify', { loginId: mine.body.loginId, otp: code }, undefined, from(VICTIM_IP));
        expect(verified.status).toBe(200);
        victimCodes++;
      }
    }
    expect(victimCodes).toBe(12);
    expect(attackerMails).toBe(mailsPerRequesterPerHour);
    // Refused in words the modal maps (MAIL_LIMIT), or by the per-address start limit (RATE_LIMITED).
    expect(refusals).toContain('429 MAIL_LIMIT');
    for (const refusal of refusals) expect(['429 MAIL_LIMIT', '429 RATE_LIMITED']).toContain(refusal);
    expect(mailsTo(VICTIM) - afterSetup).toBe(mailsPerRequesterPerHour + victimCodes);
  });

  it('caps what a mailbox receives an hour from devices it never approved, whatever the addresses; its own device still gets its code', async () => {
    await approveVictimDevice('victim-laptop-01');
    h.clock.now += 3_600_000;
    const replies = [];
    for (let i = 0; i <= mailsPerMailboxPerHour; i++) replies.push(await start(`203.0.113.${i + 1}`, `stranger-device-${i}`));
    expect(replies.slice(0, mailsPerMailboxPerHour).every((r) => r.status === 200)).toBe(true);
    const refused = replies.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'MAIL_LIMIT', retryAfter: expect.any(Number) });
    expect(refused.body.message).toMatch(/^Too many mails to this address in the last hour: please try again after \d+ seconds$/);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfter));
    // No login is left waiting for the mail that was refused.
    expect(h.server.db.prepare('SELECT count(*) AS n FROM auth_logins WHERE done = 0').get()).toEqual({ n: mailsPerMailboxPerHour });

    const own = await start(VICTIM_IP, 'victim-laptop-01');
    expect(own.status).toBe(200);
    expect(own.body.action).toBe('VERIFY_OTP');
    h.clock.now += 3_600_000;
    expect((await start('203.0.113.200', 'stranger-device-x')).status).toBe(200);
  });

  it('keeps the 30 s cooldown per requester, device and mailbox', async () => {
    expect((await start(ATTACKER_IP, 'device-aaaa-0001')).status).toBe(200);
    h.clock.now += 12_400;
    const again = await start(ATTACKER_IP, 'device-aaaa-0001');
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'MAIL_COOLDOWN', retryAfter: 18, message: 'Please try again after 18 seconds' });
    expect((await start(ATTACKER_IP, 'device-aaaa-0001', 'someone@example.com')).status).toBe(200);
    expect((await start(ATTACKER_IP, 'device-bbbb-0002')).status).toBe(200);
    expect((await start(VICTIM_IP, 'device-aaaa-0001')).status).toBe(200);
    // An IPv6 requester is one /64: another address in it shares its cooldown.
    expect((await start('2001:db8:1:2::10', 'device-cccc-0003')).status).toBe(200);
    expect((await start('2001:db8:1:2:ffff::1', 'device-cccc-0003')).body.code).toBe('MAIL_COOLDOWN');
    expect((await start('2001:db8:1:3::10', 'device-cccc-0003')).status).toBe(200);
  });
});
