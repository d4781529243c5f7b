/**
 * The rules every one-time code follows: valid 10 minutes, 5 wrong attempts void it, single use,
 * and a new mail for the same address (or user) at most every 30 s.
 */
import { authError } from './auth-error.js';
import { codeMatches } from './secrets.js';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const MAIL_COOLDOWN_MS = 30_000;

export const TOO_MANY_ATTEMPTS = 'Too many attempts: request a new code';
export const CODE_EXPIRED = 'Code expired: request a new code';

export interface CodeState {
  code_hash: string | null;
  expires_at: number;
  attempts: number;
}

/**
 * Checks `otp` against the stored code; on a wrong code counts the attempt with `countAttempt`
 * and throws (400 with the attempts left; 429 once the code is void).
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
  if (state.attempts >= CODE_MAX_ATTEMPTS) throw authError(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, { field: 'otp' });
  if (state.expires_at <= now) throw authError(400, 'CODE_EXPIRED', CODE_EXPIRED, { field: 'otp' });
  if (codeMatches(key, purpose, id, otp, state.code_hash)) return;
  countAttempt();
  const left = CODE_MAX_ATTEMPTS - state.attempts - 1;
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
