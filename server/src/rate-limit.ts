/**
 * Per-client-address rate limit over every route: at most `max` requests per fixed window of
 * `windowMs` per clientKey (an IPv4 address, or an IPv6 /64), counted in this process or, with
 * `--redis`, in one window shared by every instance (window-counter.ts). Over it, 429 `{ message }` with `Retry-After` (seconds); the reply echoes the
 * request's Origin so a browser page can read the status and Retry-After.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from './client-key.js';
import { varyByOrigin } from './cors.js';
import { HttpError } from './errors.js';
import { inProcessCounter, type WindowCounter } from './window-counter.js';

export interface RateLimitOptions {
  /** Requests allowed per window and IP (default 3000). */
  max?: number;
  /** Window length in milliseconds (default 60000). */
  windowMs?: number;
}

export const DEFAULT_RATE_LIMIT = { max: 3000, windowMs: 60_000 } as const;

export interface RateLimiter {
  hook(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** Stops the sweeping timer. */
  close(): void;
}

/** Makes the counter of a limit named `name` (its namespace when instances share one): in process, or in Redis with `--redis`. */
export type CounterFactory = (name: string, max: number, windowMs: number) => WindowCounter;

/** A limiter of `name`'s requests (default 'http'); `counters` makes its window shared (Redis) instead of this process's. */
export function createRateLimiter(
  options: RateLimitOptions = {},
  now: () => number = Date.now,
  counters?: CounterFactory,
  name = 'http',
): RateLimiter {
  const max = options.max ?? DEFAULT_RATE_LIMIT.max;
  const windowMs = options.windowMs ?? DEFAULT_RATE_LIMIT.windowMs;
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`rateLimit.max must be a positive integer, got ${max}`);
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new RangeError(`rateLimit.windowMs must be a positive integer, got ${windowMs}`);
  const counter = counters ? counters(name, max, windowMs) : inProcessCounter(max, windowMs, now);
  const sweep = setInterval(() => counter.sweep(), Math.max(windowMs, 1000));
  sweep.unref();

  return {
    async hook(request, reply) {
      const taken = await counter.take(clientKey(request.ip));
      if (taken.ok) return undefined;
      const retryAfter = Math.max(1, Math.ceil(taken.retryInMs / 1000));
      const origin = request.headers.origin;
      if (origin !== undefined) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-expose-headers', 'Retry-After');
        varyByOrigin(reply);
      }
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send({ message: `Too many requests: at most ${max} per ${windowMs / 1000} s; retry after ${retryAfter} s` });
    },
    close() {
      clearInterval(sweep);
    },
  };
}

/** How many IPs a per-route limiter tracks at most (the oldest windows go first). */
const MAX_TRACKED_IPS = 10_000;

/** The name of `what`'s shared window (its Redis keys' namespace): `route:` and its words joined by '-'. */
export function routeLimitName(what: string): string {
  return `route:${what.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** The window counter of the limit `name`: `counters`' (one window shared by every instance, with `--redis`), else this process's tracking at most `maxKeys` keys. */
export function limitCounter(
  name: string,
  max: number,
  windowMs: number,
  now: () => number,
  counters: CounterFactory | undefined,
  maxKeys: number,
): WindowCounter {
  return counters ? counters(name, max, windowMs) : inProcessCounter(max, windowMs, now, maxKeys);
}

/**
 * A per-address limit of one kind of request (logins, code checks, sign-in nonces...): the
 * returned function counts one for `ip`'s clientKey (an IPv6 /64 counts as one address) and throws 429 'Too many <what> from this address' with
 * Retry-After past `max` per `windowMs`. Counted in this process, or with `counters` (`--redis`)
 * in one window shared by every instance, named routeLimitName(what).
 */
export function ipLimiter(
  max: number,
  windowMs: number,
  now: () => number,
  what: string,
  counters?: CounterFactory,
): (ip: string) => Promise<void> {
  const counter = limitCounter(routeLimitName(what), max, windowMs, now, counters, MAX_TRACKED_IPS);
  return async (ip: string) => {
    const verdict = await counter.take(clientKey(ip));
    if (verdict.ok) return;
    const seconds = Math.ceil(verdict.retryInMs / 1000);
    throw new HttpError(
      429,
      `Too many ${what} from this address: please try again after ${seconds} seconds`,
      undefined,
      { 'retry-after': String(seconds) },
      { code: 'RATE_LIMITED', retryAfter: seconds },
    );
  };
}
