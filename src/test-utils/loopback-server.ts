import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a loopback server received. */
export interface ReceivedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** performance.now() when it arrived. */
  time: number;
}

export interface LoopbackServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** How to answer: status, optional JSON (or raw text) body and headers; or take the response yourself. */
export type Reply = { status: number; json?: unknown; text?: string; headers?: Record<string, string> } | 'hang' | 'destroy';

/**
 * A real HTTP server on 127.0.0.1 and a free port for tests. `handler` gets each request and its
 * number (0-based) and returns the reply: 'hang' never answers, 'destroy' drops the socket.
 */
export async function startLoopback(handler: (req: ReceivedRequest, n: number) => Reply): Promise<LoopbackServer> {
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const received: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        time: performance.now(),
      };
      requests.push(received);
      const reply = handler(received, requests.length - 1);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      if (reply === 'destroy') {
        req.socket.destroy();
        return;
      }
      const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
      res.writeHead(reply.status, {
        'Content-Type': reply.json !== undefined ? 'application/json' : 'text/plain',
        ...reply.headers,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (a server was just closed there). */
export async function closedPortUrl(): Promise<string> {
  const server = await startLoopback(() => ({ status: 200 }));
  await server.close();
  return server.url;
}
