/**
 * Key registration and share release. At first login the frame registers the user's addresses,
 * the server share and the recovery share, proving it holds both keys: an EIP-191 signature
 * and an ed25519 signature over `keyRegistrationMessage(userId)`. The recovery share is stored
 * encrypted under the key-encryption key and released only to device-verified sessions.
 */
import { createPublicKey, verify } from 'node:crypto';
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
  const changed = ctx.db
    .prepare(
      `UPDATE auth_users SET evm_address = ?, solana_address = ?, server_share = ?, recovery_share = ?
       WHERE id = ? AND server_share IS NULL`,
    )
    .run(input.evmAddress, input.solanaAddress, input.serverShare, sealed, user.id);
  if (changed.changes !== 1) throw new HttpError(409, 'Keys are already registered for this user');
  return userById(ctx.db, user.id)!;
}

export function serverShare(user: UserRow): { share: string } {
  if (!user.server_share) throw new HttpError(404, 'This user has no keys yet');
  return { share: user.server_share };
}

export function recoveryShare(ctx: AuthContext, user: UserRow, session: SessionRow): { share: string } {
  if (!session.device_verified) {
    throw new HttpError(403, 'The recovery share is released only to a device approved through the approval mail');
  }
  if (!user.recovery_share) throw new HttpError(404, 'This user has no keys yet');
  try {
    return { share: decryptShare(ctx.kek, user.id, user.recovery_share) };
  } catch {
    throw new HttpError(500, "The recovery share cannot be decrypted: this server's key-encryption key is not the one it was stored with");
  }
}
