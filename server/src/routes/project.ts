/** GET /appkit/v1/config, GET /projects/v1/origins and GET /getAnalyticsConfig. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsConfigReplySchema, originsReplySchema, projectConfigReplySchema } from '../../../src/wire/provider-api.js';
import { errorReplies, projectQuerySchema } from './schemas.js';

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/appkit/v1/config',
    {
      config: { access: 'allowed-origins' },
      schema: {
        summary: "The project's remote features",
        querystring: projectQuerySchema,
        response: { 200: projectConfigReplySchema, ...errorReplies },
      },
    },
    async (request) => ({ features: request.caller!.project.features }),
  );
  app.get(
    '/projects/v1/origins',
    {
      config: { access: 'any-origin' },
      schema: {
        summary: "The project's allowed origins",
        querystring: projectQuerySchema,
        response: { 200: originsReplySchema, ...errorReplies },
      },
    },
    async (request) => ({ allowedOrigins: request.caller!.project.allowedOrigins }),
  );
  app.get(
    '/getAnalyticsConfig',
    {
      config: { access: 'allowed-origins' },
      schema: {
        summary: 'Whether analytics is on for the project',
        querystring: projectQuerySchema,
        response: { 200: analyticsConfigReplySchema, ...errorReplies },
      },
    },
    async (request) => ({ isAnalyticsEnabled: request.caller!.project.analytics }),
  );
};
