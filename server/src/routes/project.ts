/** GET /appkit/v1/config, GET /projects/v1/origins and GET /getAnalyticsConfig. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open.js';
import { addRoute } from '../access.js';

export function projectRoutes(app: FastifyInstance, db: Database): void {
  addRoute(app, db, {
    method: 'GET',
    url: '/appkit/v1/config',
    access: 'allowed-origins',
    handler: async (request) => ({ features: request.caller!.project.features }),
  });
  addRoute(app, db, {
    method: 'GET',
    url: '/projects/v1/origins',
    access: 'any-origin',
    handler: async (request) => ({ allowedOrigins: request.caller!.project.allowedOrigins }),
  });
  addRoute(app, db, {
    method: 'GET',
    url: '/getAnalyticsConfig',
    access: 'allowed-origins',
    handler: async (request) => ({ isAnalyticsEnabled: request.caller!.project.analytics }),
  });
}
