/**
 * After a code is accepted: a user without keys gets them (a fresh seed, split 2-of-3, the
 * device share kept here, the server and recovery shares registered with proof of both keys);
 * a user with keys on a new, verified device gets this device's share, recomputed from the
 * server and recovery shares; a known device needs nothing.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { W3Error } from '../../core/errors/base.js';
import { emptyReply, keyRegistrationMessage, shareReply, userReply } from '../../wire/auth-api.js';
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
import type { FrameContext, Session } from './context.js';
import { checkAddresses } from './session.js';
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

async function recoverDeviceShare(ctx: FrameContext, session: Session): Promise<void> {
  if (!session.deviceVerified) throw new W3Error(FRAME_REPLY_TEXT.noDeviceShare);
  const server = decodeShare((await ctx.api.get('/keys/server-share', shareReply)).share, SERVER_SHARE_X);
  const recovery = decodeShare((await ctx.api.get('/keys/recovery-share', shareReply)).share, RECOVERY_SHARE_X);
  const seed = combineShares(server, recovery);
  const device = shareAt(server, recovery, DEVICE_SHARE_X);
  try {
    checkAddresses(seed, session);
    await ctx.store.setDeviceShare(session.user.id, device);
  } finally {
    wipe(server, recovery, seed, device);
  }
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
