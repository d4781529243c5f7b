/**
 * The plain node:http scaffolding the development chains share (the local SVM, server/src/svm,
 * and the Bitcoin development chain, server/src/chains/bip122/devchain): a request body read up
 * to a bound, replies every origin may read (browsers call these chains directly), the CORS
 * preflight, listening on a port, and a stop that lets requests in flight finish briefly.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How long a stopping development chain lets requests in flight finish before dropping their connections. */
export const DEV_CLOSE_GRACE_MS = 1000;

/** The body as UTF-8 text, or undefined once it is over `max` bytes (the rest is read and dropped). */
export function readBodyUpTo(req: IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        chunks.length = 0;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export const JSON_TYPE = 'application/json';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Answers `status` with `body` of `type`, readable from any origin. */
export function sendOpen(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
  res.end(body);
}

/** Answers `value` as JSON (nothing for undefined), readable from any origin. */
export const sendJson = (res: ServerResponse, status: number, value: unknown): void =>
  sendOpen(res, status, JSON_TYPE, value === undefined ? '' : JSON.stringify(value));

/** Answers a CORS preflight: any origin and header, `methods` (e.g. 'GET, POST, OPTIONS'), cached a day. */
export function answerPreflight(res: ServerResponse, methods: string): void {
  res.writeHead(204, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': methods,
    'access-control-allow-headers': '*',
    'access-control-max-age': '86400',
  });
  res.end();
}

/** Listens on `port` (0: a free one) of `host`; resolves with the port it got, rejects when it cannot listen. */
export function listenOn(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Stops listening, lets requests in flight finish (at most DEV_CLOSE_GRACE_MS), then drops the connections. */
export const closeServer = (server: Server): Promise<void> =>
  new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    const timer = setTimeout(() => server.closeAllConnections(), DEV_CLOSE_GRACE_MS);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
