/**
 * E-mail login: start (a known device gets the code mail, a new one the device-approval mail),
 * resend, the approval link's page (POST only approves, then the code mail goes out), the
 * device status, and the code check that opens a session.
 */
import { authError } from './auth-error.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { codeMail, deviceMail } from '../mail/texts.js';
import { checkCode, checkCooldown, CODE_LIFETIME_MS } from './code-check.js';
import { SMTP_NOT_CONFIGURED, type AuthContext } from './context.js';
import { hashCode, newCode, newId, newLinkToken, sha256 } from './secrets.js';
import { createSession, ensureUser, isKnownDevice, rememberDevice, type NewSession, type UserRow } from './users.js';

const PURPOSE = 'login';
export const LOGIN_GONE = 'Unknown or finished login: start again';

interface LoginRow {
  id: string;
  email: string;
  device_hash: string;
  new_device: number;
  approved: number;
  device_token_hash: string | null;
  code_hash: string | null;
  expires_at: number;
  attempts: number;
  last_sent_at: number;
  done: number;
}

function lastSentTo(ctx: AuthContext, email: string): number | undefined {
  const row = ctx.db.prepare('SELECT max(last_sent_at) AS t FROM auth_logins WHERE email = ?').get(email) as { t: number | null };
  return row.t ?? undefined;
}

function login(ctx: AuthContext, id: string): LoginRow {
  const row = ctx.db.prepare('SELECT * FROM auth_logins WHERE id = ?').get(id) as LoginRow | undefined;
  if (!row || row.done || row.expires_at <= ctx.now()) throw authError(404, 'LOGIN_GONE', LOGIN_GONE, { field: 'loginId' });
  return row;
}

function approveUrl(ctx: AuthContext, token: string): string {
  return `${ctx.frameOrigin()}/auth/v1/device/approve?token=${token}`;
}

/** Sends a login's mail; when it cannot go out, the cooldown does not count it, so the user may retry at once. */
async function sendOrForget(ctx: AuthContext, loginId: string, mail: OutgoingMail): Promise<void> {
  try {
    await ctx.send(mail);
  } catch (err) {
    ctx.db.prepare('UPDATE auth_logins SET last_sent_at = 0 WHERE id = ?').run(loginId);
    throw err;
  }
}

/** A fresh code for an approved login, stored hashed, and its mail. */
async function sendCode(ctx: AuthContext, row: Pick<LoginRow, 'id' | 'email'>): Promise<void> {
  const code = newCode();
  const now = ctx.now();
  ctx.db
    .prepare('UPDATE auth_logins SET code_hash = ?, attempts = 0, expires_at = ?, last_sent_at = ? WHERE id = ?')
    .run(hashCode(ctx.codeKey, PURPOSE, row.id, code), now + CODE_LIFETIME_MS, now, row.id);
  await sendOrForget(ctx, row.id, codeMail(row.email, code, 'login'));
}

async function sendDeviceLink(ctx: AuthContext, row: Pick<LoginRow, 'id' | 'email'>): Promise<void> {
  const token = newLinkToken();
  const now = ctx.now();
  ctx.db
    .prepare('UPDATE auth_logins SET device_token_hash = ?, expires_at = ?, last_sent_at = ? WHERE id = ?')
    .run(sha256(token), now + CODE_LIFETIME_MS, now, row.id);
  await sendOrForget(ctx, row.id, deviceMail(row.email, approveUrl(ctx, token)));
}

