/**
 * Item 6, the e-mail cooldown is a lockout and a mail bomb: the owner of a mailbox logs in once
 * (code entered, after the approval link when the address was known before), so their device is known; then attackers on other addresses
 * start logins for the owner's address every second, and once the owner's own 30 s cooldown has
 * passed the owner starts a login from their device and address (up to three tries). Mails are
 * read from the development SMTP sink (`/dev/mail.json`). A server the suite starts gets a small
 * per-mailbox cap (W3KIT_AUTH_MAILS_PER_MAILBOX_PER_HOUR, MAILBOX_CAP), so the hourly cap shows
 * within the window. Held when the owner got a code mail, no attacking address made the mailbox
 * receive more than two mails, and all attackers together made it receive at most the cap
 * (the server's default, 12, against a running server).
 */
import { randomBytes } from 'node:crypto';
import { codeOf, linkOf, waitForMail, type Mail } from '../../../scripts/lib/mail.mjs';
import { judge, type Attack, type AttackResult } from './attack.js';
import { request, sleep, tally, type HttpReply } from './net.js';
import type { Target } from './target.js';

const PROJECT = 'w3kit-dev';
/** The owner's own cooldown after their setup mails, plus a second. */
const OWNER_WAIT_MS = 31_000;
const HAS_CODE = (m: Mail) => /(?<!\d)\d{6}(?!\d)/.test(`${m.subject}\n${m.text}`);
/** The per-mailbox cap a server the suite starts gets: small enough to be reached in the window. */
const MAILBOX_CAP = 3;
/** The server's default per-mailbox cap (DEFAULT_MAIL_CAPS, server/src/auth/mail-budget.ts), for a running server. */
const DEFAULT_MAILBOX_CAP = 12;

/** The frame API from `from`, on 127.0.0.1 with the frame's Host (localhost resolves to ::1 here and there). */
function frameCall(target: Target, path: string, from: string, body: unknown, form = false): Promise<HttpReply> {
  const frame = new URL(target.frameUrl);
  const url = new URL(path, target.frameUrl);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return request(url.href, { method: 'POST', from, headers: { host: frame.host, 'x-w3kit-frame': '1' }, body, form });
}

const start = (target: Target, from: string, email: string, deviceId: string) =>
  frameCall(target, '/auth/v1/email/start', from, { projectId: PROJECT, email, deviceId });

const refusalKey = (r: HttpReply) => (r.status === 0 ? `no reply: ${r.error}` : `${r.status} ${r.body?.code ?? r.body?.message ?? ''}`);

/** Logs the owner in once from `from` with `deviceId` (the approval link if asked, then the code): their device is known from then on. */
async function ownerSetup(target: Target, mailUrl: string, email: string, deviceId: string, from: string): Promise<void> {
  const since = Date.now() - 1000;
  const started = await start(target, from, email, deviceId);
  if (started.status !== 200) throw new Error(`the owner's first login was refused: ${refusalKey(started)}`);
  // A new account's first device gets its code at once; an address known before, the approval link first.
  if (started.body.action === 'VERIFY_DEVICE') {
    const approve = new URL(linkOf(await waitForMail(mailUrl, { to: email, since })));
    const approved = await frameCall(target, approve.pathname, from, { token: approve.searchParams.get('token') ?? '' }, true);
    if (approved.status !== 200) throw new Error(`approving the owner's device answered ${approved.status}`);
  }
  const otp = codeOf(await waitForMail(mailUrl, { to: email, since, match: HAS_CODE }));
  const verified = await frameCall(target, '/auth/v1/email/verify', from, { loginId: started.body.loginId, otp });
  if (verified.status !== 200) throw new Error(`the owner's code was refused: ${refusalKey(verified)}`);
}

