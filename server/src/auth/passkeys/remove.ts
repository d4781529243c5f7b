/**
 * Listing and removing a user's passkeys. The last passkey holding the recovery share (when the
 * server's sealed copy is gone) goes only with the share handed back, checked and sealed again.
 */
import { HttpError } from '../../errors.js';
import type { AuthContext } from '../context.js';
import { resealRecoveryShare } from '../keys.js';
import type { UserRow } from '../users.js';
import { passkeyReply, type PasskeyReply } from './register.js';
import { deletePasskey, passkeyById, passkeysOf, wrappedShares } from './store.js';

export const LAST_RECOVERY_PASSKEY = 'This is the last passkey holding your recovery key: send the recovery share to remove it';

export function listPasskeys(ctx: AuthContext, user: UserRow): { passkeys: PasskeyReply[] } {
  return { passkeys: passkeysOf(ctx.db, user.id).map(passkeyReply) };
}

export function removePasskey(ctx: AuthContext, user: UserRow, body: { id: string; recoveryShare?: string | undefined }): void {
  const row = passkeyById(ctx.db, body.id);
  if (!row || row.user_id !== user.id) throw new HttpError(404, 'This account has no passkey with this id', 'id');
  const lastHolder =
    row.wrapped_recovery_share !== null &&
    user.recovery_share === null &&
    wrappedShares(ctx.db, user.id).every((w) => w.credentialId === row.id);
  if (!lastHolder) {
    deletePasskey(ctx.db, row.id);
    return;
  }
  if (body.recoveryShare === undefined) throw new HttpError(409, LAST_RECOVERY_PASSKEY, 'recoveryShare');
  const share = body.recoveryShare;
  ctx.db.transaction(() => {
    resealRecoveryShare(ctx, user, share);
    deletePasskey(ctx.db, row.id);
  })();
}
