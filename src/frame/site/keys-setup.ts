/**
 * After a login (code, social, Farcaster, passkey): a user without keys gets them (a fresh seed,
 * split 2-of-3, the device share kept here, the server and recovery shares registered with proof
 * of both keys); a user with keys on a new, verified device gets this device's share, recomputed
 * from the server and recovery shares (the recovery share from the server, or, once a passkey
 * wraps it, unwrapped by that passkey's PRF output); a known device needs nothing.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { W3Error } from '../../core/errors/base.js';
import type * as z from 'zod/mini';
import { emptyReply, keyRegistrationMessage, shareReply, userReply, type sessionReply } from '../../wire/auth-api.js';
import { recoveryWrappedReply } from '../../wire/passkey-api.js';
import { base58Encode } from '../../wire/base58.js';
import { wipe } from '../keys/bytes.js';
import { addressesOf, deriveEvmKey, deriveSolanaSeed } from '../keys/derive.js';
import {
  combineShares,
  decodeShare,
  DEVICE_SHARE_X,
  encodeShare,
  RECOVERY_SHARE_X,
  SERVER_SHARE_X,
  shareAt,
  splitSecret,
} from '../keys/shamir.js';
import { AuthApiError } from './api-client.js';
import type { FrameContext, Session } from './context.js';
import { unwrapWithPasskey } from './passkey-prf.js';
import { adoptSession, checkAddresses } from './session.js';
import { FRAME_REPLY_TEXT } from './texts.js';

async function createKeys(ctx: FrameContext, session: Session): Promise<void> {
  const seed = crypto.getRandomValues(new Uint8Array(32));
  const [device, server, recovery] = splitSecret(seed);
  const evmKey = deriveEvmKey(seed);
  const solanaSeed = deriveSolanaSeed(seed);
  try {
    const { evmAddress, solanaAddress } = addressesOf(seed);
    const message = keyRegistrationMessage(session.user.id);
    const evmSignature = await privateKeyToAccount(bytesToHex(evmKey)).signMessage({ message });
    const solanaSignature = base58Encode(ed25519.sign(new TextEncoder().encode(message), solanaSeed));
    // Registered first: a device share for keys the server refused (409) would be useless.
    await ctx.api.post(
      '/keys',
      { evmAddress, solanaAddress, serverShare: encodeShare(server), recoveryShare: encodeShare(recovery), evmSignature, solanaSignature },
      emptyReply,
    );
    await ctx.store.setDeviceShare(session.user.id, device);
    session.user = { ...session.user, evmAddress, solanaAddress };
  } finally {
    wipe(seed, device, server, recovery, evmKey, solanaSeed);
  }
}

/**
 * Stores this device's share, computed from the server's and the given recovery share once the
 * seed they rebuild gives the user's addresses; wipes everything, the recovery share included.
 */
export async function storeDeviceShareFrom(ctx: FrameContext, session: Session, recovery: Uint8Array): Promise<void> {
  let server: Uint8Array | undefined;
  let seed: Uint8Array | undefined;
  let device: Uint8Array | undefined;
  try {
    server = decodeShare((await ctx.api.get('/keys/server-share', shareReply)).share, SERVER_SHARE_X);
    seed = combineShares(server, recovery);
    checkAddresses(seed, session);
    device = shareAt(server, recovery, DEVICE_SHARE_X);
    await ctx.store.setDeviceShare(session.user.id, device);
  } finally {
    wipe(server, recovery, seed, device);
  }
}

/** The recovery share: from the server, or (409 with field 'passkey') unwrapped by one of the user's passkeys. */
async function recoveryShare(ctx: FrameContext): Promise<Uint8Array> {
  try {
    return decodeShare((await ctx.api.get('/keys/recovery-share', shareReply)).share, RECOVERY_SHARE_X);
  } catch (error) {
    if (!(error instanceof AuthApiError && error.status === 409 && error.field === 'passkey')) throw error;
  }
  const { wrapped } = await ctx.api.get('/keys/recovery-wrapped', recoveryWrappedReply);
  return unwrapWithPasskey(ctx, wrapped);
}

async function recoverDeviceShare(ctx: FrameContext, session: Session): Promise<void> {
  if (!session.deviceVerified) throw new W3Error(FRAME_REPLY_TEXT.noDeviceShare);
  await storeDeviceShareFrom(ctx, session, await recoveryShare(ctx));
}

/** Makes sure the user has keys and this device holds its share (see above). */
export async function ensureKeys(ctx: FrameContext, session: Session): Promise<void> {
  if (!session.user.evmAddress || !session.user.solanaAddress) {
    await createKeys(ctx, session);
    const { user } = await ctx.api.get('/session', userReply);
    session.user = user;
    return;
  }
  const existing = await ctx.store.getDeviceShare(session.user.id);
  if (existing) {
    wipe(existing);
    return;
  }
  await recoverDeviceShare(ctx, session);
}

/** A login's reply: the session kept (token stored), then the keys as above. */
export async function startSession(ctx: FrameContext, reply: z.infer<typeof sessionReply>): Promise<void> {
  await ensureKeys(ctx, await adoptSession(ctx, reply));
}
