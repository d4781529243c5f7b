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
import type { ChallengeKind, ChallengeRow, ChallengeStage } from '../storage/auth-challenges.js';
import { changeEmail, EMAIL_TAKEN, userByEmail, type UserRow } from './users.js';

type Kind = ChallengeKind;
type Stage = ChallengeStage;

export const CHALLENGE_GONE = 'Unknown or finished request: start again';

async function challenge(ctx: AuthContext, id: string, user: UserRow, kind: Kind, field: string): Promise<ChallengeRow> {
  const row = await ctx.challenges.get(id);
  if (!row || row.kind !== kind || row.user_id !== user.id || row.stage === 'done' || row.expires_at <= ctx.now()) {
    throw authError(404, 'CHALLENGE_GONE', CHALLENGE_GONE, { field });
  }
  return row;
}

/** Mails a stage's code; the mail budget counts it (a signed-in user's, per requester, mailbox and kind). */
async function mailCode(
  ctx: AuthContext,
  row: Pick<ChallengeRow, 'id' | 'kind'>,
  { stage, to, purpose, ip, locale }: { stage: Stage; to: string; purpose: CodePurpose; ip: string; locale: string | undefined },
): Promise<void> {
  const code = newCode();
  const now = ctx.now();
  let forget: () => Promise<void>;
  try {
    forget = await takeMail(ctx.authLimits, ctx.limits, now, { email: to, requester: clientKey(ip), deviceHash: row.kind, who: 'owner' });
  } catch (err) {
    // No mail went out: the user's cooldown does not count it.
    await ctx.challenges.unsent(row.id);
    throw err;
  }
  await ctx.challenges.setCode(row.id, stage, hashCode(ctx.codeKey, `${row.id}:${stage}`, row.id, code), now + CODE_LIFETIME_MS, now);
  try {
    await ctx.send(codeMail(to, code, purpose, locale));
  } catch (err) {
    await forget();
    await ctx.challenges.unsent(row.id);
    throw err;
  }
}

async function create(ctx: AuthContext, user: UserRow, kind: Kind, stage: Stage, newEmail: string | null): Promise<string> {
  checkCooldown(await ctx.challenges.lastSent(user.id, kind), ctx.now());
  const id = newId();
  const now = ctx.now();
  await ctx.challenges.create(
    { id, kind, user_id: user.id, stage, new_email: newEmail, expires_at: now + CODE_LIFETIME_MS, last_sent_at: now },
    now,
  );
  return id;
}

/**
 * Checks the stage's code (its attempt claimed in one conditional UPDATE before the compare) and
 * spends it once: of two right codes racing, one clears the code and the other is refused.
 */
async function check(ctx: AuthContext, row: ChallengeRow, otp: string, ip: string): Promise<void> {
  await ctx.limitVerify(ip);
  const now = ctx.now();
  const account = userAccount(row.user_id);
  await checkCodeFailures(ctx.authLimits, account, ctx.limits.codeFailuresPerAccountPerHour, now);
  await checkCode(row, {
    key: ctx.codeKey,
    purpose: `${row.id}:${row.stage}`,
    id: row.id,
    otp,
    now,
    claimAttempt: (): Promise<ClaimedAttempt | undefined> =>
      ctx.challenges.claimAttempt(row.id, row.code_hash!, row.stage, { perCode: CODE_MAX_ATTEMPTS, perRequest: REQUEST_MAX_ATTEMPTS }),
    countFailure: () => countCodeFailure(ctx.authLimits, account, now),
  });
  if (!(await ctx.challenges.spend(row.id, row.code_hash!)))
    throw authError(404, 'CHALLENGE_GONE', CHALLENGE_GONE, { field: row.kind === 'export' ? 'exportId' : 'changeId' });
}

/** The user's address for a code mail; a user who logged in only by a provider that gave none has none. */
function mailOf(user: UserRow): string {
  if (user.email === null) throw authError(409, 'NO_EMAIL_ADDRESS', 'This account has no e-mail address to send a code to');
  return user.email;
}

export async function startExport(ctx: AuthContext, user: UserRow, ip: string, locale?: string): Promise<{ exportId: string }> {
  if (!user.server_share) throw authError(404, 'NO_KEYS', 'This user has no keys to export yet');
  const id = await create(ctx, user, 'export', 'export', null);
  await mailCode(ctx, { id, kind: 'export' }, { stage: 'export', to: mailOf(user), purpose: 'export', ip, locale });
  return { exportId: id };
}

/** The server share, once, for a correct code. */
export async function verifyExport(ctx: AuthContext, user: UserRow, { exportId, otp, ip }: { exportId: string; otp: string; ip: string }) {
  const row = await challenge(ctx, exportId, user, 'export', 'exportId');
  await check(ctx, row, otp, ip);
  await ctx.challenges.finish(row.id);
  return { share: user.server_share! };
}

async function newAddressFree(ctx: AuthContext, user: UserRow, email: string): Promise<void> {
  const other = await userByEmail(ctx, email);
  if (other && other.id !== user.id) throw authError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { field: 'email' });
  if (email === user.email)
    throw authError(400, 'EMAIL_IS_CURRENT', "Invalid body field 'email': it is already your address", { field: 'email' });
}

export async function startEmailChange(
  ctx: AuthContext,
  user: UserRow,
  email: string,
  ip: string,
  locale?: string,
): Promise<{ changeId: string; action: 'VERIFY_PRIMARY_OTP' }> {
  const newEmail = normalizeEmailAddress(email);
  if (newEmail === undefined)
    throw authError(400, 'INVALID_REQUEST', "Invalid body field 'email': must be one e-mail address", { field: 'email' });
  const current = mailOf(user);
  await newAddressFree(ctx, user, newEmail);
  const id = await create(ctx, user, 'email-change', 'primary', newEmail);
  await mailCode(ctx, { id, kind: 'email-change' }, { stage: 'primary', to: current, purpose: 'email-change-current', ip, locale });
  return { changeId: id, action: 'VERIFY_PRIMARY_OTP' };
}

/** The current address's code; then the new address gets its own. */
export async function verifyEmailChangePrimary(
  ctx: AuthContext,
  user: UserRow,
  { changeId, otp, ip, locale }: { changeId: string; otp: string; ip: string; locale?: string | undefined },
): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
  const row = await challenge(ctx, changeId, user, 'email-change', 'changeId');
  if (row.stage !== 'primary')
    throw authError(409, 'EMAIL_CHANGE_STEP', 'The current address was confirmed already: send the code of the new address');
  await check(ctx, row, otp, ip);
  await mailCode(ctx, row, { stage: 'secondary', to: row.new_email!, purpose: 'email-change-new', ip, locale });
  return { action: 'VERIFY_SECONDARY_OTP' };
}

/** The new address's code; then the new address is stored (409 when taken meanwhile). */
export async function verifyEmailChangeSecondary(
  ctx: AuthContext,
  user: UserRow,
  { changeId, otp, ip }: { changeId: string; otp: string; ip: string },
): Promise<{ email: string }> {
  const row = await challenge(ctx, changeId, user, 'email-change', 'changeId');
  if (row.stage !== 'secondary') throw authError(409, 'EMAIL_CHANGE_STEP', 'Confirm the current address first');
  await check(ctx, row, otp, ip);
  await ctx.challenges.finish(row.id);
  return { email: mailOf(await changeEmail(ctx, user.id, row.new_email!)) };
}
