/**
 * The local SVM's JSON-RPC over HTTP: POST bodies up to BODY_MAX bytes (larger: 413 with a
 * JSON-RPC error), `GET /health` answers `ok`, anything else 405.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { dispatch, errorReply, type Handler } from './dispatch.js';
import { INVALID_REQUEST } from './errors.js';

export const BODY_MAX = 256 * 1024;

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_MAX) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function rpcHttpServer(methods: ReadonlyMap<string, Handler>, onError: (err: unknown) => void): Server {
  return createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      const text = body === undefined ? '' : JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(text);
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        'access-control-allow-headers': '*',
        'access-control-max-age': '86400',
      });
      res.end();
      return;
    }
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST, GET' });
      res.end();
      return;
    }
    readBody(req).then(
      (body) => {
        if (body === undefined) send(413, errorReply(null, INVALID_REQUEST, `Invalid request: the body is over ${BODY_MAX} bytes`));
        else send(200, dispatch(body, methods, onError));
      },
      () => res.destroy(),
    );
  });
}
