/**
 * The WalletConnect relay: irn_* JSON-RPC over WebSocket on its own HTTP server. Clients
 * authenticate with a relay-auth JWT in the `auth` query; messages are kept in SQLite per topic
 * until their TTL and pushed (`irn_subscription`) once per subscribed client id, never back to
 * the sender's client id.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database } from 'better-sqlite3';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { authenticate } from './auth.js';
import {
  parseApproveSession,
  parseBatchPublish,
  parseBatchUnsubscribe,
  parseProposeSession,
  parsePublish,
  parseTopic,
  parseTopics,
  RELAY_LIMITS,
  RelayRpcError,
  RPC_ERRORS,
  type PublishParams,
  type RelayLimits,
  type RpcId,
} from './protocol.js';
import { FixedWindowCounter } from '../fixed-window.js';
import { RelayStore, subscriptionId, type StoredMessage } from './store.js';

export interface StartRelayOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** The backend's database (migrated by `openDatabase`); the relay does not close it. */
  db: Database;
  /** Log connections and errors as JSON lines on stdout (or to the function). Default off. */
  log?: boolean | ((entry: Record<string, unknown>) => void);
  /** Overrides of RELAY_LIMITS. */
  limits?: Partial<RelayLimits>;
  /** Keep-alive ping interval; a socket that has not answered the previous ping is terminated. Default 15000. */
  pingIntervalMs?: number;
  /** How often expired messages are deleted. Default 60000. */
  pruneIntervalMs?: number;
}

export interface RunningRelay {
  /** e.g. `ws://127.0.0.1:4302` */
  url: string;
  port: number;
  /** Closes every socket (code 1001) and stops listening; the database stays open. */
  close(): Promise<void>;
}

export const DEFAULT_RELAY_PING_INTERVAL_MS = 15_000;
/** Messages returned by one irn_fetchMessages / irn_batchFetchMessages call. */
const FETCH_PAGE = 500;
/** Invalid frames tolerated on one socket before it is closed. */
const MAX_INVALID_FRAMES = 20;

interface Connection {
  ws: WebSocket;
  clientId: string;
  alive: boolean;
  invalidFrames: number;
  /** irn_subscription request id -> message id, until the client acknowledges it. */
  inflight: Map<RpcId, number>;
  /** Message ids pushed on this socket (not pushed twice on it). */
  pushed: Set<number>;
  /** Topics subscribed on this socket: only these are pushed on it. */
  topics: Set<string>;
}

