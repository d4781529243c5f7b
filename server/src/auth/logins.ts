/**
 * E-mail login: start (a known device, and the first device of an address with no account yet,
 * get the code mail; a known account's new device the device-approval mail),
 * resend, the approval link's page (POST only approves, then the code mail goes out), the
 * device status, and the code check that opens a session. Every mail passes the mail budget
 * (./mail-budget.ts: cooldown and hourly caps per requester, device and mailbox), and wrong
 * codes count per code, per login and per account (./code-check.ts, ./code-failures.ts).
 */
import { clientKey } from '../client-key.js';
import { normalizeEmailAddress } from '../../../src/wire/email-address.js';
import { authError } from './auth-error.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { codeMail, deviceMail, type LoginRequester } from '../mail/texts.js';
import { mailLocale } from '../mail/login-texts.js';
import {
  checkCode,
  CODE_LIFETIME_MS,
  CODE_MAX_ATTEMPTS,
  LOGIN_MAX_LIFETIME_MS,
  REQUEST_MAX_ATTEMPTS,
  type ClaimedAttempt,
} from './code-check.js';
import { checkCodeFailures, countCodeFailure, loginAccount } from './code-failures.js';
import { SMTP_NOT_CONFIGURED, type AuthContext } from './context.js';
import { deviceName } from './device-name.js';
import { takeMail, type MailRequest } from './mail-budget.js';
import { hashCode, newCode, newId, newLinkToken, sha256 } from './secrets.js';
import type { LoginRow } from '../storage/auth-logins.js';
import { isKnownDevice, newSession, userByEmail, type NewSession, type UserRow } from './users.js';

export type { LoginRow };

const PURPOSE = 'login';
export const LOGIN_GONE = 'Unknown or finished login: start again';
export const ACCOUNT_EXISTS = 'This address got an account meanwhile: start the login again to approve this device';

async function login(ctx: AuthContext, id: string): Promise<LoginRow> {
  const row = await ctx.logins.get(id);
  if (!row || row.done || row.expires_at <= ctx.now()) throw authError(404, 'LOGIN_GONE', LOGIN_GONE, { field: 'loginId' });
  return row;
}

function approveUrl(ctx: AuthContext, token: string): string {
  return `${ctx.frameOrigin()}/auth/v1/device/approve?token=${token}`;
}

/** Who asked for a login, as its approval mail and page say it. */
export function requesterOf(row: Pick<LoginRow, 'device_name' | 'requester' | 'site' | 'created_at'>): LoginRequester {
  return { device: row.device_name, address: row.requester, site: row.site ?? undefined, at: row.created_at };
}

/** A mail's new expiry: ten minutes, but never past the login's end (a resend does not keep a login alive). */
function expiryOf(row: Pick<LoginRow, 'created_at'>, now: number): number {
  return Math.min(now + CODE_LIFETIME_MS, row.created_at + LOGIN_MAX_LIFETIME_MS);
}

type MailRow = Pick<LoginRow, 'id' | 'email' | 'device_hash' | 'created_at' | 'device_name' | 'requester' | 'site' | 'locale'>;

/** Sends a login's mail, taken from the mail budget first; when it cannot go out, the budget forgets it, so the user may retry at once. */
async function send(ctx: AuthContext, forget: () => Promise<void>, mail: OutgoingMail): Promise<void> {
  try {
    await ctx.send(mail);
  } catch (err) {
    await forget();
    throw err;
  }
}

/** A fresh code for an approved login, stored hashed, and its mail. */
async function sendCode(ctx: AuthContext, row: MailRow, request: MailRequest): Promise<void> {
  const now = ctx.now();
  const forget = await takeMail(ctx.authLimits, ctx.limits, now, request);
  const code = newCode();
  await ctx.logins.setCode(row.id, hashCode(ctx.codeKey, PURPOSE, row.id, code), expiryOf(row, now), now);
  await send(ctx, forget, codeMail(row.email, code, 'login', row.locale));
}

async function sendDeviceLink(ctx: AuthContext, row: MailRow, request: MailRequest): Promise<void> {
  const now = ctx.now();
  const forget = await takeMail(ctx.authLimits, ctx.limits, now, request);
  const token = newLinkToken();
  await ctx.logins.setLink(row.id, sha256(token), expiryOf(row, now), now);
  await send(ctx, forget, deviceMail(row.email, approveUrl(ctx, token), requesterOf(row), row.locale));
}

export interface LoginStart {
  email: string;
  deviceId: string;
  ip: string;
  /** The request's User-Agent (only its device name is kept). */
  userAgent: string | undefined;
  /** The host of the site the frame is on, checked against the project's origins by the route. */
  site: string | undefined;
  /** The modal's locale: the mails and the approval page speak it when it is one of the 20, else English. */
  locale?: string | undefined;
}

