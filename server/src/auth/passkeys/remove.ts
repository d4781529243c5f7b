/**
 * Listing and removing a user's passkeys. The last passkey holding the recovery share (when the
 * server's sealed copy is gone) goes only with the share handed back, checked and sealed again.
 */
import { HttpError } from '../../errors.js';
import type { AuthContext } from '../context.js';
import { resealRecoveryShare } from '../keys.js';
import type { UserRow } from '../users.js';
import { passkeyReply, type PasskeyReply } from './register.js';

export const LAST_RECOVERY_PASSKEY = 'This is the last passkey holding your recovery key: send the recovery share to remove it';

export async function listPasskeys(ctx: AuthContext, user: UserRow): Promise<{ passkeys: PasskeyReply[] }> {
  return { passkeys: (await ctx.passkeys.ofUser(user.id)).map(passkeyReply) };
}

export async function removePasskey(
  ctx: AuthContext,
  user: UserRow,
  body: { id: string; recoveryShare?: string | undefined },
): Promise<void> {
  const row = await ctx.passkeys.byId(body.id);
  if (!row || row.user_id !== user.id) throw new HttpError(404, 'This account has no passkey with this id', 'id');
  const lastHolder =
    row.wrapped_recovery_share !== null &&
    user.recovery_share === null &&
    (await ctx.passkeys.wrappedShares(user.id)).every((w) => w.credentialId === row.id);
  if (!lastHolder) {
    await ctx.passkeys.remove(row.id);
    return;
  }
  if (body.recoveryShare === undefined) throw new HttpError(409, LAST_RECOVERY_PASSKEY, 'recoveryShare');
  const sealed = await resealRecoveryShare(ctx, user, body.recoveryShare);
  await ctx.passkeys.remove(row.id, { userId: user.id, sealed });
}
