/** POST /e: one analytics event, stored once per event id (JSON or text/plain JSON body, at most 16 KB). */
import type { FastifyInstance } from 'fastify';
import { analyticsEventSchema } from '../../../src/wire/provider-api.js';
import type { Database } from '../db/open.js';
import { addRoute } from '../access.js';
import { HttpError } from '../errors.js';

export const ANALYTICS_BODY_LIMIT = 16 * 1024;

function parseBody(body: unknown) {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body) as unknown;
    } catch {
      throw new HttpError(400, 'Invalid body: not valid JSON', 'body');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'Invalid body: must be a JSON object', 'body');
  const parsed = analyticsEventSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.') || 'body';
    throw new HttpError(400, `Invalid body field '${field}': ${issue.message}`, field);
  }
  return parsed.data;
}

export function analyticsRoutes(app: FastifyInstance, db: Database): void {
  const insert = db.prepare(
    `INSERT INTO analytics_events (project_id, event_id, url, domain, timestamp, type, event, props, sdk_type, sdk_version, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (project_id, event_id) DO NOTHING`,
  );
  addRoute(app, db, {
    method: 'POST',
    url: '/e',
    access: 'allowed-origins',
    bodyLimit: ANALYTICS_BODY_LIMIT,
    handler: async (request, reply) => {
      const { project, sdkType, sdkVersion } = request.caller!;
      if (!project.analytics) throw new HttpError(403, `Analytics is off for project '${project.id}'`);
      const event = parseBody(request.body);
      insert.run(
        project.id,
        event.eventId.toLowerCase(),
        event.url,
        event.domain,
        event.timestamp,
        event.props.type,
        event.props.event,
        JSON.stringify(event.props),
        sdkType ?? null,
        sdkVersion ?? null,
        Date.now(),
      );
      return reply.code(202).send({ success: true });
    },
  });
}
