/**
 * E-mail login in the frame (spec 4): start (CONNECT when a live session for the address
 * exists, else the server's VERIFY_DEVICE or VERIFY_OTP), resend, wait for the device-approval
 * link, and the one-time code, which creates the session and, at first login, the keys.
 */
import { W3Error } from '../../../core/errors/base.js';
import { deviceStatusReply, emailStartReply, emptyReply, sessionReply, userReply } from '../../../wire/auth-api.js';
import { normalizeEmailAddress } from '../../../wire/email-address.js';
import { FRAME_POLL_MS } from '../../constants.js';
import { SessionExpiredError } from '../api-client.js';
import type { FrameContext } from '../context.js';
import { startSession } from '../keys-setup.js';
import { forgetSession } from '../session.js';
import { FRAME_REPLY_TEXT } from '../texts.js';
import type { Handlers } from './types.js';

/** How long ConnectDevice waits for the approval link (below the host's 120 s request timeout). */
export const DEVICE_APPROVAL_WAIT_MS = 115_000;

function pendingLogin(ctx: FrameContext): { loginId: string; email: string } {
  if (!ctx.state.login) throw new W3Error(FRAME_REPLY_TEXT.noLogin);
  return ctx.state.login;
}

async function hasLiveSessionFor(ctx: FrameContext, email: string): Promise<boolean> {
  if (!ctx.api.hasToken()) return false;
  try {
    const { user } = await ctx.api.get('/session', userReply);
    if (!user.email || user.email !== normalizeEmailAddress(email) || !user.evmAddress) return false;
    const share = await ctx.store.getDeviceShare(user.id);
    if (!share) return false;
    share.fill(0);
    ctx.state.session = { user, deviceVerified: ctx.state.session?.deviceVerified ?? false };
    return true;
  } catch (error) {
    if (error instanceof SessionExpiredError) await forgetSession(ctx);
    else throw error;
    return false;
  }
}

export const loginHandlers: Handlers<'ConnectEmail' | 'ResendEmail' | 'ConnectDevice' | 'ConnectOtp'> = {
  async ConnectEmail({ email }, ctx) {
    if (await hasLiveSessionFor(ctx, email)) return { action: 'CONNECT' };
    const { projectId, parentOrigin } = ctx.state;
    // The page's origin (checked in the handshake) is named in the device-approval mail.
    // The modal's locale: the mails and the approval page speak it (English when the backend does not).
    const locale = ctx.state.dapp?.locale;
    const body = {
      projectId,
      email,
      deviceId: await ctx.store.deviceId(),
      ...(parentOrigin ? { site: parentOrigin } : {}),
      ...(locale && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,2}$/.test(locale) ? { locale } : {}),
    };
    const reply = await ctx.api.post('/email/start', body, emailStartReply);
    ctx.state.login = { loginId: reply.loginId, email };
    return { action: reply.action };
  },

  async ResendEmail(_payload, ctx) {
    await ctx.api.post('/email/resend', { loginId: pendingLogin(ctx).loginId }, emptyReply);
    return {};
  },

  async ConnectDevice(_payload, ctx) {
    const { loginId } = pendingLogin(ctx);
    const deadline = ctx.clock.now() + DEVICE_APPROVAL_WAIT_MS;
    for (;;) {
      const { approved } = await ctx.api.get('/device/status', deviceStatusReply, { loginId });
      if (approved) return {};
      if (ctx.clock.now() + FRAME_POLL_MS > deadline) throw new W3Error(FRAME_REPLY_TEXT.deviceTimeout);
      await ctx.clock.sleep(FRAME_POLL_MS);
      // Another ConnectEmail started meanwhile: this wait is over; the newer login goes on.
      if (ctx.state.login?.loginId !== loginId) throw new W3Error(FRAME_REPLY_TEXT.loginReplaced);
    }
  },

  async ConnectOtp({ otp }, ctx) {
    const { loginId } = pendingLogin(ctx);
    const reply = await ctx.api.post('/email/verify', { loginId, otp }, sessionReply);
    ctx.state.login = undefined;
    await startSession(ctx, reply);
    return {};
  },
};
