/**
 * The Farcaster login routes under /auth/v1 (see the lower half of src/wire/social-api.ts):
 * start a channel, its status, finish once approved (the signed message checked, the user found
 * or created by fid, a verified-device session opened). Without Farcaster configured (only the
 * development sandbox exists here) start answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionReply } from '../../../../src/wire/auth-api.js';
import {
  farcasterFinishBody,
  farcasterStartBody,
  farcasterStartReply,
  farcasterStatusQuery,
  farcasterStatusReply,
} from '../../../../src/wire/social-api.js';
import { HttpError } from '../../errors.js';
import type { AuthContext } from '../context.js';
import { userForIdentity } from '../identities.js';
import { errors } from '../routes.js';
import { createSession, publicUser } from '../users.js';
import { channelById, channelState, openChannel, takeApprovedChannel, UNKNOWN_CHANNEL } from './channels.js';
import { verifySignIn } from './message.js';
import type { FarcasterSetup } from './registry.js';

export const FARCASTER_NOT_CONFIGURED = 'Farcaster login is not configured on this server';

export function farcasterRoutes(ctx: AuthContext, farcaster: FarcasterSetup | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/farcaster/start',
      { schema: { body: farcasterStartBody, response: { 200: farcasterStartReply, ...errors } } },
      async (request) => {
        if (!farcaster) throw new HttpError(404, FARCASTER_NOT_CONFIGURED);
        const { projectId, deviceId } = request.body;
        if (!(await ctx.projects.get(projectId))) throw new HttpError(404, `Unknown project '${projectId}'`, 'projectId');
        await ctx.limitStart(request.ip);
        const channel = await openChannel(ctx.farcasterChannels, { deviceId, ip: request.ip, now: ctx.now() });
        return { channelId: channel.id, url: farcaster.channelUrl(ctx.frameOrigin(), channel.token), expiresAt: channel.expiresAt };
      },
    );

    app.get(
      '/farcaster/status',
      { schema: { querystring: farcasterStatusQuery, response: { 200: farcasterStatusReply, ...errors } } },
      async (request) => {
        const row = await channelById(ctx.farcasterChannels, request.query.channelId);
        if (!row) throw new HttpError(404, UNKNOWN_CHANNEL, 'channelId');
        return { state: channelState(row, ctx.now()) };
      },
    );

    app.post(
      '/farcaster/finish',
      { schema: { body: farcasterFinishBody, response: { 200: sessionReply, ...errors } } },
      async (request) => {
        if (!farcaster) throw new HttpError(404, FARCASTER_NOT_CONFIGURED);
        await ctx.limitVerify(request.ip);
        const now = ctx.now();
        const channel = await takeApprovedChannel(ctx.farcasterChannels, request.body.channelId, now);
        const { fid, userName } = await verifySignIn(farcaster.registry, {
          message: channel.message,
          signature: channel.signature,
          nonce: channel.nonce,
          fid: channel.fid,
          frameOrigin: ctx.frameOrigin(),
          now,
        });
        const user = await userForIdentity(ctx, { provider: 'farcaster', subject: String(fid), userName }, now);
        const session = await createSession(ctx, {
          userId: user.id,
          deviceHash: channel.device_hash,
          deviceVerified: true,
          now,
          ttlMs: ctx.sessionTtlMs,
          socialProvider: 'farcaster',
          userName,
        });
        return {
          token: session.token,
          expiresAt: session.expiresAt,
          user: publicUser(user, { social_provider: 'farcaster', user_name: userName ?? null }),
          deviceVerified: true,
        };
      },
    );
  };
}
