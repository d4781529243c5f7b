/**
 * The WalletConnect relay: irn_* JSON-RPC over WebSocket on its own HTTP server. Clients
 * authenticate with a relay-auth JWT in the `auth` query; messages are kept in the database
 * (SQLite or Postgres, through the storage seam) per topic until their TTL and pushed (`irn_subscription`) once per subscribed client id, never back to
 * the sender's client id. This file wires the parts: the transport (HTTP, upgrade, pings), the
 * hub (sockets per client id, message routing), the frames and their method table. A socket's
 * frames are handled one after the other (their storage is asynchronous); past
 * MAX_QUEUED_FRAMES waiting, the socket is not read until they are down to half.
 */
import type { WebSocket } from 'ws';
import { authenticate, relayAudiences, type AuthPolicy } from './auth.js';
import { handleFrame, type RelayLog } from './frames.js';
import { RelayHub } from './hub.js';
import { relayLimits, type RelayLimits } from './protocol.js';
import { RelayStore } from './store.js';
import { SocketCaps } from './socket-caps.js';
import { listenRelay } from './transport.js';
import type { TrustProxy } from '../trust-proxy.js';
import { hostAllowed, hostsOfUrls } from '../allowed-hosts.js';
import type { ServerMetrics } from '../ops/metrics.js';
import type { RedisLink } from '../redis/client.js';
import { inProcessFanout, redisFanout, type RelayFanout } from './fanout.js';
import { redisQuotaWindows } from '../redis/quota-windows.js';
import { QUOTA_WINDOW_MS } from './quota.js';
import { relayStorage, type RelayDatabase } from '../storage/relay-storage.js';

export interface StartRelayOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /**
   * The backend's storage (`openStorage`: SQLite or Postgres, migrated), or the SQLite handle of
   * `openDatabase`; the relay does not close it.
   */
  db: RelayDatabase;
  /** Log connections and errors as JSON lines on stdout (or to the function). Default off. */
  log?: boolean | ((entry: Record<string, unknown>) => void);
  /** Overrides of RELAY_LIMITS (a RangeError for a bad one). */
  limits?: Partial<RelayLimits>;
  /**
   * The URL clients reach the relay at when it is not the printed one (behind a proxy or on a
   * LAN, e.g. `wss://relay.example.com`): JWTs for it are accepted too.
   */
  publicUrl?: string | undefined;
  /**
   * Host names served besides the listen host, loopback and `publicUrl`'s host (allowed-hosts.ts);
   * default none. Others get 421.
   */
  allowedHosts?: readonly string[];
  /** Which reverse proxies may name the client (X-Forwarded-For) for the per-IP quotas; default none. */
  trustProxy?: TrustProxy | boolean;
  /** Keep-alive ping interval; a socket that has not answered the previous ping is terminated. Default 15000. */
  pingIntervalMs?: number;
  /** How often expired messages are deleted. Default 60000. */
  pruneIntervalMs?: number;
  /** Where sockets, messages, mailbox depth and quota refusals are counted (GET /metrics); default nowhere. */
  metrics?: ServerMetrics;
  /**
   * Redis between instances (`--redis`): published messages fan out through its pub/sub to the
   * sockets of every instance on the same database (fanout.ts). Default: this process's sockets.
   */
  redis?: RedisLink;
}

export interface RunningRelay {
  /** e.g. `ws://127.0.0.1:4302` */
  url: string;
  port: number;
  /** Closes every socket (code 1001) and stops listening; the database stays open. */
  close(): Promise<void>;
}

export const DEFAULT_RELAY_PING_INTERVAL_MS = 15_000;
/** How often expired messages are deleted by default. */
export const DEFAULT_RELAY_PRUNE_INTERVAL_MS = 60_000;
/** Frames of one socket waiting for their turn before the socket is no longer read. */
export const MAX_QUEUED_FRAMES = 64;