export async function startLogin(
  ctx: AuthContext,
  { email: given, deviceId, ip }: { email: string; deviceId: string; ip: string },
): Promise<{ loginId: string; action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }> {
  if (!ctx.hasMail) throw authError(503, 'MAIL_NOT_CONFIGURED', SMTP_NOT_CONFIGURED);
  const email = given.toLowerCase();
  checkCooldown(lastSentTo(ctx, email), ctx.now());
  ctx.limitStart(ip);
  // Lapsed logins go (a lapsed login's last mail is over 10 minutes old, past any cooldown).
  ctx.db.prepare('DELETE FROM auth_logins WHERE expires_at <= ?').run(ctx.now());
  const deviceHash = sha256(deviceId);
  const known = isKnownDevice(ctx.db, email, deviceHash);
  const id = newId();
  const now = ctx.now();
  ctx.db
    .prepare(
      `INSERT INTO auth_logins (id, email, device_hash, new_device, approved, expires_at, last_sent_at, ip)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, email, deviceHash, known ? 0 : 1, known ? 1 : 0, now + CODE_LIFETIME_MS, now, ip);
  if (known) await sendCode(ctx, { id, email });
  else await sendDeviceLink(ctx, { id, email });
  return { loginId: id, action: known ? 'VERIFY_OTP' : 'VERIFY_DEVICE' };
}

/** The pending login's mail again: the device link until the device is approved, then a new code. */
export async function resendLogin(ctx: AuthContext, loginId: string, ip: string): Promise<void> {
  const row = login(ctx, loginId);
  checkCooldown(lastSentTo(ctx, row.email), ctx.now());
  ctx.limitStart(ip);
  if (row.approved) await sendCode(ctx, row);
  else await sendDeviceLink(ctx, row);
}

export function deviceStatus(ctx: AuthContext, loginId: string): { approved: boolean } {
  return { approved: login(ctx, loginId).approved === 1 };
}

/** The login a link token belongs to, while it can still be approved. */
export function loginForToken(ctx: AuthContext, token: string): { id: string; email: string } | undefined {
  if (!/^[A-Za-z]{40}$/.test(token)) return undefined;
  const row = ctx.db.prepare('SELECT * FROM auth_logins WHERE device_token_hash = ?').get(sha256(token)) as LoginRow | undefined;
  if (!row || row.done || row.approved || row.expires_at <= ctx.now()) return undefined;
  return row;
}

/** Approves the device of the link's login (the link works once) and mails the code; false when the link is no longer valid. */
export async function approveDevice(ctx: AuthContext, token: string): Promise<boolean> {
  const row = loginForToken(ctx, token);
  if (!row) return false;
  ctx.db.prepare('UPDATE auth_logins SET approved = 1, device_token_hash = NULL WHERE id = ?').run(row.id);
  await sendCode(ctx, row);
  return true;
}

export interface LoginSession extends NewSession {
  user: UserRow;
  deviceVerified: boolean;
}

/** Checks the code; success ends the login, creates the user at their first login, remembers the device and opens a session. */
export function verifyLogin(ctx: AuthContext, { loginId, otp, ip }: { loginId: string; otp: string; ip: string }): LoginSession {
  ctx.limitVerify(ip);
  const row = login(ctx, loginId);
  if (!row.approved)
    throw authError(403, 'DEVICE_NOT_APPROVED', 'This device is not approved yet: open the link in the approval mail', {
      field: 'loginId',
    });
  const now = ctx.now();
  checkCode(row, {
    key: ctx.codeKey,
    purpose: PURPOSE,
    id: row.id,
    otp,
    now,
    countAttempt: () => ctx.db.prepare('UPDATE auth_logins SET attempts = attempts + 1 WHERE id = ?').run(row.id),
  });
  return ctx.db.transaction(() => {
    ctx.db.prepare('UPDATE auth_logins SET done = 1, code_hash = NULL WHERE id = ?').run(row.id);
    const user = ensureUser(ctx.db, row.email, now);
    rememberDevice(ctx.db, row.email, row.device_hash, now);
    const deviceVerified = row.new_device === 1;
    const session = createSession(ctx.db, { userId: user.id, deviceHash: row.device_hash, deviceVerified, now, ttlMs: ctx.sessionTtlMs });
    return { ...session, user, deviceVerified };
  })();
}
