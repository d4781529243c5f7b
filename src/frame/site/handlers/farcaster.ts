/**
 * Farcaster sign-in in the frame (src/wire/social-api.ts): a channel whose sign-in link the host
 * shows as a QR code and a link (the channel id stays here), then polling its status every
 * FRAME_POLL_MS for at most FARCASTER_WAIT_MS, and, once approved, the session.
 */
import { W3Error } from '../../../core/errors/base.js';
import { sessionReply } from '../../../wire/auth-api.js';
import { farcasterStartReply, farcasterStatusReply } from '../../../wire/social-api.js';
import { FARCASTER_WAIT_MS, FRAME_POLL_MS } from '../../constants.js';
import { AuthApiError } from '../api-client.js';
import type { FrameContext } from '../context.js';
import { startSession } from '../keys-setup.js';
import { FRAME_REPLY_TEXT } from '../texts.js';
import type { Handlers } from './types.js';

function expired(ctx: FrameContext, channelId: string): W3Error {
  if (ctx.state.farcasterChannelId === channelId) ctx.state.farcasterChannelId = undefined;
  return new W3Error(FRAME_REPLY_TEXT.farcasterExpired, { code: 410 });
}

export const farcasterHandlers: Handlers<'GetFarcasterUri' | 'ConnectFarcaster'> = {
  async GetFarcasterUri(_payload, ctx) {
    ctx.state.farcasterChannelId = undefined;
    const body = { projectId: ctx.state.projectId, deviceId: await ctx.store.deviceId() };
    const { channelId, url, expiresAt } = await ctx.api.post('/farcaster/start', body, farcasterStartReply);
    if (!/^https?:\/\//.test(url)) throw new W3Error(`The server's Farcaster link is not http(s): ${url.slice(0, 64)}`);
    ctx.state.farcasterChannelId = channelId;
    return { url, expiresAt };
  },

  async ConnectFarcaster(_payload, ctx) {
    const channelId = ctx.state.farcasterChannelId;
    if (!channelId) throw new W3Error(FRAME_REPLY_TEXT.noFarcasterLogin);
    const deadline = ctx.clock.now() + FARCASTER_WAIT_MS;
    for (;;) {
      const { state } = await ctx.api.get('/farcaster/status', farcasterStatusReply, { channelId });
      if (state === 'expired') throw expired(ctx, channelId);
      if (state === 'approved') break;
      // 408: not approved within this wait; the host asks again while the link lives.
      if (ctx.clock.now() + FRAME_POLL_MS > deadline) throw new W3Error(FRAME_REPLY_TEXT.farcasterTimeout, { code: 408 });
      await ctx.clock.sleep(FRAME_POLL_MS);
      // A newer GetFarcasterUri replaced this channel: this wait is over.
      if (ctx.state.farcasterChannelId !== channelId) throw new W3Error(FRAME_REPLY_TEXT.noFarcasterLogin);
    }
    const reply = await ctx.api.post('/farcaster/finish', { channelId }, sessionReply).catch((error: unknown) => {
      throw error instanceof AuthApiError && error.status === 410 ? expired(ctx, channelId) : error;
    });
    if (ctx.state.farcasterChannelId === channelId) ctx.state.farcasterChannelId = undefined;
    await startSession(ctx, reply);
    return {};
  },
};
