/**
 * The host's reading of a frame's error reply: its `reason` (the frame's own refusal or its
 * backend's code, see frameErrorSchema) becomes the messageCode of the words the user sees
 * (src/elements/l10n/frame-errors.ts), with the number they need. An unknown or absent reason
 * is said in general words ('FrameRefused'), never as the frame's message; only an RPC request's
 * reply without a known reason keeps its message, which is a chain's or wallet's own words (data).
 */
import type { ErrorMessageCode } from '../../core/errors/codes.js';
import type { FrameErrorPayload, FrameRequestType } from '../messages.js';

/** Each reason the frame or its backend gives, and the words it is said with. */
export const REFUSAL_CODES: Readonly<Record<string, ErrorMessageCode>> = {
  // The backend's codes (AUTH_ERROR_CODES in src/wire/auth-api.ts); INVALID_REQUEST goes by its field.
  EMAIL_IS_CURRENT: 'EmailIsCurrent',
  EMAIL_TAKEN: 'EmailTaken',
  NO_EMAIL_ADDRESS: 'NoEmailAddress',
  LOGIN_GONE: 'LoginNotPending',
  CHALLENGE_GONE: 'RequestGone',
  DEVICE_NOT_APPROVED: 'DeviceNotApproved',
  CODE_NOT_SENT: 'CodeNotSent',
  CODE_WRONG: 'CodeWrong',
  CODE_EXPIRED: 'CodeExpired',
  TOO_MANY_ATTEMPTS: 'TooManyAttempts',
  ATTEMPTS_ENDED: 'AttemptsEnded',
  MAIL_COOLDOWN: 'EmailCooldown',
  RATE_LIMITED: 'RateLimited',
  EMAIL_CHANGE_STEP: 'RequestGone',
  MAIL_NOT_CONFIGURED: 'MailNotConfigured',
  MAIL_NOT_SENT: 'MailNotSent',
  UNKNOWN_PROJECT: 'UnknownProject',
  SESSION_EXPIRED: 'SessionExpired',
  NO_KEYS: 'NoKeys',
  // The operator's problem, said in words a user can act on (try later).
  DISK_FULL: 'ServerFull',
  MAIL_LIMIT: 'MailLimit',
  // The frame's own (its texts' names, src/frame/site/texts.ts and src/frame/constants.ts); INVALID_PAYLOAD goes by its field.
  NO_LOGIN: 'LoginNotPending',
  LOGIN_REPLACED: 'LoginNotPending',
  NO_SOCIAL_LOGIN: 'LoginNotPending',
  NO_FARCASTER_LOGIN: 'LoginNotPending',
  DEVICE_TIMEOUT: 'DeviceTimeout',
  NO_EMAIL_CHANGE: 'RequestGone',
  NO_EXPORT: 'RequestGone',
  SERVER_UNREACHABLE: 'ServerUnreachable',
  SERVER_ERROR: 'FrameRefused',
  NOT_CONNECTED: 'NotLoggedIn',
  NO_DEVICE_SHARE: 'NoDeviceShare',
  KEYS_MISMATCH: 'NoDeviceShare',
  WRONG_ADDRESS: 'UnauthorizedProviderError',
  CHAIN_NOT_SUPPORTED: 'ChainNotSupportedError',
  CHAIN_NOT_FOUND: 'NetworkNotFoundError',
  NO_SMART_ACCOUNTS: 'NoSmartAccounts',
  NO_PARENT_ORIGIN: 'FrameRefused',
  FARCASTER_EXPIRED: 'FarcasterExpired',
  FARCASTER_TIMEOUT: 'FarcasterTimeout',
  PASSKEYS_UNSUPPORTED: 'PasskeysUnsupported',
  PASSKEY_CANCELLED: 'PasskeyCancelled',
  PASSKEY_NOT_CREATED: 'PasskeyNotCreated',
  PASSKEY_NOT_USED: 'PasskeyNotUsed',
  PASSKEY_NO_PRF: 'PasskeyNoPrf',
  STORAGE_REFUSED: 'FrameStorageRefused',
  USER_REJECTED: 'UserRejectedRequestError',
  UNSUPPORTED_METHOD: 'UnsupportedProviderMethodError',
  NOT_ALLOWED: 'MethodNotSupportedRpcError',
  ACTION_NOT_ALLOWED: 'FrameRefused',
  TOO_MANY_PENDING: 'TooManyPending',
  RPC_ABORTED: 'FrameRpcAborted',
  ABORTED: 'FrameAborted',
  NO_MESSAGE: 'UnknownError',
  DEPENDENCY: 'FrameDependency',
  NO_IFRAME: 'FrameNoIframe',
};

/** A bad field's words: the e-mail address, the code, or general words for any other. */
function fieldCode(field: string | undefined): ErrorMessageCode {
  if (field === 'email') return 'EmailInvalid';
  if (field === 'otp') return 'CodeInvalid';
  return 'FrameRefused';
}

/**
 * The messageCode of a frame's error reply, and the number its words need (seconds to wait,
 * attempts left) as the error's code; undefined for an RPC request's reply with no known reason.
 */
export function refusalOf(type: FrameRequestType, error: FrameErrorPayload): { messageCode: ErrorMessageCode; count?: number } | undefined {
  const { reason, field } = error;
  const known = reason === 'INVALID_REQUEST' || reason === 'INVALID_PAYLOAD' ? fieldCode(field) : reason && REFUSAL_CODES[reason];
  if (!known) return type === 'RpcRequest' ? undefined : { messageCode: 'FrameRefused' };
  const count =
    known === 'CodeWrong' ? error.attemptsLeft : known === 'EmailCooldown' || known === 'RateLimited' ? error.retryAfter : undefined;
  return count === undefined ? { messageCode: known } : { messageCode: known, count };
}
