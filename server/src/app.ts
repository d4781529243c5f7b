/**
 * The Fastify app of the Provider API and the Blockchain API: the repositories, hooks (rate
 * limit, then access and CORS), the route groups as plugins whose zod schemas validate
 * requests and replies, and one error handler giving every failure as `{ message, field? }`.
 */
import { errorReply } from './http/error-reply.js';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnalyticsRetention } from './analytics-retention.js';
import { sqliteStorage, type Storage } from './storage/engine.js';
import { featureRepositories } from './feature-repositories.js';
import { DISK_FULL_CODE, diskKey, noteDiskFull } from './db/disk-full.js';
import { access } from './access.js';
import { hostGuard, hostsOfUrls, listenAddress } from './allowed-hosts.js';
import { HttpError } from './errors.js';
import { clientErrorHandler, frameworkErrors, MAX_PARAM_LENGTH } from './framework-errors.js';
import { serverUrl } from './server-url.js';
import { serializerCompiler, validatorCompiler } from './http/validation.js';
import { openApi } from './openapi.js';
import { createRateLimiter, type CounterFactory, type RateLimitOptions } from './rate-limit.js';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy.js';
import { repositories, type BlockchainOptions } from './repositories.js';
import { analyticsRoutes, ANALYTICS_BODY_LIMIT } from './routes/analytics.js';
import { blockchainRoutes } from './routes/blockchain.js';
import { bundlerRoutes } from './routes/bundler.js';
import { paymasterRoutes } from './routes/paymaster.js';
import { sessionRoutes } from './routes/sessions.js';
import { aaService, type AaService } from './aa/service.js';
import { utxoReadRoutes } from './routes/utxo-reads.js';
import { convertRoutes } from './routes/convert.js';
import { healthRoutes } from './routes/health.js';
import { readyRoutes } from './routes/ready.js';
import { readinessChecks, type ReadinessCheck } from './ops/readiness.js';
import type { ServerMetrics } from './ops/metrics.js';
import { metricsRoutes } from './routes/metrics.js';
import { imageRoutes } from './routes/images.js';
import { profileRoutes } from './routes/profiles.js';
import { projectRoutes } from './routes/project.js';
import { walletRoutes } from './routes/wallets.js';
import { siwxRoutes, type SiwxRouteOptions } from './siwx/routes.js';
import { signInRepositories } from './sign-in-repositories.js';
import { nameRoutes, type NameRouteOptions } from './names/routes.js';
import { onrampRoutes, type OnrampRouteOptions } from './routes/onramp.js';
import { loggerOption } from './redact.js';

export interface BuildAppOptions {
  /** The SQLite handle to serve from (its storage seam); or give `storage`. */
  db?: NonNullable<Storage['sqlite']>;
  /** The storage seam every feature's repositories use (SQLite or Postgres); default the one over `db`. */
  storage?: Storage;
  rateLimit?: RateLimitOptions;
  /** Log requests (pino, JSON lines on stdout). Default false. */
  log?: boolean;
  /**
   * Take the client IP from X-Forwarded-For behind reverse proxies: a number of hops (`true`:
   * one, the right-most entry) or the proxies' addresses and CIDR ranges. Default false.
   */
  trustProxy?: TrustProxy | boolean;
  /**
   * The origin (and path prefix) clients reach the server at, for the absolute URLs in replies
   * (icons); never taken from Host or X-Forwarded-* headers. Default: the listening address.
   */
  publicUrl?: string | (() => string);
  /** The Blockchain API's EVM indexer and price source. */
  blockchain?: BlockchainOptions;
  /** How long analytics events are kept and how many per project (DEFAULT_ANALYTICS_RETENTION). */
  analyticsRetention?: Partial<AnalyticsRetention>;
  /** The sign-in routes' per-address limits (DEFAULT_SIWX_LIMITS). */
  siwx?: Pick<SiwxRouteOptions, 'limits'>;
  /** The name registry: its zone (`--name-zone`, default w3kit.id) and limits. */
  names?: NameRouteOptions;
  /** The sandbox on-ramp: its payout key (default Hardhat's dev account 19, local chains only) and limits. */
  onramp?: OnrampRouteOptions;
  /**
   * Host names served besides the listen host, loopback and `publicUrl`'s host (allowed-hosts.ts):
   * `--allowed-hosts` and the other servers' public URL hosts; `*` serves any Host. Others get 421.
   */
  allowedHosts?: readonly string[];
  /** What GET /ready checks; default readinessChecks(storage) (the database). */
  readiness?: readonly ReadinessCheck[];
  /** Where requests are counted; with `metricsToken` too, GET /metrics serves them (Bearer token). */
  metrics?: ServerMetrics;
  metricsToken?: string;
  /** Where the per-IP limits count (the whole API's and the SIWX, name and on-ramp routes'; with `--redis`, one window shared by every instance); default this process. */
  rateLimitCounters?: CounterFactory;
  /** The bundler and paymaster routes' services (default: none configured). */
  aa?: AaService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The base of absolute URLs in replies (no trailing slash), from configuration. */
    publicUrl(): string;
  }
}

