/**
 * The local SVM's JSON-RPC over HTTP: POST bodies up to BODY_MAX bytes (larger: 413 with a
 * JSON-RPC error), `GET /health` answers `ok`, anything else 405. Its scaffolding (body bound,
 * CORS, replies any origin reads) is ../http/dev-server.ts, shared with the Bitcoin dev chain.
 */
import { createServer, type Server } from 'node:http';
import { dispatch, errorReply, type Handler } from './dispatch.js';
import { INVALID_REQUEST } from './errors.js';
import { answerPreflight, readBodyUpTo, sendJson } from '../http/dev-server.js';

export const BODY_MAX = 256 * 1024;

export function rpcHttpServer(methods: ReadonlyMap<string, Handler>, onError: (err: unknown) => void): Server {
  return createServer((req, res) => {
    if (req.method === 'OPTIONS') return answerPreflight(res, 'POST, GET, OPTIONS');
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
    readBodyUpTo(req, BODY_MAX).then(
      (body) => {
        if (body === undefined)
          sendJson(res, 413, errorReply(null, INVALID_REQUEST, `Invalid request: the body is over ${BODY_MAX} bytes`));
        else sendJson(res, 200, dispatch(body, methods, onError));
      },
      () => res.destroy(),
    );
  });
}
