/**
 * The one place that counts e-mail login's mails (table auth_mail_log, migration 12), so that
 * the limits are neither a lockout nor a mail bomb:
 * - the cooldown (30 s) is per requester (its client key: IPv4, or the IPv6 /64), device and
 *   mailbox: somebody else asking for a mailbox never makes its owner wait;
 * - from devices a mailbox never approved, one requester makes it receive at most
 *   `mailsPerRequesterPerHour` mails an hour, and all requesters together at most
 *   `mailsPerMailboxPerHour`.
 * A device the mailbox approved before (its id is the owner's secret) and a signed-in user are
 * counted but only held to the cooldown, and the code mail an approval link's click sends is
 * counted only: an owner is never locked out of their own login by others' requests.
 * Refusals: 429 MAIL_COOLDOWN or MAIL_LIMIT with the seconds to wait. Counts survive a restart and
 * are shared by the instances on one database (../storage/auth-limits.ts, `authLimits`).
 */
import type { AuthLimitsRepository } from '../storage/auth-limits.js';
import { authError } from './auth-error.js';
import { MAIL_COOLDOWN_MS } from './code-check.js';

export const MAIL_WINDOW_MS = 60 * 60_000;

export interface MailCaps {
  /** Mails one requester may make one mailbox receive per hour; default 6. */
  mailsPerRequesterPerHour: number;
  /** Mails a mailbox receives per hour, past which requests on devices it never approved are refused; default 12. */
  mailsPerMailboxPerHour: number;
}

export const DEFAULT_MAIL_CAPS: MailCaps = { mailsPerRequesterPerHour: 6, mailsPerMailboxPerHour: 12 };

export interface MailRequest {
  email: string;
  /** The requester's client key (server/src/client-key.ts). */
  requester: string;
  /** The hashed device id of a login; null for a signed-in user's code mail. */
  deviceHash: string | null;
  /**
   * 'stranger': a device the mailbox never approved (every limit); 'owner': a device the mailbox
   * approved, or a signed-in user (the cooldown only); 'approval': the mail an approval link's
   * owner asked for by approving (counted only).
   */
  who: 'stranger' | 'owner' | 'approval';
}

function refuse(code: 'MAIL_COOLDOWN' | 'MAIL_LIMIT', retryInMs: number, message: (seconds: number) => string): never {
  const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
  throw authError(429, code, message(seconds), { retryAfter: seconds });
}

/** Throws the refusal of a mail its limits held back: the cooldown, then the requester's cap, then the mailbox's. */
async function refusal(store: AuthLimitsRepository, caps: MailCaps, now: number, request: MailRequest): Promise<void> {
  const { email, requester, deviceHash, who } = request;
  const since = now - MAIL_WINDOW_MS;
  if (who !== 'approval') {
    const last = await store.lastMail({ email, requester, deviceHash });
    if (last !== undefined && last + MAIL_COOLDOWN_MS > now) {
      refuse('MAIL_COOLDOWN', last + MAIL_COOLDOWN_MS - now, (s) => `Please try again after ${s} seconds`);
    }
  }
  if (who !== 'stranger') return;
  const mine = await store.nthNewestMail(email, requester, since, caps.mailsPerRequesterPerHour);
  if (mine !== undefined) {
    refuse(
      'MAIL_LIMIT',
      mine + MAIL_WINDOW_MS - now,
      (s) => `Too many mails to this address from this network in the last hour: please try again after ${s} seconds`,
    );
  }
  const all = await store.nthNewestMail(email, undefined, since, caps.mailsPerMailboxPerHour);
  if (all !== undefined) {
    refuse(
      'MAIL_LIMIT',
      all + MAIL_WINDOW_MS - now,
      (s) => `Too many mails to this address in the last hour: please try again after ${s} seconds`,
    );
  }
}

/**
 * Checks whether this mail may go out now and records it (one conditional insert: of two
 * requests racing, on one instance or two, the limits count both); throws 429 otherwise.
 * Returns a function that forgets it again, for a mail the SMTP server did not take.
 */
export async function takeMail(
  store: AuthLimitsRepository,
  caps: MailCaps,
  now: number,
  request: MailRequest,
): Promise<() => Promise<void>> {
  const { email, requester, deviceHash, who } = request;
  const since = now - MAIL_WINDOW_MS;
  await store.forgetMails(since);
  const limits = {
    cooldownSince: who === 'approval' ? undefined : now - MAIL_COOLDOWN_MS,
    caps: who === 'stranger' ? { since, perRequester: caps.mailsPerRequesterPerHour, perMailbox: caps.mailsPerMailboxPerHour } : undefined,
  };
  const forget = await store.recordMail({ email, requester, deviceHash }, now, limits);
  if (forget) return forget;
  await refusal(store, caps, now, request);
  // The mail that held it back lapsed in between: the cooldown's wait is the safe answer.
  return refuse('MAIL_COOLDOWN', MAIL_COOLDOWN_MS, (s) => `Please try again after ${s} seconds`);
}
