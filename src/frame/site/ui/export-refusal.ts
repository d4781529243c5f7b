/**
 * What the export screen says when the code is refused or the export fails: the product's own
 * words in the host's locale (./l10n/code-texts.ts), chosen by the refusal's reason (the
 * backend's code), never the server's or the browser's message.
 */
import { AuthApiError } from '../api-client.js';
import type { CodeTexts } from '../l10n/code-texts.js';
import { FRAME_REPLY_TEXT } from '../texts.js';

const BY_REASON: Readonly<Record<string, keyof CodeTexts>> = {
  CODE_WRONG: 'codeWrong',
  CODE_EXPIRED: 'codeExpired',
  CODE_NOT_SENT: 'requestGone',
  TOO_MANY_ATTEMPTS: 'tooManyAttempts',
  ATTEMPTS_ENDED: 'tooManyAttempts',
  LOGIN_GONE: 'requestGone',
  CHALLENGE_GONE: 'requestGone',
  RATE_LIMITED: 'tooManyRequests',
  MAIL_COOLDOWN: 'tooManyRequests',
  INVALID_REQUEST: 'codeInvalid',
};

/** The key of the words for `reason` (an error the export flow threw). */
export function refusalKey(reason: unknown): keyof CodeTexts {
  if (reason instanceof AuthApiError) return (Object.hasOwn(BY_REASON, reason.reason) ? BY_REASON[reason.reason] : undefined) ?? 'tryAgain';
  if (reason instanceof Error && reason.message === FRAME_REPLY_TEXT.noExport) return 'requestGone';
  return 'tryAgain';
}
