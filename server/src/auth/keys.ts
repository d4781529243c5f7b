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
  const registered = await ctx.users.registerKeys(user.id, {
    evmAddress: input.evmAddress,
    solanaAddress: input.solanaAddress,
    serverShare: input.serverShare,
    sealedRecoveryShare: sealed,
    recoveryShareHash: recoveryShareHash(input.recoveryShare),
  });
  if (!registered) throw new HttpError(409, 'Keys are already registered for this user');
  return (await userById(ctx, user.id))!;
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

export async function recoveryShare(ctx: AuthContext, user: UserRow, session: SessionRow): Promise<{ share: string }> {
  if (!session.device_verified) throw new HttpError(403, RECOVERY_DEVICE_ONLY);
  if (!user.recovery_share) {
    if (user.server_share && (await ctx.passkeys.wrappedShares(user.id)).length > 0)
      throw new HttpError(409, RECOVERY_HELD_BY_PASSKEYS, 'passkey');
    throw new HttpError(404, 'This user has no keys yet');
  }
  return { share: unseal(ctx, user, user.recovery_share) };
}

/** The recovery share's copies wrapped by the user's PRF passkeys, to a device-verified session. */
export async function recoveryWrapped(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
): Promise<{ wrapped: { credentialId: string; share: string }[] }> {
  if (!session.device_verified) throw new HttpError(403, RECOVERY_DEVICE_ONLY);
  return { wrapped: await ctx.passkeys.wrappedShares(user.id) };
}

/** The stored hash of the user's recovery share, filled first (by decrypting) for users registered before it was kept. */
export async function ensureRecoveryShareHash(ctx: AuthContext, user: UserRow): Promise<string | null> {
  const row = await userById(ctx, user.id);
  if (!row) return null;
  if (row.recovery_share_hash !== null || row.recovery_share === null) return row.recovery_share_hash;
  const hash = recoveryShareHash(unseal(ctx, user, row.recovery_share));
  await ctx.users.setRecoveryShareHash(user.id, hash);
  return hash;
}

/**
 * A recovery share the frame handed back, sealed under the KEK again (for the caller to store),
 * after checking it is the share with x = 3 and the one registered (its SHA-256); 400 naming
 * `recoveryShare` otherwise.
 */
export async function resealRecoveryShare(ctx: AuthContext, user: UserRow, share: string): Promise<string> {
  if (Buffer.from(share, 'base64url')[0] !== RECOVERY_SHARE_X) {
    throw new HttpError(400, `Invalid body field 'recoveryShare': must be the share with x = ${RECOVERY_SHARE_X}`, 'recoveryShare');
  }
  const expected = await ensureRecoveryShareHash(ctx, user);
  if (expected === null || recoveryShareHash(share) !== expected) {
    throw new HttpError(400, "Invalid body field 'recoveryShare': not this user's recovery share", 'recoveryShare');
  }
  return encryptShare(ctx.kek, user.id, share);
}
