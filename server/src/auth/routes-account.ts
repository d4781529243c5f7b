/**
 * The auth API's routes for a logged-in user under /auth/v1: key registration and the shares,
 * the recovery share's passkey-wrapped copies, key export, e-mail change, the approved devices.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authError } from './auth-error.js';
import {
  emailChangePrimaryBody,
  emailChangePrimaryReply,
  emailChangeSecondaryBody,
  emailChangeSecondaryReply,
  emailChangeStartBody,
  emailChangeStartReply,
  exportStartBody,
  exportStartReply,
  exportVerifyBody,
  exportVerifyReply,
  keysBody,
  shareReply,
  userReply,
} from '../../../src/wire/auth-api.js';
import { recoveryWrappedReply } from '../../../src/wire/passkey-api.js';
import { devicesReply, removeDeviceBody, removeDeviceReply } from '../../../src/wire/devices-api.js';
import { listDevices, removeDevice } from './devices.js';
import { startEmailChange, startExport, verifyEmailChangePrimary, verifyEmailChangeSecondary, verifyExport } from './challenges.js';
import type { AuthContext } from './context.js';
import { recoveryShare, recoveryWrapped, registerKeys, serverShare } from './keys.js';
import { errors, sessionOf } from './routes.js';
import { publicUser } from './users.js';

export function accountRoutes(ctx: AuthContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/keys', { schema: { body: keysBody, response: { 200: userReply, ...errors } } }, async (request) => {
      const { session, user } = await sessionOf(ctx, request);
      return { user: publicUser(await registerKeys(ctx, user, request.body)), expiresAt: session.expires_at };
    });
    app.get('/keys/server-share', { schema: { response: { 200: shareReply, ...errors } } }, async (request) =>
      serverShare((await sessionOf(ctx, request)).user),
    );
    app.get('/keys/recovery-share', { schema: { response: { 200: shareReply, ...errors } } }, async (request) => {
      const { session, user } = await sessionOf(ctx, request);
      return recoveryShare(ctx, user, session);
    });
    app.get('/keys/recovery-wrapped', { schema: { response: { 200: recoveryWrappedReply, ...errors } } }, async (request) => {
      const { session, user } = await sessionOf(ctx, request);
      return recoveryWrapped(ctx, user, session);
    });

    // The body (the locale its mail speaks) is optional: an empty POST, as before, mails in English.
    app.post('/export/start', { schema: { response: { 200: exportStartReply, ...errors } } }, async (request) => {
      const body = exportStartBody.safeParse(request.body ?? {});
      if (!body.success)
        throw authError(400, 'INVALID_REQUEST', "Invalid body field 'locale': must be a language tag", { field: 'locale' });
      return startExport(ctx, (await sessionOf(ctx, request)).user, request.ip, body.data.locale);
    });
    app.post('/export/verify', { schema: { body: exportVerifyBody, response: { 200: exportVerifyReply, ...errors } } }, async (request) =>
      verifyExport(ctx, (await sessionOf(ctx, request)).user, { ...request.body, ip: request.ip }),
    );

    app.post(
      '/email/change/start',
      { schema: { body: emailChangeStartBody, response: { 200: emailChangeStartReply, ...errors } } },
      async (request) => startEmailChange(ctx, (await sessionOf(ctx, request)).user, request.body.email, request.ip, request.body.locale),
    );
    app.post(
      '/email/change/primary',
      { schema: { body: emailChangePrimaryBody, response: { 200: emailChangePrimaryReply, ...errors } } },
      async (request) => verifyEmailChangePrimary(ctx, (await sessionOf(ctx, request)).user, { ...request.body, ip: request.ip }),
    );
    app.post(
      '/email/change/secondary',
      { schema: { body: emailChangeSecondaryBody, response: { 200: emailChangeSecondaryReply, ...errors } } },
      async (request) => verifyEmailChangeSecondary(ctx, (await sessionOf(ctx, request)).user, { ...request.body, ip: request.ip }),
    );

    app.get('/devices', { schema: { response: { 200: devicesReply, ...errors } } }, async (request) => {
      const { session, user } = await sessionOf(ctx, request);
      return listDevices(ctx, user, session);
    });
    app.post(
      '/devices/remove',
      { schema: { body: removeDeviceBody, response: { 200: removeDeviceReply, ...errors } } },
      async (request) => {
        const { session, user } = await sessionOf(ctx, request);
        return removeDevice(ctx, user, session, request.body.id);
      },
    );
  };
}
