/**
 * The sign-in-with-X routes (issue 17), as the header of src/wire/siwx-api.ts describes them:
 * GET /v1/siwx/nonce, POST /v1/siwx/verify, GET /v1/siwx/session, GET /v1/siwx/sessions and
 * POST /v1/siwx/revoke, for pages of the project's allowed origins, on the chains the project
 * takes sign-in on (./chains.ts). Every limit counts per
 * client address (an IPv6 /64, src/client-key.ts) or per account, never per project, so one
 * actor cannot lock a project's other users out (issue 29): nonce and verify requests per
 * address and minute, unused nonces per address, sessions per account (past it the oldest are
 * deleted). Lapsed rows go on a periodic sweep. The session routes take `Authorization: Bearer
 * <token>` (allowed in their CORS preflights).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NONCE_TTL_MS,
  siwxNonceReply,
  siwxOneSessionReply,
  siwxRevokeReply,
  siwxSessionsReply,
  siwxVerifyBody,
  siwxVerifyReply,
} from '../../../src/wire/siwx-api.js';
import { clientKey } from '../client-key.js';
import { HttpError } from '../errors.js';
import { ipLimiter, type CounterFactory } from '../rate-limit.js';
import { errorReplies, projectQuerySchema } from '../routes/schemas.js';
import { checkChainAccepted } from './chains.js';
import { checkDomainAndUri, checkTimes, parseSiwxMessage } from './message-checks.js';
import { indexerClients } from '../chains/eip155/clients.js';
import type { ChainClients } from '../chains/types.js';
import { signatureValid } from './signatures.js';
import type { SiwxRepository } from '../storage/siwx.js';
import type { StoredSession } from './sessions.js';

export interface SiwxLimits {
  /** Nonce requests per client address per window (default 120). */
  noncesPerIp: number;
  /** Verifies per client address per window (default 120). */
  verifiesPerIp: number;
  /** Default a minute. */
  windowMs: number;
  /** Unused, unexpired nonces (they last NONCE_TTL_MS) one client address holds in a project (default 50). */
  outstandingNoncesPerIp: number;
  /** Sessions kept per account (namespace and address) in a project; a new one past it deletes the oldest (default 20). */
  sessionsPerAccount: number;
}

export const DEFAULT_SIWX_LIMITS: SiwxLimits = {
  noncesPerIp: 120,
  verifiesPerIp: 120,
  windowMs: 60_000,
  outstandingNoncesPerIp: 50,
  sessionsPerAccount: 20,
};
/** The most sessions /v1/siwx/sessions lists. */
export const SIWX_SESSIONS_LISTED = 50;
export const SIWX_SWEEP_INTERVAL_MS = 10 * 60_000;
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;

export interface SiwxRouteOptions {
  now?: () => number;
  limits?: Partial<SiwxLimits>;
  /** The RPC per chain for EIP-1271; default the Blockchain API's `--evm-rpc` node. */
  clients?: ChainClients;
  /** Where the per-address limits count: with `--redis` one window shared by every instance; default this process. */
  counters?: CounterFactory;
}

/** The token of `Authorization: Bearer <token>`: 401 without the header, 400 when it is malformed. */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined) throw new HttpError(401, 'Missing session token: send Authorization: Bearer <token>', 'authorization');
  const match = BEARER.exec(header);
  if (!match) throw new HttpError(400, 'Invalid Authorization header: must be "Bearer " and a 43-character session token', 'authorization');
  return match[1]!;
}

/** The token's session in the request's project; 401 'Unknown session' when there is none. */
async function knownSession(store: SiwxRepository, request: FastifyRequest): Promise<StoredSession> {
  const session = await store.session(request.caller!.project.id, bearerToken(request));
  if (!session) throw new HttpError(401, 'Unknown session');
  return session;
}

async function liveSession(store: SiwxRepository, request: FastifyRequest, now: number): Promise<StoredSession> {
  const session = await knownSession(store, request);
  if (session.revokedAt !== null) throw new HttpError(401, 'Session revoked');
  if (session.expiresAt <= now) throw new HttpError(401, 'Session expired');
  return session;
}

