/**
 * Code-guarded actions of a logged-in user: key export (a code to the user's address, then the
 * server share) and e-mail change (a code to the current address, then one to the new
 * address, then the new address is stored). Same code rules as login.
 */
import { clientKey } from '../client-key.js';
import { normalizeEmailAddress } from '../../../src/wire/email-address.js';
import { authError } from './auth-error.js';
import { codeMail, type CodePurpose } from '../mail/texts.js';
import { checkCode, checkCooldown, CODE_LIFETIME_MS, CODE_MAX_ATTEMPTS, REQUEST_MAX_ATTEMPTS, type ClaimedAttempt } from './code-check.js';
import { checkCodeFailures, countCodeFailure, userAccount } from './code-failures.js';
import type { AuthContext } from './context.js';
import { takeMail } from './mail-budget.js';
import { hashCode, newCode, newId } from './secrets.js';
import { changeEmail, EMAIL_TAKEN, userByEmail, type UserRow } from './users.js';

type Kind = 'export' | 'email-change';
type Stage = 'export' | 'primary' | 'secondary' | 'done';

interface ChallengeRow {
  id: string;
  kind: Kind;
  user_id: string;
  stage: Stage;
  new_email: string | null;
  code_hash: string | null;
  expires_at: number;
  attempts: number;
  total_attempts: number;
  last_sent_at: number;
}

export const CHALLENGE_GONE = 'Unknown or finished request: start again';

function lastSent(ctx: AuthContext, userId: string, kind: Kind): number | undefined {
  const row = ctx.db.prepare('SELECT max(last_sent_at) AS t FROM auth_challenges WHERE user_id = ? AND kind = ?').get(userId, kind) as {
    t: number | null;
  };
  return row.t ?? undefined;
}

function challenge(ctx: AuthContext, id: string, user: UserRow, kind: Kind, field: string): ChallengeRow {
  const row = ctx.db.prepare('SELECT * FROM auth_challenges WHERE id = ?').get(id) as ChallengeRow | undefined;
  if (!row || row.kind !== kind || row.user_id !== user.id || row.stage === 'done' || row.expires_at <= ctx.now()) {
    throw authError(404, 'CHALLENGE_GONE', CHALLENGE_GONE, { field });
  }
  return row;
}

/** Mails a stage's code; the mail budget counts it (a signed-in user's, per requester, mailbox and kind). */
async function mailCode(
  ctx: AuthContext,
  row: Pick<ChallengeRow, 'id' | 'kind'>,
  { stage, to, purpose, ip }: { stage: Stage; to: string; purpose: CodePurpose; ip: string },
): Promise<void> {
  const code = newCode();
  const now = ctx.now();
  let forget: () => Promise<void>;
  try {
    forget = await takeMail(ctx.authLimits, ctx.limits, now, { email: to, requester: clientKey(ip), deviceHash: row.kind, who: 'owner' });
  } catch (err) {
    // No mail went out: the user's cooldown does not count it.
    ctx.db.prepare('UPDATE auth_challenges SET last_sent_at = 0 WHERE id = ?').run(row.id);
    throw err;
  }
  ctx.db
    .prepare('UPDATE auth_challenges SET stage = ?, code_hash = ?, attempts = 0, expires_at = ?, last_sent_at = ? WHERE id = ?')
    .run(stage, hashCode(ctx.codeKey, `${row.id}:${stage}`, row.id, code), now + CODE_LIFETIME_MS, now, row.id);
  try {
    await ctx.send(codeMail(to, code, purpose));
  } catch (err) {
    await forget();
    ctx.db.prepare('UPDATE auth_challenges SET last_sent_at = 0 WHERE id = ?').run(row.id);
    throw err;
  }
}

