/**
 * Key registration and share release. At first login the frame registers the user's addresses,
 * the server share and the recovery share, proving it holds both keys: an EIP-191 signature
 * and an ed25519 signature over `keyRegistrationMessage(userId)`. The recovery share is stored
 * encrypted under the key-encryption key and released only to device-verified sessions; the
 * server keeps its SHA-256 too. Once a passkey with PRF holds the recovery share (wrapped by the
 * frame, see src/wire/passkey-api.ts) the sealed copy is dropped: device-verified sessions then
 * get the wrapped copies (`recoveryWrapped`) and GET /keys/recovery-share answers 409 'passkey'.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { verifyMessage } from 'viem';
import { keyRegistrationMessage } from '../../../src/wire/auth-api.js';
import { base58Decode } from '../../../src/wire/base58.js';
import { HttpError } from '../errors.js';
import type { AuthContext } from './context.js';
import { decryptShare, encryptShare } from './kek.js';
import { wrappedShares } from './passkeys/store.js';
import { userById, type SessionRow, type UserRow } from './users.js';

/** The x coordinates of the shares: 1 the device's, 2 the server's, 3 the recovery share. */
export const SERVER_SHARE_X = 2;
export const RECOVERY_SHARE_X = 3;

export interface KeysInput {
  evmAddress: string;
  solanaAddress: string;
  serverShare: string;
  recoveryShare: string;
  evmSignature: string;
  solanaSignature: string;
}

/** Whether `signature` (base58, 64 bytes) is the ed25519 signature of `message` by the base58 public key `address`. */
export function verifyEd25519(address: string, message: string, signature: string): boolean {
  const publicKey = base58Decode(address);
  const sig = base58Decode(signature);
  if (publicKey?.length !== 32 || sig?.length !== 64) return false;
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' });
    return verify(null, Buffer.from(message, 'utf8'), key, sig);
  } catch {
    return false;
  }
}

export async function registerKeys(ctx: AuthContext, user: UserRow, input: KeysInput): Promise<UserRow> {
  if (user.server_share !== null) throw new HttpError(409, 'Keys are already registered for this user');
  for (const [field, x] of [
    ['serverShare', SERVER_SHARE_X],
    ['recoveryShare', RECOVERY_SHARE_X],
  ] as const) {
    if (Buffer.from(input[field], 'base64url')[0] !== x) {
      throw new HttpError(400, `Invalid body field '${field}': must be the share with x = ${x}`, field);
    }
  }
  const message = keyRegistrationMessage(user.id);
  let evmValid = false;
  try {
    evmValid = await verifyMessage({
      address: input.evmAddress as `0x${string}`,
      message,
      signature: input.evmSignature as `0x${string}`,
    });
  } catch {
    evmValid = false;
  }
  if (!evmValid)
    throw new HttpError(
      400,
      "Invalid body field 'evmSignature': not a signature of the registration message by evmAddress",
      'evmSignature',
    );
  if (!verifyEd25519(input.solanaAddress, message, input.solanaSignature)) {
    throw new HttpError(
      400,
      "Invalid body field 'solanaSignature': not a signature of the registration message by solanaAddress",
      'solanaSignature',
    );
  }
  const sealed = encryptShare(ctx.kek, user.id, input.recoveryShare);
  const changed = ctx.db
    .prepare(
      `UPDATE auth_users SET evm_address = ?, solana_address = ?, server_share = ?, recovery_share = ?, recovery_share_hash = ?
       WHERE id = ? AND server_share IS NULL`,
    )
    .run(input.evmAddress, input.solanaAddress, input.serverShare, sealed, recoveryShareHash(input.recoveryShare), user.id);
  if (changed.changes !== 1) throw new HttpError(409, 'Keys are already registered for this user');
  return userById(ctx.db, user.id)!;
}

export function serverShare(user: UserRow): { share: string } {
  if (!user.server_share) throw new HttpError(404, 'This user has no keys yet');
  return { share: user.server_share };
}

