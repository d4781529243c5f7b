/** POST /e: one analytics event, stored once per event id (JSON or text/plain JSON body, at most 16 KB). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { analyticsEventSchema } from '../../../src/wire/provider-api.js';
import { HttpError } from '../errors.js';
import { jsonTextBody } from '../http/validation.js';
import { errorReplies, projectQuerySchema } from './schemas.js';

export const ANALYTICS_BODY_LIMIT = 16 * 1024;

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/e',
    {
      config: { access: 'allowed-origins' },
      bodyLimit: ANALYTICS_BODY_LIMIT,
      schema: {
        summary: 'Records one analytics event (403 when analytics is off for the project)',
        querystring: projectQuerySchema,
        body: analyticsEventSchema,
        response: { 202: z.object({ success: z.literal(true) }), ...errorReplies },
      },
      // Before the body is checked: a project without analytics is told so whatever it sent.
      preValidation: [
        async (request) => {
          const { project } = request.caller!;
          if (!project.analytics) throw new HttpError(403, `Analytics is off for project '${project.id}'`);
        },
        jsonTextBody,
      ],
    },
    async (request, reply) => {
      const { project, sdkType, sdkVersion } = request.caller!;
      await app.analytics.record(project.id, request.body, { type: sdkType, version: sdkVersion });
      return reply.code(202).send({ success: true });
    },
  );
};