function create(ctx: AuthContext, user: UserRow, kind: Kind, stage: Stage, newEmail: string | null): string {
  checkCooldown(lastSent(ctx, user.id, kind), ctx.now());
  ctx.db.prepare('DELETE FROM auth_challenges WHERE expires_at <= ?').run(ctx.now());
  const id = newId();
  const now = ctx.now();
  ctx.db
    .prepare(
      `INSERT INTO auth_challenges (id, kind, user_id, stage, new_email, expires_at, last_sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, kind, user.id, stage, newEmail, now + CODE_LIFETIME_MS, now);
  return id;
}

/**
 * Checks the stage's code (its attempt claimed in one conditional UPDATE before the compare) and
 * spends it once: of two right codes racing, one clears the code and the other is refused.
 */
async function check(ctx: AuthContext, row: ChallengeRow, otp: string, ip: string): Promise<void> {
  ctx.limitVerify(ip);
  const now = ctx.now();
  const account = userAccount(row.user_id);
  await checkCodeFailures(ctx.authLimits, account, ctx.limits.codeFailuresPerAccountPerHour, now);
  await checkCode(row, {
    key: ctx.codeKey,
    purpose: `${row.id}:${row.stage}`,
    id: row.id,
    otp,
    now,
    claimAttempt: async () =>
      ctx.db
        .prepare(
          `UPDATE auth_challenges SET attempts = attempts + 1, total_attempts = total_attempts + 1
           WHERE id = ? AND code_hash = ? AND stage = ? AND attempts < ? AND total_attempts < ? RETURNING attempts, total_attempts`,
        )
        .get(row.id, row.code_hash, row.stage, CODE_MAX_ATTEMPTS, REQUEST_MAX_ATTEMPTS) as ClaimedAttempt | undefined,
    countFailure: () => countCodeFailure(ctx.authLimits, account, now),
  });
  const spent = ctx.db
    .prepare(
      'UPDATE auth_challenges SET code_hash = NULL, attempts = attempts - 1, total_attempts = total_attempts - 1 WHERE id = ? AND code_hash = ?',
    )
    .run(row.id, row.code_hash).changes;
  if (spent !== 1) throw authError(404, 'CHALLENGE_GONE', CHALLENGE_GONE, { field: row.kind === 'export' ? 'exportId' : 'changeId' });
}

/** The user's address for a code mail; a user who logged in only by a provider that gave none has none. */
function mailOf(user: UserRow): string {
  if (user.email === null) throw authError(409, 'NO_EMAIL_ADDRESS', 'This account has no e-mail address to send a code to');
  return user.email;
}

export async function startExport(ctx: AuthContext, user: UserRow, ip: string): Promise<{ exportId: string }> {
  if (!user.server_share) throw authError(404, 'NO_KEYS', 'This user has no keys to export yet');
  const id = create(ctx, user, 'export', 'export', null);
  await mailCode(ctx, { id, kind: 'export' }, { stage: 'export', to: mailOf(user), purpose: 'export', ip });
  return { exportId: id };
}

/** The server share, once, for a correct code. */
export async function verifyExport(ctx: AuthContext, user: UserRow, { exportId, otp, ip }: { exportId: string; otp: string; ip: string }) {
  const row = challenge(ctx, exportId, user, 'export', 'exportId');
  await check(ctx, row, otp, ip);
  ctx.db.prepare("UPDATE auth_challenges SET stage = 'done', code_hash = NULL WHERE id = ?").run(row.id);
  return { share: user.server_share! };
}

function newAddressFree(ctx: AuthContext, user: UserRow, email: string): void {
  const other = userByEmail(ctx.db, email);
  if (other && other.id !== user.id) throw authError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { field: 'email' });
  if (email === user.email)
    throw authError(400, 'EMAIL_IS_CURRENT', "Invalid body field 'email': it is already your address", { field: 'email' });
}

export async function startEmailChange(
  ctx: AuthContext,
  user: UserRow,
  email: string,
  ip: string,
): Promise<{ changeId: string; action: 'VERIFY_PRIMARY_OTP' }> {
  const newEmail = normalizeEmailAddress(email);
  if (newEmail === undefined)
    throw authError(400, 'INVALID_REQUEST', "Invalid body field 'email': must be one e-mail address", { field: 'email' });
  const current = mailOf(user);
  newAddressFree(ctx, user, newEmail);
  const id = create(ctx, user, 'email-change', 'primary', newEmail);
  await mailCode(ctx, { id, kind: 'email-change' }, { stage: 'primary', to: current, purpose: 'email-change-current', ip });
  return { changeId: id, action: 'VERIFY_PRIMARY_OTP' };
}

/** The current address's code; then the new address gets its own. */
export async function verifyEmailChangePrimary(
  ctx: AuthContext,
  user: UserRow,
  { changeId, otp, ip }: { changeId: string; otp: string; ip: string },
): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
  const row = challenge(ctx, changeId, user, 'email-change', 'changeId');
  if (row.stage !== 'primary')
    throw authError(409, 'EMAIL_CHANGE_STEP', 'The current address was confirmed already: send the code of the new address');
  await check(ctx, row, otp, ip);
  await mailCode(ctx, row, { stage: 'secondary', to: row.new_email!, purpose: 'email-change-new', ip });
  return { action: 'VERIFY_SECONDARY_OTP' };
}

/** The new address's code; then the new address is stored (409 when taken meanwhile). */
export async function verifyEmailChangeSecondary(
  ctx: AuthContext,
  user: UserRow,
  { changeId, otp, ip }: { changeId: string; otp: string; ip: string },
): Promise<{ email: string }> {
  const row = challenge(ctx, changeId, user, 'email-change', 'changeId');
  if (row.stage !== 'secondary') throw authError(409, 'EMAIL_CHANGE_STEP', 'Confirm the current address first');
  await check(ctx, row, otp, ip);
  ctx.db.prepare("UPDATE auth_challenges SET stage = 'done', code_hash = NULL WHERE id = ?").run(row.id);
  return { email: mailOf(changeEmail(ctx.db, user.id, row.new_email!)) };
}
