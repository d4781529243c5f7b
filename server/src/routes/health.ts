/** GET /health: `{ ok: true }` once the server answers (no project needed). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open.js';
import { addRoute } from '../access.js';

export function healthRoutes(app: FastifyInstance, db: Database): void {
  addRoute(app, db, {
    method: 'GET',
    url: '/health',
    access: 'open',
    handler: async () => {
      db.prepare('SELECT 1').get();
      return { ok: true };
    },
  });
}
