/**
 * The rules every one-time code follows: valid 10 minutes, single use, 5 wrong attempts void
 * it, and its request (a login, an export, an e-mail change) takes at most 10 wrong attempts
 * over all its codes: a resend gives a new code but never new attempts past that, and never
 * keeps a login alive past 30 minutes. Wrong codes also count per account over an hour
 * (./code-failures.ts). A new mail at most every 30 s (./mail-budget.ts for logins).
 */
import { authError } from './auth-error.js';
import { codeMatches } from './secrets.js';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong attempts one login (or export, or e-mail change) takes over all its codes. */
export const REQUEST_MAX_ATTEMPTS = 10;
/** A login ends this long after it began, however often its mail is resent. */
export const LOGIN_MAX_LIFETIME_MS = 30 * 60_000;
export const MAIL_COOLDOWN_MS = 30_000;

export const TOO_MANY_ATTEMPTS = 'Too many attempts: request a new code';
export const CODE_EXPIRED = 'Code expired: request a new code';
export const REQUEST_VOID = 'Too many attempts: start again';

export interface CodeState {
  code_hash: string | null;
  expires_at: number;
  /** Wrong attempts at the current code. */
  attempts: number;
  /** Wrong attempts at every code of the request; a resend does not reset them. */
  total_attempts: number;
}

/**
 * Checks `otp` against the stored code; on a wrong code counts the attempt with `countAttempt`
 * (which counts it for the code, the request and the account) and throws (400 with the attempts
 * left; 429 TOO_MANY_ATTEMPTS once the code is void, a new code helps; 429 ATTEMPTS_ENDED once
 * the request is, only starting again helps).
 */
export function checkCode(
  state: CodeState,
  {
    key,
    purpose,
    id,
    otp,
    now,
    countAttempt,
  }: { key: Uint8Array; purpose: string; id: string; otp: string; now: number; countAttempt: () => void },
): void {
  if (state.code_hash === null) throw authError(400, 'CODE_NOT_SENT', 'No code was sent for this request yet', { field: 'otp' });
  if (state.total_attempts >= REQUEST_MAX_ATTEMPTS) throw authError(429, 'ATTEMPTS_ENDED', REQUEST_VOID, { field: 'otp' });
  if (state.attempts >= CODE_MAX_ATTEMPTS) throw authError(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, { field: 'otp' });
  if (state.expires_at <= now) throw authError(400, 'CODE_EXPIRED', CODE_EXPIRED, { field: 'otp' });
  if (codeMatches(key, purpose, id, otp, state.code_hash)) return;
  countAttempt();
  if (state.total_attempts + 1 >= REQUEST_MAX_ATTEMPTS) throw authError(429, 'ATTEMPTS_ENDED', REQUEST_VOID, { field: 'otp' });
  const left = Math.min(CODE_MAX_ATTEMPTS - state.attempts, REQUEST_MAX_ATTEMPTS - state.total_attempts) - 1;
  if (left <= 0) throw authError(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, { field: 'otp' });
  throw authError(400, 'CODE_WRONG', `Invalid code: ${left} ${left === 1 ? 'attempt' : 'attempts'} left`, {
    field: 'otp',
    attemptsLeft: left,
  });
}

/** Throws 429 'Please try again after N seconds' when the last mail went out less than 30 s ago. */
export function checkCooldown(lastSentAt: number | undefined, now: number): void {
  if (lastSentAt === undefined) return;
  const left = lastSentAt + MAIL_COOLDOWN_MS - now;
  if (left > 0) {
    const seconds = Math.ceil(left / 1000);
    throw authError(429, 'MAIL_COOLDOWN', `Please try again after ${seconds} seconds`, { retryAfter: seconds });
  }
}