/** The URL to reach a relay on host:port (a wildcard host is reached on loopback). */
export function relayUrl(host: string, port: number): string {
  const reach = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `ws://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
}

function relayLog(log: StartRelayOptions['log']): RelayLog {
  if (typeof log === 'function') return log;
  if (log) return (entry) => process.stdout.write(`${JSON.stringify({ time: Date.now(), ...entry })}\n`);
  return () => undefined;
}

export async function startRelay(options: StartRelayOptions): Promise<RunningRelay> {
  const host = options.host ?? '127.0.0.1';
  const limits = relayLimits(options.limits);
  const log = relayLog(options.log);
  const storage = relayStorage(options.db);
  const store = new RelayStore(storage);
  const hub = new RelayHub<WebSocket>(storage, store, limits, Date.now, log);
  await store.recount();
  await hub.prune();
  const fanout: RelayFanout = options.redis ? redisFanout(hub, options.redis, log) : inProcessFanout(hub);
  if ('ready' in fanout) await fanout.ready;
  hub.fanout = fanout;
  const { redis } = options;
  if (redis) await hub.countQuotasIn((namespace, local) => redisQuotaWindows(redis, namespace, QUOTA_WINDOW_MS, local));
  const { metrics } = options;
  if (metrics) {
    hub.metrics = metrics.relay;
    metrics.sources.relay = {
      sockets: () => hub.socketCount(),
      mailboxBytes: () => store.storedBytes(),
      mailboxMessages: (cap) => store.storedMessages(cap),
    };
  }

  const onSocket = (ws: WebSocket, clientId: string, ip: string) => {
    const conn = hub.attach(ws, clientId, ip);
    log({ event: 'relay_connect', clientId, ip });
    ws.on('pong', () => (conn.alive = true));
    let turn: Promise<void> = Promise.resolve();
    let queued = 0;
    let paused = false;
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? null : data.toString();
      if (++queued >= MAX_QUEUED_FRAMES) {
        paused = true;
        ws.pause();
      }
      turn = turn
        .then(() => handleFrame(hub, conn, text, log))
        .catch((err: unknown) => log({ event: 'relay_error', clientId, error: (err as Error)?.stack ?? String(err) }))
        .finally(() => {
          // The send buffer's bound (SocketFlow) may hold the socket paused too.
          if (--queued <= MAX_QUEUED_FRAMES >> 1 && paused && !conn.flow.blocked) {
            paused = false;
            ws.resume();
          }
        });
    });
    ws.on('error', (err) => log({ event: 'relay_socket_error', clientId, error: err.message }));
    ws.on('close', (code) => {
      hub.detach(conn);
      log({ event: 'relay_disconnect', clientId, code, peakBufferedBytes: conn.flow.peakBufferedBytes });
    });
  };

  // The audiences name the port, known once listening (before any upgrade can arrive).
  const policy: AuthPolicy = { audiences: new Set(), maxLifetime: limits.maxJwtLifetime };
  const transport = await listenRelay({
    port: options.port,
    host,
    maxFrameSize: limits.maxFrameSize,
    pingIntervalMs: options.pingIntervalMs ?? DEFAULT_RELAY_PING_INTERVAL_MS,
    log,
    authenticate: (jwt) => authenticate(jwt, policy),
    onSocket,
    trustProxy: options.trustProxy,
    hostAllowed: (header) =>
      hostAllowed(header, { listenHost: () => host, allowed: [...(options.allowedHosts ?? []), ...hostsOfUrls([options.publicUrl])] }),
    caps: new SocketCaps(limits),
    liveness: () => hub.connections(),
  });
  const url = relayUrl(host, transport.port);
  policy.audiences = relayAudiences(url, options.publicUrl);
  const pruneTimer = setInterval(() => {
    hub.prune().catch((err: unknown) => log({ event: 'relay_error', error: (err as Error)?.stack ?? String(err) }));
  }, options.pruneIntervalMs ?? DEFAULT_RELAY_PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  let closed: Promise<void> | undefined;
  return {
    url,
    port: transport.port,
    close() {
      closed ??= (async () => {
        clearInterval(pruneTimer);
        if (metrics) metrics.sources.relay = undefined;
        await transport.close(hub.connections().map((c) => c.ws));
        await fanout.close();
        // What was acknowledged is written before the relay is closed.
        await hub.settled().catch((err: unknown) => log({ event: 'relay_error', error: (err as Error)?.stack ?? String(err) }));
      })();
      return closed;
    },
  };
}