/** The URL to reach a relay on host:port (a wildcard host is reached on loopback). */
export function relayUrl(host: string, port: number): string {
  const reach = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `ws://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
}

function refuse(socket: Duplex, status: number, text: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function startRelay(options: StartRelayOptions): Promise<RunningRelay> {
  const host = options.host ?? '127.0.0.1';
  const limits: RelayLimits = { ...RELAY_LIMITS, ...options.limits };
  const store = new RelayStore(options.db);
  const rate = new FixedWindowCounter(limits.maxPublishesPerSecond, 1000);
  const log =
    typeof options.log === 'function'
      ? options.log
      : options.log
        ? (entry: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ time: Date.now(), ...entry })}\n`)
        : () => undefined;
  const clients = new Map<string, Connection[]>();
  let nextRpcId = Date.now() * 1000;
  let closing = false;

  store.prune();

  const send = (conn: Connection, payload: unknown) => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(payload));
  };
  const reply = (conn: Connection, id: RpcId | null, result: unknown) => send(conn, { id, jsonrpc: '2.0', result });
  const replyError = (conn: Connection, id: RpcId | null, code: number, message: string) =>
    send(conn, { id, jsonrpc: '2.0', error: { code, message } });

  /** The socket a client id receives `topic` on: its newest open one subscribed to it. */
  const socketOf = (clientId: string, topic: string): Connection | undefined =>
    [...(clients.get(clientId) ?? [])].reverse().find((c) => c.ws.readyState === c.ws.OPEN && c.topics.has(topic));

  const push = (conn: Connection, m: StoredMessage) => {
    if (conn.pushed.has(m.id)) return;
    const id = ++nextRpcId;
    conn.pushed.add(m.id);
    conn.inflight.set(id, m.id);
    const data: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag };
    if (m.attestation) data.attestation = m.attestation;
    send(conn, { id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subscriptionId(m.topic, conn.clientId), data } });
  };

  const flush = (conn: Connection, topics: Iterable<string>) => {
    for (const topic of topics) for (const m of store.pending(topic, conn.clientId)) push(conn, m);
  };

  const publish = (senderClientId: string, p: PublishParams) => {
    const m = store.addMessage({ ...p, senderClientId });
    for (const clientId of store.subscribers(p.topic)) {
      if (clientId === senderClientId) continue;
      const conn = socketOf(clientId, p.topic);
      if (conn) push(conn, m);
    }
  };

  const takePublishes = (clientId: string, n: number) => {
    if (!rate.take(clientId, n).ok) {
      throw new RelayRpcError(RPC_ERRORS.rateLimited, `Too many publishes: at most ${limits.maxPublishesPerSecond} per second per client`);
    }
  };

  /** Subscribes the client to `topics` (all or none, within the limit); returns their subscription ids. */
  const subscribe = (conn: Connection, topics: string[]): string[] => {
    const { clientId } = conn;
    const fresh = new Set(topics.filter((t) => !store.isSubscribed(clientId, t)));
    if (fresh.size && store.subscriptionsOf(clientId) + fresh.size > limits.maxSubscriptionsPerClient) {
      throw new RelayRpcError(
        RPC_ERRORS.tooManySubscriptions,
        `Too many subscriptions: at most ${limits.maxSubscriptionsPerClient} topics per client`,
      );
    }
    const ids = options.db.transaction(() => topics.map((t) => store.subscribe(clientId, t)))();
    for (const t of topics) conn.topics.add(t);
    return ids;
  };

  const fetchMessages = (conn: Connection, topics: string[]) => {
    const messages: Record<string, unknown>[] = [];
    let hasMore = false;
    for (const topic of topics) {
      const room = FETCH_PAGE - messages.length;
      if (room <= 0) {
        hasMore = true;
        break;
      }
      const page = store.pending(topic, conn.clientId, room + 1);
      if (page.length > room) hasMore = true;
      for (const m of page.slice(0, room)) {
        store.markDelivered(m.id, conn.clientId);
        const entry: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag };
        if (m.attestation) entry.attestation = m.attestation;
        messages.push(entry);
      }
    }
    return { messages, hasMore };
  };

  /** Runs one request; returns the result and what to do once it is answered. */
  const handle = (conn: Connection, method: string, params: unknown): { result: unknown; after?: () => void } => {
    const { clientId } = conn;
    switch (method) {
      case 'irn_publish': {
        const p = parsePublish(params, limits);
        takePublishes(clientId, 1);
        publish(clientId, p);
        return { result: true };
      }
      case 'irn_batchPublish': {
        const list = parseBatchPublish(params, limits);
        takePublishes(clientId, list.length);
        options.db.transaction(() => list.forEach((p) => publish(clientId, p)))();
        return { result: true };
      }
      case 'irn_subscribe': {
        const topic = parseTopic(params, limits);
        const [id] = subscribe(conn, [topic]);
        return { result: id, after: () => flush(conn, [topic]) };
      }
      case 'irn_batchSubscribe': {
        const topics = parseTopics(params, limits);
        return { result: subscribe(conn, topics), after: () => flush(conn, topics) };
      }
      case 'irn_unsubscribe': {
        const topic = parseTopic(params, limits);
        store.unsubscribe(clientId, topic);
        for (const c of clients.get(clientId) ?? []) c.topics.delete(topic);
        return { result: true };
      }
      case 'irn_batchUnsubscribe': {
        const topics = parseBatchUnsubscribe(params, limits);
        options.db.transaction(() => topics.forEach((t) => store.unsubscribe(clientId, t)))();
        for (const c of clients.get(clientId) ?? []) topics.forEach((t) => c.topics.delete(t));
        return { result: true };
      }
      case 'irn_fetchMessages':
        return { result: fetchMessages(conn, [parseTopic(params, limits)]) };
      case 'irn_batchFetchMessages':
        return { result: fetchMessages(conn, parseTopics(params, limits)) };
      case 'wc_proposeSession': {
        const p = parseProposeSession(params, limits);
        takePublishes(clientId, 1);
        subscribe(conn, [p.topic]);
        publish(clientId, p);
        return { result: true };
      }
      case 'wc_approveSession': {
        const { response, settle } = parseApproveSession(params, limits);
        takePublishes(clientId, 2);
        subscribe(conn, [settle.topic]);
        options.db.transaction(() => {
          publish(clientId, response);
          publish(clientId, settle);
        })();
        return { result: true };
      }
      default:
        throw new RelayRpcError(RPC_ERRORS.methodNotFound, `Unknown method '${method}'`);
    }
  };

  const invalidFrame = (conn: Connection, id: RpcId | null, code: number, message: string) => {
    replyError(conn, id, code, message);
    if (++conn.invalidFrames > MAX_INVALID_FRAMES) conn.ws.close(1008, 'Too many invalid frames');
  };

  const onFrame = (conn: Connection, data: RawData, isBinary: boolean) => {
    conn.alive = true;
    if (isBinary) return invalidFrame(conn, null, RPC_ERRORS.parse, 'Parse error: binary frames are not supported');
    let payload: unknown;
    try {
      payload = JSON.parse(data.toString());
    } catch {
      return invalidFrame(conn, null, RPC_ERRORS.parse, 'Parse error: the frame is not JSON');
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      return invalidFrame(conn, null, RPC_ERRORS.invalidRequest, 'Invalid request: expected a JSON-RPC object');
    }
    const msg = payload as Record<string, unknown>;
    const id = typeof msg.id === 'number' || typeof msg.id === 'string' ? msg.id : null;
    if (msg.method === undefined && id !== null && ('result' in msg || 'error' in msg)) {
      // The client's answer to an irn_subscription: `true` acknowledges the message.
      const messageId = conn.inflight.get(id);
      if (messageId !== undefined) {
        conn.inflight.delete(id);
        // Delivered ones no longer show as pending, so the socket need not remember them.
        if ('result' in msg && msg.error === undefined) store.markDelivered(messageId, conn.clientId);
        conn.pushed.delete(messageId);
      }
      return;
    }
    if (typeof msg.method !== 'string' || id === null) {
      return invalidFrame(conn, id, RPC_ERRORS.invalidRequest, "Invalid request: needs 'id' (number or string) and 'method' (string)");
    }
    try {
      const { result, after } = handle(conn, msg.method, msg.params);
      reply(conn, id, result);
      after?.();
    } catch (err) {
      if (err instanceof RelayRpcError) {
        replyError(conn, id, err.code, err.message);
      } else {
        log({ event: 'relay_error', method: msg.method, clientId: conn.clientId, error: (err as Error)?.stack ?? String(err) });
        replyError(conn, id, RPC_ERRORS.internal, 'Internal error');
      }
    }
  };

  const onConnection = (ws: WebSocket, clientId: string) => {
    const conn: Connection = { ws, clientId, alive: true, invalidFrames: 0, inflight: new Map(), pushed: new Set(), topics: new Set() };
    const list = clients.get(clientId) ?? [];
    list.push(conn);
    clients.set(clientId, list);
    log({ event: 'relay_connect', clientId });
    ws.on('pong', () => (conn.alive = true));
    ws.on('message', (data, isBinary) => {
      try {
        onFrame(conn, data, isBinary);
      } catch (err) {
        log({ event: 'relay_error', clientId, error: (err as Error)?.stack ?? String(err) });
      }
    });
    ws.on('error', (err) => log({ event: 'relay_socket_error', clientId, error: err.message }));
    ws.on('close', (code) => {
      const rest = (clients.get(clientId) ?? []).filter((c) => c !== conn);
      if (rest.length) clients.set(clientId, rest);
      else clients.delete(clientId);
      log({ event: 'relay_disconnect', clientId, code });
    });
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameSize });
  const http = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const status = path === '/health' ? 200 : 426;
    const body =
      status === 200
        ? { ok: true }
        : { message: 'This is the WalletConnect relay: connect with a WebSocket, ws://HOST:PORT/?auth=JWT&projectId=ID' };
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 426 ? { upgrade: 'websocket' } : {}) });
    res.end(JSON.stringify(body));
  });

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    if (closing) return refuse(socket, 503, 'Service Unavailable', 'The relay is shutting down');
    let jwt: string | null = null;
    try {
      jwt = new URL(req.url ?? '/', 'ws://relay').searchParams.get('auth');
    } catch {
      jwt = null;
    }
    authenticate(jwt).then(
      (auth) => {
        if (!auth.ok) {
          log({ event: 'relay_refused', reason: auth.reason });
          return refuse(socket, 401, 'Unauthorized', `Unauthorized: ${auth.reason}`);
        }
        if (closing) return refuse(socket, 503, 'Service Unavailable', 'The relay is shutting down');
        wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, auth.clientId));
      },
      () => refuse(socket, 401, 'Unauthorized', 'Unauthorized'),
    );
  });

  const pingTimer = setInterval(() => {
    for (const list of clients.values()) {
      for (const conn of list) {
        if (!conn.alive) {
          conn.ws.terminate();
          continue;
        }
        conn.alive = false;
        conn.ws.ping();
      }
    }
  }, options.pingIntervalMs ?? DEFAULT_RELAY_PING_INTERVAL_MS);
  pingTimer.unref();
  const pruneTimer = setInterval(() => {
    try {
      store.prune();
      rate.sweep();
    } catch (err) {
      log({ event: 'relay_error', error: (err as Error)?.stack ?? String(err) });
    }
  }, options.pruneIntervalMs ?? 60_000);
  pruneTimer.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port, host, () => {
        http.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    clearInterval(pingTimer);
    clearInterval(pruneTimer);
    throw err;
  }
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  let closed: Promise<void> | undefined;
  return {
    url: relayUrl(host, port),
    port,
    close() {
      closed ??= (async () => {
        closing = true;
        clearInterval(pingTimer);
        clearInterval(pruneTimer);
        const sockets = [...clients.values()].flat();
        await Promise.all(
          sockets.map(
            (conn) =>
              new Promise<void>((resolve) => {
                if (conn.ws.readyState === conn.ws.CLOSED) return resolve();
                const timer = setTimeout(() => conn.ws.terminate(), 1000);
                conn.ws.once('close', () => {
                  clearTimeout(timer);
                  resolve();
                });
                conn.ws.close(1001, 'The relay is shutting down');
              }),
          ),
        );
        wss.close();
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
      })();
      return closed;
    },
  };
}