export const siwxRoutes: FastifyPluginAsyncZod<SiwxRouteOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_SIWX_LIMITS, ...options.limits };
  const clients = options.clients ?? indexerClients(app.blockchain.indexer);
  const { chains } = app.blockchain;
  const store = app.siwx;
  const limitNonce = ipLimiter(limits.noncesPerIp, limits.windowMs, now, 'nonce requests', options.counters);
  const limitVerify = ipLimiter(limits.verifiesPerIp, limits.windowMs, now, 'sign-in verifications', options.counters);
  const config = { access: 'allowed-origins' } as const;

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await store.sweep(now());
    // A sweep that fails (the database closing, or busy) is tried again at the next interval.
    sweep = setInterval(() => void store.sweep(now()).catch(() => undefined), SIWX_SWEEP_INTERVAL_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get(
    '/v1/siwx/nonce',
    {
      config,
      schema: {
        summary: 'A fresh sign-in nonce, good once',
        querystring: projectQuerySchema,
        response: { 200: siwxNonceReply, ...errorReplies },
      },
    },
    async (request) => {
      const ipKey = clientKey(request.ip);
      await limitNonce(ipKey);
      const { project } = request.caller!;
      const t = now();
      const row = await store.issueNonceUnder(project.id, ipKey, t, NONCE_TTL_MS, limits.outstandingNoncesPerIp);
      if (!row) {
        const seconds = Math.max(1, Math.ceil(((await store.firstNonceExpiry(project.id, ipKey, t))! - t) / 1000));
        throw new HttpError(
          429,
          `Too many unused nonces from this address: at most ${limits.outstandingNoncesPerIp} in ${NONCE_TTL_MS / 60_000} minutes; please try again after ${seconds} seconds`,
          undefined,
          { 'retry-after': String(seconds) },
        );
      }
      return { nonce: row.nonce, expiresAt: row.expires_at };
    },
  );

  app.post(
    '/v1/siwx/verify',
    {
      config,
      schema: {
        summary: 'Verifies a signed CAIP-122 message and opens a session',
        querystring: projectQuerySchema,
        body: siwxVerifyBody,
        response: { 200: siwxVerifyReply, ...errorReplies },
      },
    },
    async (request) => {
      await limitVerify(clientKey(request.ip));
      const { project } = request.caller!;
      const { message, signature } = request.body;
      const checked = parseSiwxMessage(message, signature, chains);
      const { fields } = checked;
      checkDomainAndUri(fields, project.allowedOrigins);
      await checkChainAccepted(checked.chainId, project.siwxChains, async (chainId) => (await clients(chainId)) !== undefined, chains);
      const t = now();
      const nonce = await store.nonce(project.id, fields.nonce);
      if (!nonce) throw new HttpError(400, 'Unknown nonce', 'nonce');
      if (nonce.used_at !== null) throw new HttpError(409, 'Nonce already used', 'nonce');
      if (nonce.expires_at <= t) throw new HttpError(400, 'Nonce expired', 'nonce');
      const times = checkTimes(fields, nonce.created_at, t);
      // The signature before the nonce is spent: a bad one must not burn the signer's nonce.
      const log = (line: string) => request.log.warn(line);
      if (!(await signatureValid(message, checked, clients, log, chains))) throw new HttpError(401, 'Invalid signature', 'signature');
      const session = {
        projectId: project.id,
        namespace: checked.namespace,
        chainId: checked.chainId,
        address: checked.address,
        domain: fields.domain,
        uri: fields.uri,
        nonce: fields.nonce,
        statement: fields.statement ?? null,
        message,
        signature,
        issuedAt: fields.issuedAt,
        ...times,
      };
      const created = await store.openSession(session, now(), limits.sessionsPerAccount);
      // Spent by another verify, or lapsed, while the signature was checked.
      if (!created) {
        if ((await store.nonce(project.id, fields.nonce))?.used_at === null) throw new HttpError(400, 'Nonce expired', 'nonce');
        throw new HttpError(409, 'Nonce already used', 'nonce');
      }
      return { token: created.token, session: created.session.reply };
    },
  );

  app.get(
    '/v1/siwx/session',
    {
      config,
      schema: {
        summary: "The bearer token's live session",
        querystring: projectQuerySchema,
        response: { 200: siwxOneSessionReply, ...errorReplies },
      },
    },
    async (request) => ({ session: (await liveSession(store, request, now())).reply }),
  );

  app.get(
    '/v1/siwx/sessions',
    {
      config,
      schema: {
        summary: "The live sessions of the bearer token's account, newest first",
        querystring: projectQuerySchema,
        response: { 200: siwxSessionsReply, ...errorReplies },
      },
    },
    async (request) => {
      const t = now();
      const { reply } = await liveSession(store, request, t);
      const sessions = await store.accountSessions(request.caller!.project.id, reply.namespace, reply.address, t, SIWX_SESSIONS_LISTED);
      return { sessions: sessions.map((s) => s.reply) };
    },
  );

  app.post(
    '/v1/siwx/revoke',
    {
      config,
      schema: {
        summary: "Revokes the bearer token's session",
        querystring: projectQuerySchema,
        response: { 200: siwxRevokeReply, ...errorReplies },
      },
    },
    async (request) => {
      await store.revoke((await knownSession(store, request)).reply.id, now());
      return { revoked: true as const };
    },
  );
};