export const mailCooldown: Attack = {
  id: 'mail',
  item: 6,
  title: "Logins started for someone else's address",
  settings: () => ({ env: { W3KIT_AUTH_MAILS_PER_MAILBOX_PER_HOUR: String(MAILBOX_CAP) } }),
  async run({ target, quick, addresses, log }): Promise<AttackResult> {
    const capSet = target.settings.env?.W3KIT_AUTH_MAILS_PER_MAILBOX_PER_HOUR;
    const cap = Number(capSet ?? DEFAULT_MAILBOX_CAP);
    const mailUrl = target.mailUrl;
    const sink = mailUrl ? await request(mailUrl, { timeoutMs: 3000 }) : undefined;
    if (!mailUrl || sink?.status !== 200) {
      return {
        tried: 'nothing: the server has no development SMTP sink',
        criterion: 'the owner still gets a code and one address cannot make the mailbox receive more than a few mails',
        verdict: 'not run',
        measured: { mailSinkStatus: sink?.status ?? null },
        notes: ['start the server with --smtp-sink N (its /dev/mail.json lists the mails) or let the suite start one'],
      };
    }
    const email = `owner-${randomBytes(4).toString('hex')}@attack.example`;
    const ownerDevice = `owner-device-${randomBytes(8).toString('hex')}`;
    const owner = addresses.victim();
    log(`the owner ${email} logs in once, so their device is known`);
    await ownerSetup(target, mailUrl, email, ownerDevice, owner);
    const windowStart = Date.now();

    const attackers = addresses.attackers(quick ? 3 : 5);
    const answers = new Map<string, HttpReply[]>(attackers.map((a) => [a, []]));
    let attacking = true;
    const loops = attackers.map(async (from, i) => {
      const device = `attacker-${i}-${randomBytes(6).toString('hex')}`;
      await sleep((i * 1000) / attackers.length);
      while (attacking) {
        answers.get(from)!.push(await start(target, from, email, device));
        await sleep(1000);
      }
    });

    log(
      `${attackers.length} addresses start logins for the owner every second (mailbox cap ${cap} an hour); the owner tries after ${OWNER_WAIT_MS / 1000} s`,
    );
    await sleep(OWNER_WAIT_MS);
    const ownerTries: HttpReply[] = [];
    let ownerGotCode = false;
    for (let i = 0; i < 3 && !ownerGotCode; i++) {
      const since = Date.now() - 50;
      const reply = await start(target, owner, email, ownerDevice);
      ownerTries.push(reply);
      if (reply.status === 200) {
        ownerGotCode = await waitForMail(mailUrl, { to: email, since, match: HAS_CODE, timeoutMs: 5000 }).then(
          () => true,
          () => false,
        );
      }
      if (!ownerGotCode) await sleep(2000);
    }
    attacking = false;
    await Promise.all(loops);
    const windowSeconds = (Date.now() - windowStart) / 1000;

    const { mails } = (await request(mailUrl)).body as { mails: Mail[] };
    const toOwner = mails.filter((m) => m.to.toLowerCase() === email && new Date(m.date).getTime() >= windowStart);
    const accepted = attackers.map((a) => answers.get(a)!.filter((r) => r.status === 200).length);
    // The attackers' mails are device-approval links (their devices are new); the owner's is a code.
    const attackerMails = toOwner.filter((m) => !HAS_CODE(m)).length;
    const attackerStartsAccepted = accepted.reduce((n, k) => n + k, 0);
    const conditions = {
      ownerGotCode,
      mailsPerAttackerBounded: Math.max(...accepted) <= 2,
      mailboxCapHeld: attackerMails <= cap && attackerStartsAccepted <= cap,
    };
    const { verdict, failed } = judge(conditions);
    const retryAfters = [...answers.values()]
      .flat()
      .map((r) => Number(r.body?.retryAfter))
      .filter((n) => n > 0);
    return {
      tried:
        `the owner logged in once; then ${attackers.length} addresses started logins for the owner's address every second for ` +
        `${windowSeconds.toFixed(0)} s; the owner tried ${ownerTries.length} time(s) after ${OWNER_WAIT_MS / 1000} s`,
      criterion:
        `the owner gets a code mail; no attacking address got more than 2 mails sent to the mailbox in the window, ` +
        `and all of them together at most the mailbox's cap of ${cap} an hour`,
      verdict,
      measured: {
        ownerTries: ownerTries.length,
        ownerGotCode,
        ownerRefusals: tally(ownerTries.filter((r) => r.status !== 200).map(refusalKey)),
        attackerStarts: [...answers.values()].reduce((n, list) => n + list.length, 0),
        attackerStartsAccepted,
        mailboxCapPerHour: cap,
        attackerMailsToOwner: attackerMails,
        mailsCausedMaxOneAddress: Math.max(...accepted),
        attackerRefusals: tally(
          [...answers.values()]
            .flat()
            .filter((r) => r.status !== 200)
            .map(refusalKey),
        ),
        attackerRetryAfterMaxSeconds: retryAfters.length ? Math.max(...retryAfters) : null,
        mailsToOwnerInWindow: toOwner.length,
        // With the cap reached, the window's rate says nothing of the hour: shown only against the default cap.
        mailsToOwnerPerHourAtThisRate: capSet ? null : Math.round((toOwner.length * 3600) / windowSeconds),
      },
      notes: [
        capSet
          ? `the server's per-mailbox cap was set to ${cap} an hour, so the window reaches it (the owner's first login counts too)`
          : `judged against the default per-mailbox cap of ${cap} an hour; a window of ${windowSeconds.toFixed(0)} s may not reach it: see mailsToOwnerPerHourAtThisRate`,
        ...(failed.length ? [`failed: ${failed.join(', ')}`] : []),
      ],
    };
  },
};
