/**
 * A tiny dependency-free static file server on node:http, for benches, demos and browser checks.
 *
 *   const server = await startStaticServer({ root: process.cwd(), routes: { '/cdn/': 'dist/cdn', '/': 'demo' } });
 *   console.log(server.url); // http://127.0.0.1:54321 (no trailing slash)
 *   await server.close();
 *
 * - `root`: directory that relative route directories resolve against (default: process.cwd()).
 *   Without `routes`, `root` itself is served at `/`.
 * - `port`: 0 (default) picks a free port. The server listens on 127.0.0.1 only.
 * - `pages`: a Map of exact URL path -> content served from memory (generated test pages).
 * - `routes`: URL prefix -> directory (relative to `root`, or absolute). The longest matching
 *   prefix wins; the rest of the URL path is looked up inside that directory.
 *
 * GET and HEAD only; 404 for anything missing or outside its directory (no traversal, also not
 * through encoded `..` or `%2F`); `index.html` for directories; `Cache-Control: no-store`.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

export const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The content type for a file name (application/octet-stream when unknown). */
export function contentType(file) {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Starts the server. Resolves to `{ url, close() }` once it is listening; `close()` ends open
 * connections and resolves when the server has stopped.
 */
export async function startStaticServer({ root = process.cwd(), port = 0, routes, pages } = {}) {
  const base = path.resolve(root);
  const table = Object.entries(routes ?? { '/': '.' })
    .map(([prefix, dir]) => {
      if (typeof prefix !== 'string' || !prefix.startsWith('/')) throw new Error(`route prefix must start with '/': ${prefix}`);
      return { prefix, dir: path.resolve(base, dir) };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) send(res, 500, `500 ${error?.message ?? error}\n`);
      else res.destroy();
    });
  });

  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, '405 Method Not Allowed\n');
    }
    let pathname;
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      return send(res, 400, '400 Bad Request\n');
    }
    // In-memory pages (generated HTML), by exact path.
    const page = pages?.get(pathname);
    if (page !== undefined) {
      const type = path.extname(pathname) ? contentType(pathname) : CONTENT_TYPES['.html'];
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      return res.end(req.method === 'HEAD' ? undefined : page);
    }
    // `/cdn` for a `/cdn/` route: redirect so relative URLs resolve inside it.
    const bare = table.find((r) => r.prefix.endsWith('/') && r.prefix.length > 1 && pathname === r.prefix.slice(0, -1));
    if (bare) return redirect(res, req, bare.prefix);
    const route = table.find((r) => pathname.startsWith(r.prefix));
    if (!route) return notFound(res);

    let rest;
    try {
      rest = decodeURIComponent(pathname.slice(route.prefix.length));
    } catch {
      return send(res, 400, '400 Bad Request\n');
    }
    if (rest.includes('\0') || rest.includes('\\')) return notFound(res);
    const file = path.resolve(route.dir, '.' + path.posix.sep + rest);
    if (file !== route.dir && !file.startsWith(route.dir + path.sep)) return notFound(res);

    let target = file;
    let info = await stat(target).catch(() => null);
    if (info?.isDirectory()) {
      if (!pathname.endsWith('/')) return redirect(res, req, pathname + '/');
      target = path.join(file, 'index.html');
      info = await stat(target).catch(() => null);
    }
    if (!info?.isFile()) return notFound(res);

    res.writeHead(200, {
      'Content-Type': contentType(target),
      'Content-Length': info.size,
      'Cache-Control': 'no-store',
    });
    if (req.method === 'HEAD') return res.end();
    await new Promise((resolve, reject) => {
      const stream = createReadStream(target);
      stream.on('error', reject);
      res.on('close', resolve);
      stream.pipe(res);
    });
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: actualPort } = server.address();

  return {
    url: `http://127.0.0.1:${actualPort}`,
    // The same server by name: pages that share a site with the frame site on localhost (WebAuthn refuses IP origins).
    localUrl: `http://localhost:${actualPort}`,
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
    },
  };
}

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

function notFound(res) {
  send(res, 404, '404 Not Found\n');
}

function redirect(res, req, location) {
  const query = (req.url ?? '').includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
  res.writeHead(301, { Location: location + query, 'Cache-Control': 'no-store' });
  res.end();
}
