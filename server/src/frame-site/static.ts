/**
 * The frame site's files: `index.html` for `GET /` and `/index.html` (with the project's CSP),
 * `frame.js`, `frame.css` and `social-callback.js`, read from the frame site folder (built by scripts/bundle.mjs into
 * dist/frame-site). Unknown or missing projects get a 404 page that no one may frame.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/context.js';
import { frameSiteCsp } from './csp.js';
import { escapeHtml, sendHtmlPage } from './html.js';

const ASSETS: Readonly<Record<string, string>> = {
  'frame.js': 'text/javascript; charset=utf-8',
  'frame.css': 'text/css; charset=utf-8',
  /** The social login callback page's script (posts the result to the opener, then closes). */
  'social-callback.js': 'text/javascript; charset=utf-8',
};

const sendPage = (reply: FastifyReply, status: number, title: string, text: string) =>
  sendHtmlPage(reply, status, title, `<p>${escapeHtml(text)}</p>`);

async function readSiteFile(dir: string, name: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path.join(dir, name));
  } catch {
    return undefined;
  }
}

export function frameSiteRoutes(app: FastifyInstance, ctx: AuthContext, frameSiteDir: string): void {
  const index = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const projectId = typeof query.projectId === 'string' ? query.projectId : '';
    if (!projectId) return sendPage(reply, 404, 'Missing project', 'The frame site needs a project: add ?projectId= to the URL.');
    const project = projectId.length <= 128 ? await ctx.projects.get(projectId) : undefined;
    if (!project) return sendPage(reply, 404, 'Unknown project', 'This server has no such project.');
    const html = await readSiteFile(frameSiteDir, 'index.html');
    if (!html) return sendPage(reply, 503, 'Frame site not built', 'The secure frame site is not built on this server.');
    return reply
      .header('content-security-policy', frameSiteCsp(project.allowedOrigins))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/', { schema: { hide: true } }, index);
  app.get('/index.html', { schema: { hide: true } }, index);
  for (const [name, type] of Object.entries(ASSETS)) {
    app.get(`/${name}`, { schema: { hide: true } }, async (_request, reply) => {
      const body = await readSiteFile(frameSiteDir, name);
      if (!body) return reply.code(404).send({ message: `Not found: ${name} is not built` });
      return reply.header('cache-control', 'no-cache').type(type).send(body);
    });
  }
}
