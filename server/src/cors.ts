/**
 * CORS headers. Public routes (allowed origins, images, health) answer every origin with `*`;
 * every other route echoes an origin that the project allows (see access.ts).
 */
import type { FastifyReply } from 'fastify';

export const PREFLIGHT_MAX_AGE_S = 600;
export const ALLOWED_METHODS = 'GET, POST, OPTIONS';
/** `authorization` carries the sign-in-with-X session token (server/src/siwx). */
export const ALLOWED_HEADERS = 'content-type, authorization, x-project-id, x-sdk-type, x-sdk-version';

export function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
}

/** Echoes `origin` (allowed for the request's project); replies vary by Origin. A page reads a refusal's Retry-After. */
export function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', 'Retry-After');
  varyByOrigin(reply);
}

export function varyByOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (typeof vary === 'string' && /(^|,\s*)origin(\s*,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${String(vary)}, Origin` : 'Origin');
}

export function preflightHeaders(reply: FastifyReply): void {
  reply.header('access-control-allow-methods', ALLOWED_METHODS);
  reply.header('access-control-allow-headers', ALLOWED_HEADERS);
  reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
}
