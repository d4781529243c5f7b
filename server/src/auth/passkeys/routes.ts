/** The passkey routes under /auth/v1 (see src/wire/passkey-api.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyReply } from '../../../../src/wire/auth-api.js';
import {
  passkeyListReply,
  passkeyLoginBody,
  passkeyLoginOptionsBody,
  passkeyLoginOptionsReply,
  passkeyLoginReply,
  passkeyOptionsReply,
  passkeyRegisterBody,
  passkeyRegisterReply,
  passkeyRemoveBody,
} from '../../../../src/wire/passkey-api.js';
import { HttpError } from '../../errors.js';
import type { AuthContext } from '../context.js';
import { errors, sessionOf } from '../routes.js';
import { loginOptions, verifyPasskeyLogin } from './login.js';
import { registrationOptions, verifyRegistration } from './register.js';
import { listPasskeys, removePasskey } from './remove.js';

export function passkeyRoutes(ctx: AuthContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/passkeys/register/options', { schema: { response: { 200: passkeyOptionsReply, ...errors } } }, async (request) => {
      const { session, user } = await sessionOf(ctx, request);
      await ctx.limitStart(request.ip);
      return registrationOptions(ctx, user, session, request.ip);
    });
    app.post(
      '/passkeys/register/verify',
      { schema: { body: passkeyRegisterBody, response: { 200: passkeyRegisterReply, ...errors } } },
      async (request) => {
        const { user } = await sessionOf(ctx, request);
        await ctx.limitVerify(request.ip);
        return verifyRegistration(ctx, user, request.body);
      },
    );
    app.post(
      '/passkeys/login/options',
      { schema: { body: passkeyLoginOptionsBody, response: { 200: passkeyLoginOptionsReply, ...errors } } },
      async (request) => {
        const { projectId } = request.body;
        if (!(await ctx.projects.get(projectId))) throw new HttpError(404, `Unknown project '${projectId}'`, 'projectId');
        await ctx.limitStart(request.ip);
        return loginOptions(ctx, request.ip);
      },
    );
    app.post(
      '/passkeys/login/verify',
      { schema: { body: passkeyLoginBody, response: { 200: passkeyLoginReply, ...errors } } },
      async (request) => {
        await ctx.limitVerify(request.ip);
        return verifyPasskeyLogin(ctx, request.body);
      },
    );
    app.get('/passkeys', { schema: { response: { 200: passkeyListReply, ...errors } } }, async (request) =>
      listPasskeys(ctx, (await sessionOf(ctx, request)).user),
    );
    app.post('/passkeys/remove', { schema: { body: passkeyRemoveBody, response: { 200: emptyReply, ...errors } } }, async (request) => {
      await removePasskey(ctx, (await sessionOf(ctx, request)).user, request.body);
      return {};
    });
  };
}
