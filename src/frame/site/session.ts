/**
 * The session and the seed: the logged-in user (restored from the stored token after a reload),
 * forgetting it, and rebuilding the master seed from the device and server shares for exactly
 * one operation, after which it is wiped.
 */
import { W3Error } from '../../core/errors/base.js';
import type * as z from 'zod/mini';
import { shareReply, userReply, type sessionReply } from '../../wire/auth-api.js';
import { wipe } from '../keys/bytes.js';
import { addressesOf } from '../keys/derive.js';
import { combineShares, decodeShare, SERVER_SHARE_X } from '../keys/shamir.js';
import type { FrameContext, Session } from './context.js';
import { FRAME_REPLY_TEXT } from './texts.js';

/** The session's user, from memory or (after a reload) from the server; throws when there is none. */
export async function requireSession(ctx: FrameContext): Promise<Session> {
  if (ctx.state.session) return ctx.state.session;
  if (!ctx.api.hasToken()) throw new W3Error(FRAME_REPLY_TEXT.notConnected, { code: 4100 });
  const { user } = await ctx.api.get('/session', userReply);
  ctx.state.session = { user, deviceVerified: false };
  return ctx.state.session;
}

/** Forgets the session in the frame (the device share stays). */
export async function forgetSession(ctx: FrameContext): Promise<void> {
  ctx.state.session = undefined;
  ctx.api.setToken(undefined);
  await ctx.store.setToken(undefined);
}

/** Throws unless the seed's addresses are the user's. */
export function checkAddresses(seed: Uint8Array, session: Session): void {
  const { evmAddress, solanaAddress } = addressesOf(seed);
  if (evmAddress.toLowerCase() !== session.user.evmAddress?.toLowerCase() || solanaAddress !== session.user.solanaAddress) {
    throw new W3Error(FRAME_REPLY_TEXT.keysMismatch);
  }
}

/** A login's reply (code, social, Farcaster, passkey): the token is kept and the session set. */
export async function adoptSession(ctx: FrameContext, reply: z.infer<typeof sessionReply>): Promise<Session> {
  ctx.api.setToken(reply.token);
  await ctx.store.setToken(reply.token);
  const session = { user: reply.user, deviceVerified: reply.deviceVerified };
  ctx.state.session = session;
  return session;
}

/**
 * Runs `fn` with this device's share and the server's, checked (the seed they rebuild gives the
 * user's addresses), and wipes the seed and both shares afterwards, whatever happens.
 */
export async function withShares<T>(
  ctx: FrameContext,
  fn: (shares: { device: Uint8Array; server: Uint8Array; seed: Uint8Array }, session: Session) => Promise<T> | T,
): Promise<T> {
  const session = await requireSession(ctx);
  const device = await ctx.store.getDeviceShare(session.user.id);
  if (!device) throw new W3Error(FRAME_REPLY_TEXT.noDeviceShare);
  let server: Uint8Array | undefined;
  let seed: Uint8Array | undefined;
  try {
    server = decodeShare((await ctx.api.get('/keys/server-share', shareReply)).share, SERVER_SHARE_X);
    seed = combineShares(device, server);
    checkAddresses(seed, session);
    return await fn({ device, server, seed }, session);
  } finally {
    wipe(device, server, seed);
  }
}

/** Runs `fn` with the master seed rebuilt from this device's share and the server's (see withShares). */
export function withSeed<T>(ctx: FrameContext, fn: (seed: Uint8Array, session: Session) => Promise<T> | T): Promise<T> {
  return withShares(ctx, ({ seed }, session) => fn(seed, session));
}
