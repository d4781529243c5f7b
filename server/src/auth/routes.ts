/**
 * The auth API's login and session routes under /auth/v1 (see src/wire/auth-api.ts): the
 * project's origins, e-mail start, resend, device status, code check, session, sign out.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authErrorReply,
  deviceStatusQuery,
  deviceStatusReply,
  emailStartBody,
  emailStartReply,
  emailVerifyBody,
  emptyReply,
  loginBody,
  originsQuery,
  originsReply,
  sessionReply,
  userReply,
} from '../../../src/wire/auth-api.js';
import { isOriginAllowed } from '../../../src/wire/origins.js';
import { authError } from './auth-error.js';
import type { AuthContext } from './context.js';
import { touchDevice } from './devices.js';
import { deviceStatus, resendLogin, startLogin, verifyLogin } from './logins.js';
import { deleteSession, liveSession, publicUser, SESSION_EXPIRED } from './users.js';

export const errors = { '4xx': authErrorReply, '5xx': authErrorReply } as const;

/** The bearer token of a request, if any. */
export function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{32,128})$/.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The request's live session and user; 401 'Session Expired' otherwise. */
export function sessionOf(ctx: AuthContext, request: FastifyRequest) {
  return liveSession(ctx, bearer(request), ctx.now());
}

/** The host of the page's origin for the approval mail: one of the project's allowed origins, else refused. */
function siteOf(origin: string | undefined, allowed: readonly string[]): string | undefined {
  if (origin === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  if (!url || url.origin !== origin || !isOriginAllowed(origin, allowed)) {
    throw authError(400, 'INVALID_REQUEST', "Invalid body field 'site': must be one of the project's allowed origins", { field: 'site' });
  }
  return url.host;
}

export function loginRoutes(ctx: AuthContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/origins', { schema: { querystring: originsQuery, response: { 200: originsReply, ...errors } } }, async (request) => {
      const project = await ctx.projects.get(request.query.projectId);
      if (!project) throw authError(404, 'UNKNOWN_PROJECT', `Unknown project '${request.query.projectId}'`, { field: 'projectId' });
      return { allowedOrigins: project.allowedOrigins };
    });

    app.post('/email/start', { schema: { body: emailStartBody, response: { 200: emailStartReply, ...errors } } }, async (request) => {
      const { projectId, email, deviceId, site, locale } = request.body;
      const project = await ctx.projects.get(projectId);
      if (!project) throw authError(404, 'UNKNOWN_PROJECT', `Unknown project '${projectId}'`, { field: 'projectId' });
      return startLogin(ctx, {
        email,
        deviceId,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        site: siteOf(site, project.allowedOrigins),
        locale,
      });
    });

    app.post('/email/resend', { schema: { body: loginBody, response: { 200: emptyReply, ...errors } } }, async (request) => {
      await resendLogin(ctx, request.body.loginId, request.ip);
      return {};
    });

    app.get(
      '/device/status',
      { schema: { querystring: deviceStatusQuery, response: { 200: deviceStatusReply, ...errors } } },
      async (request) => deviceStatus(ctx, request.query.loginId),
    );

    app.post('/email/verify', { schema: { body: emailVerifyBody, response: { 200: sessionReply, ...errors } } }, async (request) => {
      const session = await verifyLogin(ctx, { ...request.body, ip: request.ip });
      return { token: session.token, expiresAt: session.expiresAt, user: publicUser(session.user), deviceVerified: session.deviceVerified };
    });

    app.get('/session', { schema: { response: { 200: userReply, ...errors } } }, async (request) => {
      const { session, user } = await sessionOf(ctx, request);
      await touchDevice(ctx, user, session);
      return { user: publicUser(user, session), expiresAt: session.expires_at };
    });

    app.post('/signout', { schema: { response: { 200: emptyReply, ...errors } } }, async (request) => {
      const token = bearer(request);
      if (token === undefined) throw authError(401, 'SESSION_EXPIRED', SESSION_EXPIRED);
      await deleteSession(ctx, token);
      return {};
    });
  };
}