export function buildApp({
  db,
  storage: given,
  rateLimit,
  log = false,
  trustProxy = false,
  publicUrl,
  blockchain,
  analyticsRetention,
  siwx,
  names,
  onramp,
  allowedHosts = [],
  readiness,
  metrics,
  metricsToken,
  rateLimitCounters,
  aa = aaService(undefined),
}: BuildAppOptions): FastifyInstance {
  const storage = given ?? (db ? sqliteStorage(db) : undefined);
  if (!storage) throw new TypeError('buildApp needs a storage (or a SQLite handle as db)');
  const app = Fastify({
    // Request lines are logged without their query values (tokens, codes).
    logger: loggerOption(log),
    trustProxy: fastifyTrustProxy(trustProxy),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const limiter = createRateLimiter(rateLimit, Date.now, rateLimitCounters, 'http');
  app.addHook('onClose', async () => limiter.close());

  app.decorate('publicUrl', () => {
    if (typeof publicUrl === 'function') return publicUrl();
    if (publicUrl !== undefined) return publicUrl;
    const address = app.server.address();
    return typeof address === 'object' && address ? serverUrl(address.address, address.port) : serverUrl('127.0.0.1', 0);
  });
  const allowed = [...allowedHosts, ...hostsOfUrls([typeof publicUrl === 'string' ? publicUrl : undefined])];
  metrics?.observeHttp(app, 'api');
  app.addHook('onRequest', hostGuard({ listenHost: listenAddress(app), allowed }));
  app.addHook('onRequest', limiter.hook);
  app.register(repositories, { storage, blockchain });
  app.register(featureRepositories, { storage, analyticsRetention });
  app.register(signInRepositories, { storage });
  app.register(access);
  app.register(openApi);

  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .headers(err.headers)
        .code(err.statusCode)
        .send(err.field === undefined ? { message: err.message } : { message: err.message, field: err.field });
    }
    const { status, message, field, code } = errorReply(err, ANALYTICS_BODY_LIMIT, 'application/json or text/plain');
    if (code === DISK_FULL_CODE) noteDiskFull(diskKey(storage), err);
    if (status >= 500) request.log.error(err);
    return reply.code(status).send({ message, ...(field === undefined ? {} : { field }), ...(code === undefined ? {} : { code }) });
  });
  app.setNotFoundHandler((request, reply) => {
    // The path is not repeated: a reply never echoes the URL.
    return reply.code(404).send({ message: `Not found: no ${request.method} route at this path` });
  });

  app.register(healthRoutes);
  app.register(readyRoutes, { checks: readiness ?? readinessChecks(storage) });
  if (metrics && metricsToken) app.register(metricsRoutes, { metrics, token: metricsToken });
  app.register(projectRoutes);
  app.register(walletRoutes);
  app.register(analyticsRoutes);
  app.register(imageRoutes);
  app.register(blockchainRoutes);
  app.register(utxoReadRoutes);
  app.register(profileRoutes);
  app.register(siwxRoutes, { ...siwx, counters: rateLimitCounters });
  app.register(convertRoutes);
  app.register(nameRoutes, { ...names, counters: rateLimitCounters });
  app.register(onrampRoutes, { ...onramp, counters: rateLimitCounters });
  app.register(bundlerRoutes, { aa });
  app.register(paymasterRoutes, { aa });
  app.register(sessionRoutes, { aa });
  return app;
}
