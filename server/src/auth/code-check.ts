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

/** A code's counters after one more wrong attempt was claimed. */
export type ClaimedAttempt = Pick<CodeState, 'attempts' | 'total_attempts'>;

/**
 * Checks `otp` against the stored code. The attempt is claimed before the code is compared:
 * `claimAttempt` adds one to both counters in one conditional statement (only while the code is
 * the one read, unspent and has attempts left) and returns them, or undefined when a request
 * racing this one took the last; so no burst of concurrent guesses, on one instance or several,
 * compares more codes than the attempts allow. A right code returns: the caller spends it once
 * (a conditional update that also gives the claimed attempt back). A wrong one is counted for the
 * account with `countFailure` and throws (400 with the attempts left; 429 TOO_MANY_ATTEMPTS once
 * the code is void, a new code helps; 429 ATTEMPTS_ENDED once the request is, only starting
 * again helps).
 */
export async function checkCode(
  state: CodeState,
  {
    key,
    purpose,
    id,
    otp,
    now,
    claimAttempt,
    countFailure,
  }: {
    key: Uint8Array;
    purpose: string;
    id: string;
    otp: string;
    now: number;
    claimAttempt: () => Promise<ClaimedAttempt | undefined>;
    countFailure: () => Promise<void>;
  },
): Promise<void> {
  if (state.code_hash === null) throw authError(400, 'CODE_NOT_SENT', 'No code was sent for this request yet', { field: 'otp' });
  if (state.total_attempts >= REQUEST_MAX_ATTEMPTS) throw authError(429, 'ATTEMPTS_ENDED', REQUEST_VOID, { field: 'otp' });
  if (state.attempts >= CODE_MAX_ATTEMPTS) throw authError(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, { field: 'otp' });
  if (state.expires_at <= now) throw authError(400, 'CODE_EXPIRED', CODE_EXPIRED, { field: 'otp' });
  const claimed = await claimAttempt();
  // Racing requests took the code's last attempts (or a resend replaced it) meanwhile.
  if (!claimed) throw authError(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, { field: 'otp' });
  if (codeMatches(key, purpose, id, otp, state.code_hash)) return;
  await countFailure();
  if (claimed.total_attempts >= REQUEST_MAX_ATTEMPTS) throw authError(429, 'ATTEMPTS_ENDED', REQUEST_VOID, { field: 'otp' });
  const left = Math.min(CODE_MAX_ATTEMPTS - claimed.attempts, REQUEST_MAX_ATTEMPTS - claimed.total_attempts);
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