export async function startLogin(
  ctx: AuthContext,
  { email: given, deviceId, ip, userAgent, site, locale }: LoginStart,
): Promise<{ loginId: string; action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }> {
  if (!ctx.hasMail) throw authError(503, 'MAIL_NOT_CONFIGURED', SMTP_NOT_CONFIGURED);
  const email = normalizeEmailAddress(given);
  if (email === undefined)
    throw authError(400, 'INVALID_REQUEST', "Invalid body field 'email': must be one e-mail address", { field: 'email' });
  await ctx.limitStart(ip);
  const now = ctx.now();
  const deviceHash = sha256(deviceId);
  const known = await isKnownDevice(ctx, email, deviceHash);
  // No account for this address yet (none by e-mail, social or passkey login): no other device to
  // protect, so the code comes at once. The account must still be new when the code is checked.
  const newAccount = !known && (await userByEmail(ctx, email)) === undefined;
  const row = {
    id: newId(),
    email,
    device_hash: deviceHash,
    created_at: now,
    requester: clientKey(ip),
    device_name: deviceName(userAgent),
    site: site ?? null,
    locale: locale === undefined ? null : mailLocale(locale),
  };
  // Lapsed logins go.
  await ctx.logins.start(
    {
      ...row,
      new_device: known ? 0 : 1,
      approved: known || newAccount ? 1 : 0,
      new_account: newAccount ? 1 : 0,
      expires_at: now + CODE_LIFETIME_MS,
      last_sent_at: now,
      ip,
    },
    now,
  );
  // A new account's code is asked for by whoever typed the address: every limit of a stranger.
  const request: MailRequest = { email, requester: row.requester, deviceHash, who: known ? 'owner' : 'stranger' };
  try {
    if (known || newAccount) await sendCode(ctx, row, request);
    else await sendDeviceLink(ctx, row, request);
  } catch (err) {
    // Refused or not sent: no login waits for a mail that never came.
    await ctx.logins.remove(row.id);
    throw err;
  }
  return { loginId: row.id, action: known || newAccount ? 'VERIFY_OTP' : 'VERIFY_DEVICE' };
}

/** The pending login's mail again: the device link until the device is approved, then a new code. */
export async function resendLogin(ctx: AuthContext, loginId: string, ip: string): Promise<void> {
  const row = await login(ctx, loginId);
  await ctx.limitStart(ip);
  // An approved device was approved by the mailbox (before, or by this login's link); a new
  // account's login was approved by nobody, so it stays a stranger's.
  const request: MailRequest = {
    email: row.email,
    requester: clientKey(ip),
    deviceHash: row.device_hash,
    who: row.approved && !row.new_account ? 'owner' : 'stranger',
  };
  if (row.approved) await sendCode(ctx, row, request);
  else await sendDeviceLink(ctx, row, request);
}

export async function deviceStatus(ctx: AuthContext, loginId: string): Promise<{ approved: boolean }> {
  return { approved: (await login(ctx, loginId)).approved === 1 };
}

/** The login a link token belongs to, while it can still be approved. */
export async function loginForToken(ctx: AuthContext, token: string): Promise<LoginRow | undefined> {
  if (!/^[A-Za-z]{40}$/.test(token)) return undefined;
  const row = await ctx.logins.byLinkHash(sha256(token));
  if (!row || row.done || row.approved || row.expires_at <= ctx.now()) return undefined;
  return row;
}

/** Approves the device of the link's login (the link works once) and mails the code; false when the link is no longer valid. */
export async function approveDevice(ctx: AuthContext, token: string): Promise<boolean> {
  const row = await loginForToken(ctx, token);
  // The link works once: of two approvals racing, one approves.
  if (!row || !(await ctx.logins.approve(row.id, sha256(token)))) return false;
  // The mailbox's owner asked for this code by approving: counted, never refused.
  await sendCode(ctx, row, { email: row.email, requester: row.requester, deviceHash: row.device_hash, who: 'approval' });
  return true;
}

export interface LoginSession extends NewSession {
  user: UserRow;
  deviceVerified: boolean;
}

/** Checks the code; success ends the login, creates the user at their first login, remembers the device and opens a session. */
export async function verifyLogin(
  ctx: AuthContext,
  { loginId, otp, ip }: { loginId: string; otp: string; ip: string },
): Promise<LoginSession> {
  await ctx.limitVerify(ip);
  const row = await login(ctx, loginId);
  if (!row.approved)
    throw authError(403, 'DEVICE_NOT_APPROVED', 'This device is not approved yet: open the link in the approval mail', {
      field: 'loginId',
    });
  const now = ctx.now();
  const account = loginAccount(row.email);
  await checkCodeFailures(ctx.authLimits, account, ctx.limits.codeFailuresPerAccountPerHour, now);
  await checkCode(row, {
    key: ctx.codeKey,
    purpose: PURPOSE,
    id: row.id,
    otp,
    now,
    // The attempt is claimed before the compare; the login's last attempt ends it (a resend gives it no new ones).
    claimAttempt: (): Promise<ClaimedAttempt | undefined> =>
      ctx.logins.claimAttempt(row.id, row.code_hash!, { perCode: CODE_MAX_ATTEMPTS, perRequest: REQUEST_MAX_ATTEMPTS }),
    countFailure: () => countCodeFailure(ctx.authLimits, account, now),
  });
  const deviceVerified = row.new_device === 1;
  const { session, row: sessionRow } = newSession({
    userId: '',
    deviceHash: row.device_hash,
    deviceVerified,
    now,
    ttlMs: ctx.sessionTtlMs,
  });
  // The code is spent once (of two right codes racing, one ends the login); the user, the device and the session follow in one transaction.
  const user = await ctx.logins.finish(row, newId(), sessionRow, now);
  if (!user) throw authError(404, 'LOGIN_GONE', LOGIN_GONE, { field: 'loginId' });
  // The address got an account meanwhile (another device's first login, a social login): this
  // device was never approved, so the login ends; started again, it gets the approval mail.
  if (user === 'account-exists') throw authError(404, 'LOGIN_GONE', ACCOUNT_EXISTS, { field: 'loginId' });
  return { ...session, user, deviceVerified };
}