const RECOVERY_DEVICE_ONLY = 'The recovery share is released only to a device approved through the approval mail';
export const RECOVERY_HELD_BY_PASSKEYS = 'The recovery share is held only by your passkeys: unwrap it with one of them';

/** SHA-256 (hex) of a share's 33 bytes: what the server keeps to check a share handed back. */
export function recoveryShareHash(share: string): string {
  return createHash('sha256').update(Buffer.from(share, 'base64url')).digest('hex');
}

function unseal(ctx: AuthContext, user: UserRow, sealed: string): string {
  try {
    return decryptShare(ctx.kek, user.id, sealed);
  } catch {
    throw new HttpError(500, "The recovery share cannot be decrypted: this server's key-encryption key is not the one it was stored with");
  }
}

export function recoveryShare(ctx: AuthContext, user: UserRow, session: SessionRow): { share: string } {
  if (!session.device_verified) throw new HttpError(403, RECOVERY_DEVICE_ONLY);
  if (!user.recovery_share) {
    if (user.server_share && wrappedShares(ctx.db, user.id).length > 0) throw new HttpError(409, RECOVERY_HELD_BY_PASSKEYS, 'passkey');
    throw new HttpError(404, 'This user has no keys yet');
  }
  return { share: unseal(ctx, user, user.recovery_share) };
}

/** The recovery share's copies wrapped by the user's PRF passkeys, to a device-verified session. */
export function recoveryWrapped(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
): { wrapped: { credentialId: string; share: string }[] } {
  if (!session.device_verified) throw new HttpError(403, RECOVERY_DEVICE_ONLY);
  return { wrapped: wrappedShares(ctx.db, user.id) };
}

/** The stored hash of the user's recovery share, filled first (by decrypting) for users registered before it was kept. */
export function ensureRecoveryShareHash(ctx: AuthContext, user: UserRow): string | null {
  const row = ctx.db.prepare('SELECT recovery_share, recovery_share_hash FROM auth_users WHERE id = ?').get(user.id) as
    | { recovery_share: string | null; recovery_share_hash: string | null }
    | undefined;
  if (!row) return null;
  if (row.recovery_share_hash !== null || row.recovery_share === null) return row.recovery_share_hash;
  const hash = recoveryShareHash(unseal(ctx, user, row.recovery_share));
  ctx.db.prepare('UPDATE auth_users SET recovery_share_hash = ? WHERE id = ?').run(hash, user.id);
  return hash;
}

/** Drops the KEK-sealed copy (a PRF passkey now holds the share); its hash stays. */
export function dropSealedRecoveryShare(ctx: AuthContext, user: UserRow): void {
  if (ensureRecoveryShareHash(ctx, user) === null) throw new HttpError(409, 'This user has no keys yet');
  ctx.db.prepare('UPDATE auth_users SET recovery_share = NULL WHERE id = ?').run(user.id);
}

/**
 * Seals a recovery share the frame handed back under the KEK again, after checking it is the
 * share with x = 3 and the one registered (its SHA-256); 400 naming `recoveryShare` otherwise.
 */
export function resealRecoveryShare(ctx: AuthContext, user: UserRow, share: string): void {
  if (Buffer.from(share, 'base64url')[0] !== RECOVERY_SHARE_X) {
    throw new HttpError(400, `Invalid body field 'recoveryShare': must be the share with x = ${RECOVERY_SHARE_X}`, 'recoveryShare');
  }
  const expected = ensureRecoveryShareHash(ctx, user);
  if (expected === null || recoveryShareHash(share) !== expected) {
    throw new HttpError(400, "Invalid body field 'recoveryShare': not this user's recovery share", 'recoveryShare');
  }
  ctx.db.prepare('UPDATE auth_users SET recovery_share = ? WHERE id = ?').run(encryptShare(ctx.kek, user.id, share), user.id);
}
