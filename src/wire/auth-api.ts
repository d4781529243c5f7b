/**
 * The embedded wallet's backend API, served by `w3kit-server` on the frame site's origin
 * (port + 2, the same origin as the frame, so the page's origin can neither call it with
 * credentials nor read it). Only the frame site calls it. Shared by the server's routes and
 * the frame site; every body and reply is parsed with these schemas.
 *
 * A session is a bearer token (`authorization: Bearer <token>`), kept in the frame origin's
 * storage and stored hashed by the server. POST bodies are `application/json` only, and every
 * request carries `x-w3kit-frame: 1`, so no cross-origin page can send one without a preflight
 * (which the server never approves).
 *
 * Errors: `{ message, field?, code?, retryAfter?, attemptsLeft? }` with the status: 400 bad input
 * (the message names the field), 401 'Session Expired', 403 not allowed, 404, 409, 429 'Please try
 * again after N seconds'. `message` is for developers; `code` (AUTH_ERROR_CODES) is what the frame
 * and the modal turn into the user's words.
 */
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmailAddress, STORED_EMAIL_PATTERN } from './email-address.js';

export const AUTH_API_PREFIX = '/auth/v1';
export const FRAME_HEADER = 'x-w3kit-frame';

/** The product's one e-mail rule (./email-address.ts): one mailbox, RFC 5321's limits; the server stores its normalized form. */
const email = z
  .string()
  .check(z.minLength(3), z.maxLength(EMAIL_MAX_LENGTH), z.regex(EMAIL_PATTERN), z.refine(isEmailAddress, 'must be one e-mail address'));
/** A stored address in a reply (read as stored, see STORED_EMAIL_PATTERN). */
const storedEmail = z.string().check(z.minLength(3), z.maxLength(EMAIL_MAX_LENGTH), z.regex(STORED_EMAIL_PATTERN));
const otp = z.string().check(z.regex(/^\d{6}$/));
const id = z.string().check(z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/));
/** A key share: 33 bytes (the x coordinate, then the 32-byte y), base64url. */
const share = z.string().check(z.regex(/^[A-Za-z0-9_-]{44}$/));

/** GET /auth/v1/origins?projectId= : the project's allowed origins, for the frame's parent check. */
export const originsQuery = z.object({ projectId: z.string().check(z.minLength(1), z.maxLength(128)) });
export const originsReply = z.object({ allowedOrigins: z.array(z.string()) });

/** The modal's locale (./mail-locales.ts): the mails (and the approval page) speak it; a tag the backend does not speak is English. */
const mailLocale = z.optional(z.string().check(z.maxLength(16), z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,2}$/)));

/**
 * POST /auth/v1/email/start: a device this user approved before gets the code mail
 * (VERIFY_OTP); a new one gets the device-approval mail first (VERIFY_DEVICE), which names the
 * device, the network address, the site and the time. `site` is the origin of the page the frame
 * is on (one of the project's allowed origins; the frame checked it in its handshake). The
 * first device of an address with no account yet gets the code mail at once (VERIFY_OTP).
 */
export const emailStartBody = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(128)),
  email,
  deviceId: id,
  site: z.optional(z.string().check(z.maxLength(255), z.regex(/^https?:\/\/[^\s/?#@]+$/))),
  locale: mailLocale,
});
export const emailStartReply = z.object({ loginId: id, action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) });

/** POST /auth/v1/email/resend: the pending login's mail again (cooldown 30 s). */
export const loginBody = z.object({ loginId: id });
export const emptyReply = z.object({});

/** GET /auth/v1/device/status?loginId= : approved once the link's page was used (then the code mail goes out). */
export const deviceStatusQuery = z.object({ loginId: id });
export const deviceStatusReply = z.object({ approved: z.boolean() });

/** POST /auth/v1/email/verify: the code; success creates the session. */
export const emailVerifyBody = z.object({ loginId: id, otp });

export const authUser = z.object({
  id,
  /** Null for a user who logged in only by a social account without an e-mail address, or Farcaster. */
  email: z.nullable(storedEmail),
  /** The provider of this session's login (google, github, ..., farcaster); absent for e-mail and passkey logins. */
  socialProvider: z.optional(z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'])),
  /** The username the social provider or Farcaster gave (preferred_username, login, or the fname). */
  userName: z.optional(z.string().check(z.maxLength(128))),
  /** Both absent until the frame has registered the user's keys (first login). */
  evmAddress: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
  solanaAddress: z.optional(z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))),
});
export type AuthUser = z.infer<typeof authUser>;

export const sessionReply = z.object({
  token: z.string().check(z.minLength(32), z.maxLength(128)),
  expiresAt: z.number(),
  user: authUser,
  /** True when this login went through device approval: the recovery share may be released. */
  deviceVerified: z.boolean(),
});

