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
 * Refusals: 429 MAIL_COOLDOWN or MAIL_LIMIT with the seconds to wait. Counts survive a restart.
 */
import type { Database } from '../db/open.js';
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

/** The oldest of the last `n` mails matching `where` in the window, when there are `n` of them (the window frees up after it). */
function nthNewest(db: Database, where: string, args: unknown[], since: number, n: number): number | undefined {
  const row = db
    .prepare(`SELECT sent_at FROM auth_mail_log WHERE ${where} AND sent_at > ? ORDER BY sent_at DESC LIMIT 1 OFFSET ?`)
    .get(...args, since, n - 1) as { sent_at: number } | undefined;
  return row?.sent_at;
}

/**
 * Checks whether this mail may go out now and records it (all in one transaction); throws 429
 * otherwise. Returns a function that forgets it again, for a mail the SMTP server did not take.
 */
export function takeMail(db: Database, caps: MailCaps, now: number, request: MailRequest): () => void {
  const { email, requester, deviceHash, who } = request;
  return db.transaction(() => {
    const since = now - MAIL_WINDOW_MS;
    db.prepare('DELETE FROM auth_mail_log WHERE sent_at <= ?').run(since);
    if (who !== 'approval') {
      const last = db
        .prepare('SELECT max(sent_at) AS t FROM auth_mail_log WHERE requester = ? AND email = ? AND device_hash IS ?')
        .get(requester, email, deviceHash) as { t: number | null };
      if (last.t !== null && last.t + MAIL_COOLDOWN_MS > now) {
        refuse('MAIL_COOLDOWN', last.t + MAIL_COOLDOWN_MS - now, (s) => `Please try again after ${s} seconds`);
      }
    }
    if (who === 'stranger') {
      const mine = nthNewest(db, 'requester = ? AND email = ?', [requester, email], since, caps.mailsPerRequesterPerHour);
      if (mine !== undefined) {
        refuse(
          'MAIL_LIMIT',
          mine + MAIL_WINDOW_MS - now,
          (s) => `Too many mails to this address from this network in the last hour: please try again after ${s} seconds`,
        );
      }
      const all = nthNewest(db, 'email = ?', [email], since, caps.mailsPerMailboxPerHour);
      if (all !== undefined) {
        refuse(
          'MAIL_LIMIT',
          all + MAIL_WINDOW_MS - now,
          (s) => `Too many mails to this address in the last hour: please try again after ${s} seconds`,
        );
      }
    }
    const { lastInsertRowid } = db
      .prepare('INSERT INTO auth_mail_log (email, requester, device_hash, sent_at) VALUES (?, ?, ?, ?)')
      .run(email, requester, deviceHash, now);
    return () => {
      db.prepare('DELETE FROM auth_mail_log WHERE rowid = ?').run(lastInsertRowid);
    };
  })();
}
