/**
 * The auth API's refusals with their stable `code` (src/wire/auth-api.ts, AUTH_ERROR_CODES):
 * the message stays for developers, the code is what the frame turns into the user's words.
 */
import type { AuthErrorCode } from '../../../src/wire/auth-api.js';
import { HttpError } from '../errors.js';

export function authError(
  status: number,
  code: AuthErrorCode,
  message: string,
  { field, retryAfter, attemptsLeft }: { field?: string; retryAfter?: number; attemptsLeft?: number } = {},
): HttpError {
  const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) };
  return new HttpError(status, message, field, headers, {
    code,
    ...(retryAfter === undefined ? {} : { retryAfter }),
    ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
  });
}
