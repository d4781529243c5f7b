/**
 * The gallery for the visual tests: the demo server (scripts/lib/demo-server.mjs, static files
 * only: the gallery needs no chain, backend or wallet) on port 0, behind a small front on port 0
 * that lets Chromium cache what the gallery page loads.
 *
 * The demo server says `Cache-Control: no-store` (right for a person editing the demo); the visual
 * tests load the same bundle once a shot, about 120 chunks each time, so the front marks every
 * successful response but the gallery page itself `max-age=3600`: Chromium then reuses the chunks
 * and their compiled code within a run (each run starts with fresh browser contexts), which takes
 * about a third off a shot.
 *
 *   const gallery = await startGalleryServer(); // { url, close() }
 */
import { request, createServer } from 'node:http';
import { startDemoServer } from './lib/demo-server.mjs';

/** Paths of the gallery page: loaded fresh every time (each shot is its own state). */
const PAGE_PATHS = new Set(['/gallery', '/gallery/', '/gallery/index.html']);

export async function startGalleryServer() {
  const demo = await startDemoServer({ port: 0, rpcUrls: {}, apiUrl: '', relayUrl: '' });
  const target = new URL(demo.url);
  const front = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const headers = { ...answer.headers };
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        if (answer.statusCode === 200 && !PAGE_PATHS.has(pathname)) headers['cache-control'] = 'max-age=3600';
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`502 ${error.message}\n`);
    });
    req.pipe(upstream);
  });
  await new Promise((resolve, reject) => {
    front.once('error', reject);
    front.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${front.address().port}`,
    async close() {
      await new Promise((resolve) => {
        front.close(() => resolve());
        front.closeAllConnections();
      });
      await demo.close();
    },
  };
}
