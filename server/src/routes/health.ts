/**
 * GET /health: `{ ok: true }` once the server answers (no project needed), plus the EVM
 * indexer's state when one runs: `evm: { rpcUrl, chainId, connected, head, indexed }`.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open.js';
import { addRoute } from '../access.js';
import type { Indexer } from '../blockchain/indexer.js';

export function healthRoutes(app: FastifyInstance, db: Database, indexer?: Indexer): void {
  addRoute(app, db, {
    method: 'GET',
    url: '/health',
    access: 'open',
    handler: async () => {
      db.prepare('SELECT 1').get();
      return indexer ? { ok: true, evm: indexer.status() } : { ok: true };
    },
  });
}
