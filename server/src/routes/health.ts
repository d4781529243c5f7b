/**
 * GET /health: `{ ok: true }` once the server answers (no project needed), plus the EVM
 * indexer's state when one runs: `evm: { rpcUrl, chainId, connected, head, indexed, stalled,
 * stalledSince, lastError }` (stalled: no block indexed for a while though the node has more),
 * and `disk: { full: true, lastRefusedAt, message }` while writes are refused for a full disk
 * (one in the last minute): the disk named as the problem, not the chain.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { diskKey, diskState } from '../db/disk-full.js';

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
  disk: z.optional(z.object({ full: z.literal(true), lastRefusedAt: z.string(), message: z.string() })),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'open' },
      schema: { summary: 'Whether the server answers, the EVM indexer state, and a full disk', response: { 200: healthReplySchema } },
    },
    async () => {
      const { indexer } = app.blockchain;
      const disk = diskState(diskKey(app.storage));
      return { ok: true as const, ...(indexer ? { evm: indexer.status() } : {}), ...(disk ? { disk } : {}) };
    },
  );
};
