/**
 * The Fastify app of the frame origin (port + 2): the frame site's files and the auth API under
 * /auth/v1. Same-origin only: no CORS headers, preflights refused (403), every auth API request
 * must carry `x-w3kit-frame: 1` (403 otherwise) and bodies must be JSON (415), except the device
 * approval page a mail links to and the Farcaster sandbox's sign-in page. Errors are
 * `{ message, field?, code?, retryAfter?, attemptsLeft? }`.
 */
import { errorReply } from '../http/error-reply.js';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_API_PREFIX, FRAME_HEADER } from '../../../src/wire/auth-api.js';
import { approvePage, APPROVE_PATH } from '../auth/approve-page.js';
import type { AuthContext } from '../auth/context.js';
import type { FarcasterSetup } from '../auth/farcaster/registry.js';
import { farcasterRoutes } from '../auth/farcaster/routes.js';
import { farcasterSandboxPage } from '../auth/farcaster/sandbox-page.js';
import { FARCASTER_SANDBOX_PATH } from '../auth/farcaster/sandbox-registry.js';
import { passkeyRoutes } from '../auth/passkeys/routes.js';
import { accountRoutes } from '../auth/routes-account.js';
import { loginRoutes } from '../auth/routes.js';
import { SOCIAL_CALLBACK_PATH, type SocialContext } from '../auth/social/flow.js';
import { socialRoutes } from '../auth/social/routes.js';
import { authRepositoriesPlugin } from '../auth-repositories.js';
import { DISK_FULL_CODE, diskKey, noteDiskFull } from '../db/disk-full.js';
import { hostGuard, listenAddress } from '../allowed-hosts.js';
import { HttpError } from '../errors.js';
import { clientErrorHandler, frameworkErrors } from '../framework-errors.js';
import { serializerCompiler, validatorCompiler } from '../http/validation.js';
import { createRateLimiter, type CounterFactory, type RateLimitOptions } from '../rate-limit.js';
import { fastifyTrustProxy, type TrustProxy } from '../trust-proxy.js';
import { frameSiteRoutes } from './static.js';
import { loggerOption } from '../redact.js';

export const FRAME_BODY_LIMIT = 16 * 1024;
export const FRAME_HEADER_REQUIRED = `Forbidden: the auth API answers the secure frame only (${FRAME_HEADER}: 1)`;

export interface BuildFrameAppOptions {
  auth: AuthContext;
  /** Social login (OpenID Connect / OAuth 2); without it the social routes are not served. */
  social?: SocialContext;
  frameSiteDir: string;
  rateLimit?: RateLimitOptions;
  log?: boolean;
  trustProxy?: TrustProxy | boolean;
  /** Farcaster login (the development sandbox only, so far); without it Farcaster start answers 404. */
  farcaster?: FarcasterSetup;
  /** Host names served besides the listen host and loopback (allowed-hosts.ts): the public URLs' hosts and `--allowed-hosts`. */
  allowedHosts?: readonly string[];
  /** Where the per-IP limit counts (with `--redis`, shared by every instance); default this process. */
  rateLimitCounters?: CounterFactory;
}

export function buildFrameApp({
  auth,
  social,
  frameSiteDir,
  rateLimit,
  log = false,
  trustProxy = false,
  farcaster,
  allowedHosts = [],
  rateLimitCounters,
}: BuildFrameAppOptions): FastifyInstance {
  const app = Fastify({
    // Request lines are logged without their query values: the approval link's token must not reach the log.
    logger: loggerOption(log),
    trustProxy: fastifyTrustProxy(trustProxy),
    bodyLimit: FRAME_BODY_LIMIT,
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeContentTypeParser('text/plain');
  const limiter = createRateLimiter(rateLimit, Date.now, rateLimitCounters, 'frame');
  app.addHook('onClose', async () => limiter.close());
  app.addHook('onRequest', hostGuard({ listenHost: listenAddress(app), allowed: allowedHosts }));
  app.addHook('onRequest', limiter.hook);
  app.register(authRepositoriesPlugin, { repositories: auth });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    if (request.method === 'OPTIONS') throw new HttpError(403, 'Forbidden: cross-origin requests are not served here');
    // By the matched route, not the raw URL, so no encoding of the path slips past the check.
    const route = request.routeOptions.url;
    const page = route === APPROVE_PATH || route === FARCASTER_SANDBOX_PATH || route === SOCIAL_CALLBACK_PATH;
    if (route === undefined || !route.startsWith(`${AUTH_API_PREFIX}/`) || page) return;
    reply.header('cache-control', 'no-store');
    if (request.headers[FRAME_HEADER] !== '1') throw new HttpError(403, FRAME_HEADER_REQUIRED);
  });

  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    // The auth API's replies carry the refusal's code (src/wire/auth-api.ts) beside the message.
    if (err instanceof HttpError) return reply.headers(err.headers).code(err.statusCode).send(err.body());
    const { status, message, field, code } = errorReply(err, FRAME_BODY_LIMIT, 'application/json');
    if (code === DISK_FULL_CODE) noteDiskFull(diskKey(auth.storage), err);
    if (status >= 500) request.log.error(err);
    return reply.code(status).send({ message, ...(field === undefined ? {} : { field }), ...(code === undefined ? {} : { code }) });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Not found: no ${request.method} route at this path` }));

  frameSiteRoutes(app, auth, frameSiteDir);
  app.register(async (scope) => approvePage(scope, auth));
  app.register(loginRoutes(auth), { prefix: AUTH_API_PREFIX });
  app.register(accountRoutes(auth), { prefix: AUTH_API_PREFIX });
  app.register(passkeyRoutes(auth), { prefix: AUTH_API_PREFIX });
  app.register(farcasterRoutes(auth, farcaster), { prefix: AUTH_API_PREFIX });
  if (farcaster?.sandbox) app.register(async (scope) => farcasterSandboxPage(scope, auth));
  if (social) app.register(socialRoutes(social), { prefix: AUTH_API_PREFIX });
  return app;
}
