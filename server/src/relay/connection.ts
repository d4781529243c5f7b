/**
 * A relay socket as the hub keeps it: its client id and address, what it has been pushed and
 * not yet acknowledged, its cursor and backlog per topic, and its send buffer's bound.
 */
import type { FlowSocket, SocketFlow } from './backpressure.js';
import type { RelayLimits, RpcId } from './protocol.js';

/** What the hub needs of a socket (a `ws` WebSocket satisfies it). */
export interface RelaySocket extends FlowSocket {
  readonly readyState: number;
  readonly OPEN: number;
}

export interface Connection<S extends RelaySocket = RelaySocket> {
  ws: S;
  clientId: string;
  /** The key of the socket's address in the per-IP quotas (clientKey). */
  ip: string;
  alive: boolean;
  invalidFrames: number;
  /** irn_subscription request id -> message id, until the client acknowledges it (at most maxUnacknowledgedPushes). */
  inflight: Map<RpcId, number>;
  /** Per topic, the id of the last message pushed on this socket (each is pushed once on it, in order). */
  cursors: Map<string, number>;
  /** Topics that may have messages waiting for this socket in the database. */
  backlog: Set<string>;
  /** Topics subscribed on this socket: only these are pushed on it. */
  topics: Set<string>;
  /** Per topic subscribed on it, its subscription id (computed once, not per push). */
  subscriptionIds: Map<string, string>;
  /** Its send buffer's bound. */
  flow: SocketFlow;
  /** Whether a pump reads its backlog now, and how often it was asked to (a pump reads again when asked meanwhile). */
  pumping: boolean;
  wakes: number;
}

/** A socket's connection with nothing pushed yet; `flow` makes its send buffer's bound (it calls back with the connection). */
export function newConnection<S extends RelaySocket>(
  ws: S,
  clientId: string,
  ip: string,
  flow: (conn: Connection<S>) => SocketFlow,
): Connection<S> {
  const conn = {
    ws,
    clientId,
    ip,
    alive: true,
    invalidFrames: 0,
    inflight: new Map(),
    cursors: new Map(),
    backlog: new Set(),
    topics: new Set(),
    subscriptionIds: new Map(),
    pumping: false,
    wakes: 0,
  } as Omit<Connection<S>, 'flow'> as Connection<S>;
  conn.flow = flow(conn);
  return conn;
}

/** How many more pushes the socket takes now: none while closed or blocked, else what its window has left. */
export function roomOf(conn: Connection, limits: Pick<RelayLimits, 'maxUnacknowledgedPushes'>): number {
  if (conn.ws.readyState !== conn.ws.OPEN || conn.flow.blocked) return 0;
  return Math.max(0, limits.maxUnacknowledgedPushes - conn.inflight.size);
}
