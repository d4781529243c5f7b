/**
 * The relay's transport: an HTTP server whose `/health` answers `{ ok: true }` and whose other
 * paths ask for a WebSocket (426); a request for a host it does not serve gets 421; upgrades
 * carry a relay-auth JWT in the `auth` query and are refused (401) without one `authenticate`
 * accepts, or (503) while closing. Sockets are counted per address, per client id and in all
 * (SocketCaps): past the total an upgrade gets a 503, past the address's or the client id's cap
 * the socket is closed at once (1013) with the reason. Accepted sockets are handed to `onSocket`
 * with their client id and the quota key of their remote address; each gets a ping every
 * `pingIntervalMs` and is terminated when it has not answered the previous one.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AuthResult } from './auth.js';
import type { RelayLog } from './frames.js';
import { clientAddress, type TrustProxy } from '../trust-proxy.js';
import { HOST_REFUSAL } from '../allowed-hosts.js';
import { clientKey } from '../client-key.js';
import type { SocketCaps, SocketRefusal } from './socket-caps.js';

export interface TransportOptions {
  port: number;
  host: string;
  maxFrameSize: number;
  pingIntervalMs: number;
  log: RelayLog;
  /** Checks the `auth` query of an upgrade. */
  authenticate(jwt: string | null): Promise<AuthResult>;
  /** Which proxies may say who the client is (X-Forwarded-For), as for the HTTP API; default none. */
  trustProxy?: TrustProxy | boolean;
  /** A socket authenticated as `clientId`, from the address counted as `ip` (clientKey). */
  onSocket(ws: WebSocket, clientId: string, ip: string): void;
  /** Whether a request's Host header names a host this relay serves (allowed-hosts.ts); default any. */
  hostAllowed?(host: string | undefined): boolean;
  /** Counts sockets per address, per client id and in all. */
  caps: SocketCaps;
  /** Sockets to ping, and whether each answered the last ping (false terminates it). */
  liveness(): Iterable<{ ws: Pick<WebSocket, 'ping' | 'terminate'>; alive: boolean }>;
}

export interface RelayTransport {
  port: number;
  /** Refuses new sockets, stops pinging, closes open sockets (1001) and stops listening. */
  close(sockets: Iterable<WebSocket>): Promise<void>;
}

const NOT_A_WEBSOCKET = 'This is the WalletConnect relay: connect with a WebSocket, ws://HOST:PORT/?auth=JWT&projectId=ID';

/** How long a refused socket may take to close before it is destroyed. */
const REFUSED_CLOSE_MS = 1000;

function refuse(socket: Duplex, status: number, text: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), REFUSED_CLOSE_MS).unref();
}

function authQuery(req: IncomingMessage): string | null {
  try {
    return new URL(req.url ?? '/', 'ws://relay').searchParams.get('auth');
  } catch {
    return null;
  }
}

function closeSocket(ws: WebSocket): Promise<void> {
  return new Promise<void>((resolve) => {
    if (ws.readyState === ws.CLOSED) return resolve();
    const timer = setTimeout(() => ws.terminate(), 1000);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.close(1001, 'The relay is shutting down');
  });
}

/** The WebSocket close code for a socket whose JWT expired (1008, policy violation): a client reconnects with a new JWT. */
export const JWT_EXPIRED_CLOSE = 1008;
/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Closes `ws` when its JWT expires: a JWT is checked on the upgrade, and a socket never outlives it. */
function closeAtExpiry(ws: WebSocket, expiresAt: number): void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = (): void => {
    const left = expiresAt - Date.now();
    timer = setTimeout(
      left > MAX_TIMER_MS ? arm : () => ws.close(JWT_EXPIRED_CLOSE, 'The JWT has expired'),
      Math.min(Math.max(left, 0), MAX_TIMER_MS),
    );
  };
  arm();
  ws.once('close', () => clearTimeout(timer));
}

export async function listenRelay(options: TransportOptions): Promise<RelayTransport> {
  let closing = false;
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameSize });
  const hostAllowed = options.hostAllowed ?? (() => true);
  const http = createServer((req, res) => {
    if (!hostAllowed(req.headers.host)) {
      res.writeHead(421, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: HOST_REFUSAL }));
    }
    const health = (req.url ?? '/').split('?')[0] === '/health';
    res.writeHead(health ? 200 : 426, { 'content-type': 'application/json', ...(health ? {} : { upgrade: 'websocket' }) });
    res.end(JSON.stringify(health ? { ok: true } : { message: NOT_A_WEBSOCKET }));
  });

  // Beyond the sockets allowed, room for refusals in words and /health; the rest are dropped unread.
  http.maxConnections = options.caps.connections;

  /** Opens the socket only to close it with the cap's code and reason (a browser can read those, not an HTTP body). */
  const closeAtOnce = (req: IncomingMessage, socket: Duplex, head: Buffer, ip: string, refusal: SocketRefusal) => {
    const reason = 'reason' in refusal ? refusal.reason : refusal.message;
    options.log({ event: 'relay_refused', ip, reason });
    if (!('close' in refusal)) return refuse(socket, refusal.status, 'Service Unavailable', reason);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const timer = setTimeout(() => ws.terminate(), REFUSED_CLOSE_MS);
      ws.once('close', () => clearTimeout(timer));
      ws.close(refusal.close, reason);
    });
  };

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    if (closing) return refuse(socket, 503, 'Service Unavailable', 'The relay is shutting down');
    if (!hostAllowed(req.headers.host)) return refuse(socket, 421, 'Misdirected Request', HOST_REFUSAL);
    const ip = clientKey(clientAddress(req, options.trustProxy));
    const slot = options.caps.open(ip);
    if (!('release' in slot)) return closeAtOnce(req, socket, head, ip, slot);
    socket.once('close', slot.release);
    if (slot.refusal) return closeAtOnce(req, socket, head, ip, slot.refusal);
    options.authenticate(authQuery(req)).then(
      (auth) => {
        if (!auth.ok) {
          options.log({ event: 'relay_refused', reason: auth.reason });
          return refuse(socket, 401, 'Unauthorized', `Unauthorized: ${auth.reason}`);
        }
        if (closing) return refuse(socket, 503, 'Service Unavailable', 'The relay is shutting down');
        const refusal = slot.bind(auth.clientId);
        if (refusal) return closeAtOnce(req, socket, head, ip, refusal);
        wss.handleUpgrade(req, socket, head, (ws) => {
          closeAtExpiry(ws, auth.expiresAt);
          options.onSocket(ws, auth.clientId, ip);
        });
      },
      () => refuse(socket, 401, 'Unauthorized', 'Unauthorized'),
    );
  });

  const pingTimer = setInterval(() => {
    for (const conn of options.liveness()) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, options.pingIntervalMs);
  pingTimer.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port, options.host, () => {
        http.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    clearInterval(pingTimer);
    throw err;
  }
  const address = http.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    async close(sockets) {
      closing = true;
      clearInterval(pingTimer);
      // Stop listening first: a client reconnecting after the 1001 reaches another instance.
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      await Promise.all([...sockets].map(closeSocket));
      wss.close();
      http.closeAllConnections();
      await stopped;
    },
  };
}
