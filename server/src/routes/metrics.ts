/**
 * GET /metrics: the Prometheus text exposition of the server's registry (ops/metrics.ts). It is
 * served only with a metrics token (`--metrics-token`, W3KIT_METRICS_TOKEN, config key
 * metricsToken; without one the path is a 404 like any unknown one) and answers only
 * `Authorization: Bearer <token>`, compared in constant time; anything else is a 401.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerMetrics } from '../ops/metrics.js';

export interface MetricsRouteOptions {
  metrics: ServerMetrics;
  token: string;
}

export const METRICS_UNAUTHORIZED = 'Unauthorized: /metrics needs the header Authorization: Bearer <the metrics token>';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether an Authorization header carries `token` (hashed first, so the comparison's time says nothing of either length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (app, { metrics, token }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: METRICS_UNAUTHORIZED });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
};