/** GET /auth/v1/session: the session's user (401 'Session Expired'). POST /auth/v1/signout ends it. */
export const userReply = z.object({ user: authUser, expiresAt: z.number() });

/**
 * POST /auth/v1/keys: at first login, the frame registers the addresses, the server share and
 * the recovery share (which the server encrypts under its key-encryption key), with proof that
 * it holds both keys: each signs `w3kit key registration\nuser: <id>` (EIP-191 hex; ed25519 base58).
 * 409 when the user already has keys.
 */
export const keysBody = z.object({
  evmAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  solanaAddress: z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)),
  serverShare: share,
  recoveryShare: share,
  evmSignature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/)),
  solanaSignature: z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/)),
});
export const keyRegistrationMessage = (userId: string): string => `w3kit key registration\nuser: ${userId}`;

/** GET /auth/v1/keys/server-share: the server share, to a live session only. */
/** GET /auth/v1/keys/recovery-share: the recovery share, decrypted, to a session with deviceVerified only. */
export const shareReply = z.object({ share });

/** POST /auth/v1/export/start mails a fresh code; POST /auth/v1/export/verify checks it (single use). */
export const exportStartBody = z.object({ locale: mailLocale });
export const exportStartReply = z.object({ exportId: id });
export const exportVerifyBody = z.object({ exportId: id, otp });
export const exportVerifyReply = z.object({ share });

/** E-mail change: start (code to the current address), primary (code to the new one), secondary (stored). */
export const emailChangeStartBody = z.object({ email, locale: mailLocale });
export const emailChangeStartReply = z.object({ changeId: id, action: z.literal('VERIFY_PRIMARY_OTP') });
export const emailChangePrimaryBody = z.object({ changeId: id, otp, locale: mailLocale });
export const emailChangePrimaryReply = z.object({ action: z.literal('VERIFY_SECONDARY_OTP') });
export const emailChangeSecondaryBody = z.object({ changeId: id, otp });
export const emailChangeSecondaryReply = z.object({ email: storedEmail });

/**
 * The stable, machine-readable reasons of the auth API's refusals (the `code` of an error reply).
 * New ones may be added; none is ever renamed or reused.
 */
export const AUTH_ERROR_CODES = [
  /** A request field failed its schema (`field` names it; for `email`, the address is malformed or too long). */
  'INVALID_REQUEST',
  /** E-mail change to the address the user already has. */
  'EMAIL_IS_CURRENT',
  /** E-mail change to an address of another account. */
  'EMAIL_TAKEN',
  /** The account has no e-mail address to send a code to. */
  'NO_EMAIL_ADDRESS',
  /** The login (or e-mail change, or export) is unknown, finished or lapsed: start again. */
  'LOGIN_GONE',
  'CHALLENGE_GONE',
  /** The device-approval link was not used yet. */
  'DEVICE_NOT_APPROVED',
  /** No code was mailed for this request yet. */
  'CODE_NOT_SENT',
  /** A wrong code (`attemptsLeft` says how many tries remain). */
  'CODE_WRONG',
  'CODE_EXPIRED',
  /** Five wrong codes: the code is void (a new code may be requested). */
  'TOO_MANY_ATTEMPTS',
  /** A new mail to the same address from the same network and device within 30 s (`retryAfter` seconds). */
  'MAIL_COOLDOWN',
  /** Too many requests from this address (`retryAfter` seconds). */
  'RATE_LIMITED',
  /** E-mail change steps out of order. */
  'EMAIL_CHANGE_STEP',
  /** The server has no SMTP, or the SMTP server refused the mail. */
  'MAIL_NOT_CONFIGURED',
  'MAIL_NOT_SENT',
  'UNKNOWN_PROJECT',
  'SESSION_EXPIRED',
  /** The user has no keys to export yet. */
  'NO_KEYS',
  /** The server's disk is full (HTTP 507): nothing can be stored until its operator frees space. */
  'DISK_FULL',
  /** The address got as many login mails this hour as it may (from this network, or from devices it never approved); `retryAfter` seconds. */
  'MAIL_LIMIT',
  /** Ten wrong codes over all the codes of a login (or export, or e-mail change): it is ended, a new code cannot help; start again. */
  'ATTEMPTS_ENDED',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const authErrorReply = z.object({
  message: z.string(),
  field: z.optional(z.string()),
  code: z.optional(z.enum(AUTH_ERROR_CODES)),
  /** Seconds until a retry can succeed (MAIL_COOLDOWN, RATE_LIMITED); also the Retry-After header. */
  retryAfter: z.optional(z.number().check(z.int(), z.minimum(0))),
  /** Code checks left before the code is void (CODE_WRONG). */
  attemptsLeft: z.optional(z.number().check(z.int(), z.minimum(0))),
});
