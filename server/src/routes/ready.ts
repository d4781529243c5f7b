/**
 * GET /ready: 200 `{ ready: true, checks }` when every readiness check passes (ops/readiness.ts:
 * the database answers, its migrations are applied, it takes writes), else 503 `{ ready: false,
 * message, checks }` naming what is wrong; a balancer or orchestrator sends traffic elsewhere
 * meanwhile. A stopping server answers 503 too (Fastify's return503OnClosing).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { ReadinessCheck } from '../ops/readiness.js';

const checksSchema = z.record(z.string(), z.string());
export const readyReplySchema = z.object({ ready: z.literal(true), checks: checksSchema });
export const notReadyReplySchema = z.object({ ready: z.literal(false), message: z.string(), checks: checksSchema });

export interface ReadyRouteOptions {
  checks: readonly ReadinessCheck[];
}

export const readyRoutes: FastifyPluginAsyncZod<ReadyRouteOptions> = async (app, { checks }) => {
  app.get(
    '/ready',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Whether this instance can serve: the database answers, its migrations are applied, it takes writes',
        response: { 200: readyReplySchema, 503: notReadyReplySchema },
      },
    },
    async (_request, reply) => {
      const results = await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            return [name, await check()] as const;
          } catch (err) {
            return [name, `the check failed: ${(err as Error)?.message ?? String(err)}`] as const;
          }
        }),
      );
      const failed = results.filter(([, problem]) => problem !== undefined);
      const report = Object.fromEntries(results.map(([name, problem]) => [name, problem ?? 'ok']));
      if (failed.length === 0) return { ready: true as const, checks: report };
      const message = `Not ready: ${failed.map(([name, problem]) => `${name}: ${problem}`).join('; ')}`;
      return reply.code(503).send({ ready: false as const, message, checks: report });
    },
  );
};
