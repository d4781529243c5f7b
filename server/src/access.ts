/**
 * Who may call a route: project identification (`projectId` query or `x-project-id` header,
 * optional SDK type and version) and the origin rules. Every route declares its access in
 * `config.access`:
 * - 'open': no project, any origin (`/health`);
 * - 'any-origin': a known project, any origin (`/projects/v1/origins`, images);
 * - 'allowed-origins': a known project, and a request's `Origin` must be one it allows.
 * The `access` plugin checks it on every request and adds each such route's CORS preflight
 * (an OPTIONS route) as the route is declared. Projects come from `app.projects`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.js';
import { PROJECT_ID_MAX, type Project } from './projects.js';
import type { ProjectsRepository } from './repositories.js';
import { isOriginAllowed } from '../../src/wire/origins.js';
import { allowAnyOrigin, allowOrigin, preflightHeaders, varyByOrigin } from './cors.js';

type Query = Record<string, string | string[] | undefined>;

/** A query parameter's value; undefined when absent, a 400 when it is given more than once. */
function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw new HttpError(400, `Invalid query parameter '${name}': must be given once`, name);
  return value;
}

export type Access = 'open' | 'any-origin' | 'allowed-origins';

export interface Caller {
  project: Project;
  sdkType: string | undefined;
  sdkVersion: string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    preflight?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export const SDK_FIELD_MAX = 64;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A value from the query, else from the header; `name` names it in errors. */
function identifier(request: FastifyRequest, queryName: string, headerName: string): { value: string | undefined; source: string } {
  const query = request.query as Query;
  const fromQuery = single(query, queryName);
  if (fromQuery !== undefined && fromQuery !== '') return { value: fromQuery, source: `query parameter '${queryName}'` };
  const fromHeader = header(request, headerName);
  if (fromHeader !== undefined) return { value: fromHeader, source: `header '${headerName}'` };
  return { value: fromQuery, source: `query parameter '${queryName}'` };
}

function sdkField(request: FastifyRequest, queryName: 'st' | 'sv', headerName: string): string | undefined {
  const { value, source } = identifier(request, queryName, headerName);
  if (value === undefined) return undefined;
  if (value.length === 0 || value.length > SDK_FIELD_MAX) {
    throw new HttpError(400, `Invalid ${source}: must be 1 to ${SDK_FIELD_MAX} characters`, queryName);
  }
  return value;
}

/** The project id of a request, checked for form only (400 when missing or too long). */
export function requestProjectId(request: FastifyRequest): string {
  const { value } = identifier(request, 'projectId', 'x-project-id');
  if (value === undefined || value === '') {
    throw new HttpError(400, "Missing project id: pass the 'projectId' query parameter or the 'x-project-id' header", 'projectId');
  }
  if (value.length > PROJECT_ID_MAX) throw new HttpError(400, `Invalid project id: at most ${PROJECT_ID_MAX} characters`, 'projectId');
  return value;
}

/** The project and SDK of a request: 400 naming the bad field, 403 for an unknown project. */
export async function identifyCaller(projects: ProjectsRepository, request: FastifyRequest): Promise<Caller> {
  const projectId = requestProjectId(request);
  const sdkType = sdkField(request, 'st', 'x-sdk-type');
  const sdkVersion = sdkField(request, 'sv', 'x-sdk-version');
  const project = await projects.get(projectId);
  if (!project) throw new HttpError(403, `Unknown project '${projectId}'`, 'projectId');
  return { project, sdkType, sdkVersion };
}

export function originNotAllowed(origin: string, project: Project): HttpError {
  return new HttpError(403, `Origin '${origin}' is not allowed for project '${project.id}'`);
}

/** The onRequest hook applying each route's access rule; stores the caller on `request.caller`. */
async function checkAccess(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { access, preflight } = request.routeOptions.config;
  if (access === undefined || preflight) return;
  const { projects } = request.server;
  if (access !== 'allowed-origins') {
    allowAnyOrigin(reply);
    if (access === 'any-origin') request.caller = await identifyCaller(projects, request);
    return;
  }
  varyByOrigin(reply);
  const caller = await identifyCaller(projects, request);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!isOriginAllowed(origin, caller.project.allowedOrigins)) throw originNotAllowed(origin, caller.project);
    allowOrigin(reply, origin);
  }
  request.caller = caller;
}

/** Answers a CORS preflight for a route of the given access (project from the query string). */
function preflight(access: Access) {
  return async function answerPreflight(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (access !== 'allowed-origins') {
      allowAnyOrigin(reply);
      preflightHeaders(reply);
      return reply.code(204).send();
    }
    varyByOrigin(reply);
    const projectId = single(request.query as Query, 'projectId');
    // Without a project in the query (it may come as a header) the real request is checked.
    if (origin !== undefined && projectId) {
      const project = await request.server.projects.get(projectId);
      if (!project) throw new HttpError(403, `Unknown project '${projectId}'`, 'projectId');
      if (!isOriginAllowed(origin, project.allowedOrigins)) throw originNotAllowed(origin, project);
    }
    if (origin !== undefined) {
      allowOrigin(reply, origin);
      preflightHeaders(reply);
    }
    return reply.code(204).send();
  };
}

/** The onRoute hook giving a route with an access rule its OPTIONS route (once per URL), hidden from the API document. */
function addPreflight(this: FastifyInstance, route: RouteOptions): void {
  const { access, preflight: isPreflight } = route.config ?? {};
  if (access === undefined || isPreflight || this.hasRoute({ method: 'OPTIONS', url: route.url })) return;
  this.route({
    method: 'OPTIONS',
    url: route.url,
    config: { access, preflight: true },
    schema: { hide: true },
    handler: preflight(access),
  });
}

/** Checks every request's access (`request.caller` holds the project) and answers preflights. Needs the repositories. */
export const access = fp(
  async (app) => {
    app.decorateRequest('caller', null);
    app.addHook('onRequest', checkAccess);
    app.addHook('onRoute', addPreflight);
  },
  { name: 'w3kit-access', fastify: '5.x', dependencies: ['w3kit-repositories'] },
);
