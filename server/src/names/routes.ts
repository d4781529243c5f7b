/**
 * The name registry's routes (issue 19, spec section 7): GET /v1/profile/suggestions/{name}
 * (zone) and POST /v1/profile/account (coin_type 60, address, message, signature). A name is
 * `<label>.<zone>` in the zone this backend serves (`--name-zone`, default w3kit.id). Refusals
 * answer `{ message, field?, reasons: [{ description }] }` (the client shows the first reason).
 * Registrations are limited per client IP and per address, suggestions per IP: in this process
 * (a bounded number of keys), or with `--redis` in one window shared by every instance.
 */
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  DEFAULT_NAME_ZONE,
  NAME_ZONE,
  nameErrorReplySchema,
  nameSuggestionsReplySchema,
  registerNameBodySchema,
  registerNameReplySchema,
} from '../../../src/wire/names-api.js';
import { HttpError } from '../errors.js';
import { errorReply } from '../http/error-reply.js';
import { jsonTextBody } from '../http/validation.js';
import { ipLimiter, limitCounter, type CounterFactory } from '../rate-limit.js';
import { projectQueryShape } from '../routes/schemas.js';
import { checkLabel, checkNameMessage, labelInZone } from './message.js';
import { NameConflictError, suggestNames } from './registry.js';
import { namesCapability } from '../chains/index.js';
import type { NameSignatureCheck } from '../chains/eip155/name-signature.js';

export interface NameLimits {
  /** Registration attempts per client IP per window (default 60). */
  registrationsPerIp: number;
  /** Registrations with a well-formed message per address per window (default 10). */
  registrationsPerAddress: number;
  /** Suggestion requests per client IP per window (default 300). */
  suggestionsPerIp: number;
  /** Default a minute. */
  windowMs: number;
}

export const DEFAULT_NAME_LIMITS: NameLimits = {
  registrationsPerIp: 60,
  registrationsPerAddress: 10,
  suggestionsPerIp: 300,
  windowMs: 60_000,
};
/** The largest registration body (a contract account's signature may be long). */
export const NAME_BODY_LIMIT = 32 * 1024;
/** How many addresses the per-address counter tracks at most. */
const MAX_TRACKED_ADDRESSES = 10_000;

export interface NameRouteOptions {
  /** The registry's zone (default w3kit.id). */
  zone?: string;
  limits?: Partial<NameLimits>;
  now?: () => number;
  /** Signature check; default EIP-191, then EIP-1271 over the Blockchain API's EVM node. */
  verify?: NameSignatureCheck;
  /** Where the per-IP and per-address limits count: with `--redis` one window shared by every instance; default this process. */
  counters?: CounterFactory;
}

/** The zone as configured, lower-cased; throws naming `--name-zone` when it is not a domain. */
export function nameZone(zone: string | undefined): string {
  const value = (zone ?? DEFAULT_NAME_ZONE).trim().toLowerCase();
  if (!NAME_ZONE.test(value)) throw new RangeError(`Invalid --name-zone '${zone}': must be a domain such as w3kit.id`);
  return value;
}

const nameErrors = { '4xx': nameErrorReplySchema, '5xx': nameErrorReplySchema } as const;

export const nameRoutes: FastifyPluginAsyncZod<NameRouteOptions> = async (app, options) => {
  const zone = nameZone(options.zone);
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_NAME_LIMITS, ...options.limits };
  const verify = options.verify ?? namesCapability().signatureCheck(app.blockchain.indexer, (line) => app.log.warn(line));
  const limitRegister = ipLimiter(limits.registrationsPerIp, limits.windowMs, now, 'name registrations', options.counters);
  const limitSuggest = ipLimiter(limits.suggestionsPerIp, limits.windowMs, now, 'name suggestion requests', options.counters);
  const perAddress = limitCounter(
    'route:name-registrations-per-address',
    limits.registrationsPerAddress,
    limits.windowMs,
    now,
    options.counters,
    MAX_TRACKED_ADDRESSES,
  );
  const config = { access: 'allowed-origins' } as const;

  // Every refusal of these routes also carries `reasons` (the hosted API's shape).
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    let status: number;
    let message: string;
    let field: string | undefined;
    let code: string | undefined;
    if (err instanceof HttpError) {
      void reply.headers(err.headers);
      ({ statusCode: status, message, field } = err);
    } else {
      ({ status, message, field, code } = errorReply(err, NAME_BODY_LIMIT, 'application/json or text/plain'));
      if (status >= 500) request.log.error(err);
    }
    return reply.code(status).send({
      message,
      ...(field === undefined ? {} : { field }),
      reasons: [{ description: message }],
      ...(code === undefined ? {} : { code }),
    });
  });

  app.get(
    '/v1/profile/suggestions/:name',
    {
      config,
      schema: {
        summary: 'Free names like the one asked (the name itself first, `registered` when taken)',
        params: z.object({ name: z.string().max(255) }),
        querystring: z.object({ ...projectQueryShape, zone: z.string().max(255).optional() }),
        response: { 200: nameSuggestionsReplySchema, ...nameErrors },
      },
    },
    async (request) => {
      await limitSuggest(request.ip);
      const asked = request.query.zone;
      if (asked !== undefined && asked !== '' && asked.toLowerCase() !== zone) {
        throw new HttpError(400, `Unknown zone '${asked.slice(0, 80)}': this registry serves ${zone}`, 'zone');
      }
      const label = labelInZone(request.params.name, zone) ?? request.params.name;
      checkLabel(label, 'name');
      return { zone, suggestions: await suggestNames(app.names, label, zone) };
    },
  );

  app.post(
    '/v1/profile/account',
    {
      config,
      bodyLimit: NAME_BODY_LIMIT,
      preValidation: jsonTextBody,
      schema: {
        summary: 'Registers a name for an address, signed by it (EIP-191, or EIP-1271 for a contract account)',
        querystring: z.object(projectQueryShape),
        body: registerNameBodySchema,
        response: { 200: registerNameReplySchema, ...nameErrors },
      },
    },
    async (request) => {
      await limitRegister(request.ip);
      const { address, message, signature } = request.body;
      const checked = checkNameMessage(message, zone, now());
      const verdict = await perAddress.take(address.toLowerCase());
      if (!verdict.ok) {
        const seconds = Math.ceil(verdict.retryInMs / 1000);
        throw new HttpError(429, `Too many name registrations for this address: please try again after ${seconds} seconds`, 'address', {
          'retry-after': String(seconds),
        });
      }
      if (!(await verify(message, address, signature as `0x${string}`))) {
        throw new HttpError(400, `Invalid signature: the message is not signed by ${address}`, 'signature');
      }
      try {
        await app.names.register({ name: checked.fullName, zone, address, attributes: {}, message, signature, now: now() });
      } catch (err) {
        if (err instanceof NameConflictError) throw new HttpError(400, err.message, err.field === 'name' ? 'message.name' : 'address');
        throw err;
      }
      return { success: true as const };
    },
  );
};
