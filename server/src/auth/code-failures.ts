/**
 * The one place that counts wrong one-time codes per account (table auth_code_failures,
 * migration 12), over an hour that neither a resend nor a new login or export resets: past
 * `codeFailuresPerAccountPerHour` every code check of the account is refused (429 RATE_LIMITED
 * with the seconds to wait) before the code is compared. An account is a login's mailbox
 * ('email:<address>') or a signed-in user ('user:<id>', for the export and e-mail change codes).
 * Only a request that may check a code counts: a login's device must be approved first.
 */
import type { AuthLimitsRepository } from '../storage/auth-limits.js';
import { authError } from './auth-error.js';

export const CODE_FAILURE_WINDOW_MS = 60 * 60_000;
export const DEFAULT_CODE_FAILURES_PER_ACCOUNT = 20;

export function loginAccount(email: string): string {
  return `email:${email}`;
}

export function userAccount(userId: string): string {
  return `user:${userId}`;
}

/** Throws 429 when the account had `max` wrong codes in the last hour. */
export async function checkCodeFailures(store: AuthLimitsRepository, account: string, max: number, now: number): Promise<void> {
  const at = await store.nthNewestFailure(account, now - CODE_FAILURE_WINDOW_MS, max);
  if (at === undefined) return;
  const seconds = Math.max(1, Math.ceil((at + CODE_FAILURE_WINDOW_MS - now) / 1000));
  throw authError(429, 'RATE_LIMITED', `Too many wrong codes for this account: please try again after ${seconds} seconds`, {
    field: 'otp',
    retryAfter: seconds,
  });
}

/** Counts one wrong code of the account (and forgets those past the window). */
export function countCodeFailure(store: AuthLimitsRepository, account: string, now: number): Promise<void> {
  return store.countFailure(account, now, now - CODE_FAILURE_WINDOW_MS);
}
