/**
 * Social login in the frame (src/wire/social-api.ts): the provider's authorization URL for the
 * host's popup (the login's id stays here, never in a reply), and, after the popup's success
 * message, the session. The backend sends the popup's result to the parent origin the handshake
 * pinned, which the frame names at the start.
 */
import { W3Error } from '../../../core/errors/base.js';
import { sessionReply } from '../../../wire/auth-api.js';
import { socialStartReply } from '../../../wire/social-api.js';
import { FRAME_POLL_MS } from '../../constants.js';
import { AuthApiError } from '../api-client.js';
import { startSession } from '../keys-setup.js';
import { FRAME_REPLY_TEXT } from '../texts.js';
import type { Handlers } from './types.js';

/** How often ConnectSocial asks again while the callback has not run yet (409). */
export const SOCIAL_FINISH_TRIES = 3;

export const socialHandlers: Handlers<'GetSocialRedirectUri' | 'ConnectSocial'> = {
  async GetSocialRedirectUri({ provider }, ctx) {
    const origin = ctx.state.parentOrigin;
    if (!origin) throw new W3Error(FRAME_REPLY_TEXT.noParentOrigin);
    ctx.state.socialId = undefined;
    const body = { projectId: ctx.state.projectId, provider, deviceId: await ctx.store.deviceId(), origin };
    const { socialId, uri } = await ctx.api.post('/social/start', body, socialStartReply);
    if (!/^https?:\/\//.test(uri)) throw new W3Error(`The server's authorization URL is not http(s): ${uri.slice(0, 64)}`);
    ctx.state.socialId = socialId;
    return { uri };
  },

  async ConnectSocial({ completion }, ctx) {
    const socialId = ctx.state.socialId;
    if (!socialId) throw new W3Error(FRAME_REPLY_TEXT.noSocialLogin);
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await ctx.api.post(
          '/social/finish',
          completion === undefined ? { socialId } : { socialId, completion },
          sessionReply,
        );
        if (ctx.state.socialId === socialId) ctx.state.socialId = undefined;
        await startSession(ctx, reply);
        return {};
      } catch (error) {
        const pending = error instanceof AuthApiError && error.status === 409;
        if (!pending || attempt >= SOCIAL_FINISH_TRIES) {
          // A failed, used or unknown login cannot be finished again: a retry starts a new one.
          if (error instanceof AuthApiError && error.status !== 409 && ctx.state.socialId === socialId) ctx.state.socialId = undefined;
          throw error;
        }
      }
      await ctx.clock.sleep(FRAME_POLL_MS);
    }
  },
};
