/**
 * GET /health: `{ ok: true }` once the server answers (no project needed), plus the EVM
 * indexer's state when one runs: `evm: { rpcUrl, chainId, connected, head, indexed, stalled,
 * stalledSince, lastError }` (stalled: no block indexed for a while though the node has more).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

export const healthReplySchema = z.object({
  ok: z.literal(true),
  evm: z.optional(
    z.object({
      rpcUrl: z.string(),
      chainId: z.nullable(z.string()),
      connected: z.boolean(),
      head: z.nullable(z.number()),
      indexed: z.nullable(z.number()),
      stalled: z.boolean(),
      stalledSince: z.nullable(z.string()),
      lastError: z.nullable(z.string()),
    }),
  ),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'open' },
      schema: { summary: 'Whether the server answers, and the EVM indexer state', response: { 200: healthReplySchema } },
    },
    async () => {
      app.db.prepare('SELECT 1').get();
      const { indexer } = app.blockchain;
      return indexer ? { ok: true as const, evm: indexer.status() } : { ok: true as const };
    },
  );
};
