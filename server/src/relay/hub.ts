/**
 * The relay's hub: which sockets each client id has open, and how messages move between them.
 * A published message is admitted against the quotas and the storage cap, stored per topic
 * (RelayStore; on a topic no other client id subscribes to, for at most `unsubscribedTtl`) and
 * pushed as `irn_subscription` once per subscribed client id, on that client's newest open
 * socket subscribed to the topic, and never back to the sender's client id. A socket gets at
 * most `maxUnacknowledgedPushes` pushes it has not acknowledged, and none while it has
 * `socketBufferBytes` waiting to be sent (SocketFlow); the rest wait in the database and follow,
 * in order, as it acknowledges and drains. The hub knows nothing of HTTP or JSON-RPC framing.
 */
import type { Database } from 'better-sqlite3';
import { SocketFlow, type FlowSocket } from './backpressure.js';
import { publishedBytes, RelayRpcError, RPC_ERRORS, type PublishParams, type RelayLimits, type RpcId } from './protocol.js';
import { delivered, fetchPending, STORE_PAGE, type DeliveredMessage } from './delivered.js';
import { RelayQuotas } from './quota.js';
import { RelayRetention } from './retention.js';
import type { RelayStore, StoredMessage } from './store.js';
import { RelaySubscriptions, subscriptionId } from './subscriptions.js';
import { refusalReason, type RelayMetrics } from './metrics.js';
import type { Fanned, RelayFanout } from './fanout.js';

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
  /** Its send buffer's bound. */
  flow: SocketFlow;
}

export class RelayHub<S extends RelaySocket = RelaySocket> {
  /** Where the hub reports what it does; none by default. */
  metrics: RelayMetrics | undefined;
  /** How published messages reach the other instances' sockets (fanout.ts); none: this process's only. */
  fanout: RelayFanout | undefined;
  private readonly clients = new Map<string, Connection<S>[]>();
  private readonly quotas: RelayQuotas;
  private readonly subscriptions: RelaySubscriptions;
  private readonly retention: RelayRetention;
  private nextRpcId = Date.now() * 1000;

  constructor(
    /** The backend's database (a write it refuses for a full disk is noted on it for /health). */
    readonly db: Database,
    private readonly store: RelayStore,
    readonly limits: RelayLimits,
    now: () => number = Date.now,
    private readonly log: (entry: Record<string, unknown>) => void = () => undefined,
  ) {
    this.quotas = new RelayQuotas(limits, db, now);
    this.subscriptions = new RelaySubscriptions(db, limits, now);
    this.retention = new RelayRetention(db, store, limits, now);
  }

  /** Registers a newly authenticated socket of `clientId` from the address counted as `ip`. */
  attach(ws: S, clientId: string, ip: string): Connection<S> {
    const conn: Connection<S> = {
      ws,
      clientId,
      ip,
      alive: true,
      invalidFrames: 0,
      inflight: new Map(),
      cursors: new Map(),
      backlog: new Set(),
      topics: new Set(),
      flow: new SocketFlow(ws, {
        highWater: this.limits.socketBufferBytes,
        stallMs: this.limits.socketStallTimeout * 1000,
        onDrain: () => this.pump(conn),
        onStall: (info) => this.log({ event: 'relay_slow_reader', clientId, ip, ...info }),
      }),
    };
    const list = this.clients.get(clientId) ?? [];
    list.push(conn);
    this.clients.set(clientId, list);
    return conn;
  }

  /** Forgets a closed socket; the client's other sockets take over what it had not acknowledged. */
  detach(conn: Connection<S>): void {
    conn.flow.dispose();
    const rest = (this.clients.get(conn.clientId) ?? []).filter((c) => c !== conn);
    if (rest.length) this.clients.set(conn.clientId, rest);
    else this.clients.delete(conn.clientId);
    for (const c of rest) {
      c.topics.forEach((t) => c.backlog.add(t));
      this.pump(c);
    }
  }

  /** How many sockets are registered. */
  socketCount(): number {
    let n = 0;
    for (const list of this.clients.values()) n += list.length;
    return n;
  }

  /** Notes a refusal in words (a RelayRpcError) for the metrics when a quota made it. */
  refused(code: number): void {
    const reason = refusalReason(code);
    if (reason) this.metrics?.refused(reason);
  }

  /** Every registered socket. */
  connections(): Connection<S>[] {
    return [...this.clients.values()].flat();
  }

  send(conn: Connection, payload: unknown): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.flow.send(JSON.stringify(payload));
  }

  /** Runs `fn` in one database transaction. */
  transaction<T>(fn: () => T): T {
    try {
      return this.db.transaction(fn)();
    } catch (err) {
      this.store.recount();
      throw err;
    }
  }

  /**
   * Counts `list`, about to be published from `conn`, against the quotas (all or nothing): a
   * RelayRpcError when it would pass one, or when the store cannot take its bytes even once the
   * expired messages are pruned and the heaviest senders' oldest unfetched messages evicted.
   */
  admit(conn: Connection, list: readonly PublishParams[]): void {
    const bytes = list.reduce((n, p) => n + publishedBytes(p), 0);
    const fits = () => this.store.storedBytes() + bytes <= this.limits.maxStoredBytes;
    if (!fits()) {
      this.store.prune();
      // Nothing is evicted for a publish the quotas refuse.
      if (!fits()) this.quotas.check(conn.clientId, conn.ip, list.length, bytes);
      if (!fits() && !this.retention.makeRoom(bytes).fits) {
        throw new RelayRpcError(
          RPC_ERRORS.storageFull,
          `The relay's storage is full: it keeps at most ${this.limits.maxStoredBytes} bytes of messages; retry once some expire`,
        );
      }
    }
    this.quotas.take(conn.clientId, conn.ip, list.length, bytes);
  }

  /**
   * Stores messages from `sender` (a client id, or a socket's client id and address) in one
   * transaction and then pushes each to every other subscribed client id that has a socket
   * open. One no other client id subscribes to is kept at most `unsubscribedTtl`.
   */
  publish(sender: string | Pick<Connection, 'clientId' | 'ip'>, ...list: PublishParams[]): void {
    const { clientId: senderClientId, ip: senderIp } = typeof sender === 'string' ? { clientId: sender, ip: undefined } : sender;
    const stored = this.transaction(() =>
      list.map((p) => {
        const to = this.subscriptions.subscribers(p.topic).filter((clientId) => clientId !== senderClientId);
        const ttl = to.length ? p.ttl : Math.min(p.ttl, this.limits.unsubscribedTtl);
        return { m: this.store.addMessage({ ...p, ttl, senderClientId, senderIp }), to };
      }),
    );
    this.metrics?.published(stored.length);
    if (this.fanout) this.fanout.publish(stored);
    else this.deliver(stored);
  }

  /** Offers stored messages to the sockets of this process of the client ids each is for (the fan-out's last step). */
  deliver(stored: readonly Fanned[]): void {
    for (const { m, to } of stored) {
      for (const clientId of to) {
        const conn = this.socketOf(clientId, m.topic);
        if (conn) this.offer(conn, m);
      }
    }
  }

  /**
   * Subscribes the socket's client, from the socket's address, to `topics` (all or none, within
   * the per-client and per-address limits); returns their subscription ids. What waits on them
   * is pushed by `flush`.
   */
  subscribe(conn: Connection, topics: string[]): string[] {
    const ids = this.subscriptions.add(conn.clientId, conn.ip, topics);
    for (const t of topics) {
      conn.topics.add(t);
      conn.backlog.add(t);
    }
    return ids;
  }

  /** Unsubscribes a client id from `topics`, on every socket of it. */
  unsubscribe(clientId: string, topics: string[]): void {
    this.subscriptions.delete(clientId, topics);
    for (const c of this.clients.get(clientId) ?? []) {
      for (const t of topics) {
        c.topics.delete(t);
        c.backlog.delete(t);
      }
    }
  }

  /** Pushes on `conn` what its client has not yet received of `topics`, as far as its window and buffer allow. */
  flush(conn: Connection, topics: Iterable<string>): void {
    for (const t of topics) if (conn.topics.has(t)) conn.backlog.add(t);
    this.pump(conn);
  }

  /**
   * Undelivered messages of `topics`, marked delivered to the socket's client: up to FETCH_PAGE,
   * and past the first up to FETCH_PAGE_BYTES; `hasMore` when some are left.
   */
  fetchMessages(conn: Connection, topics: string[]): { messages: DeliveredMessage[]; hasMore: boolean } {
    const fetched = fetchPending(this.store, conn.clientId, topics);
    if (fetched.messages.length) this.metrics?.delivered(fetched.messages.length);
    return fetched;
  }

  /** The client's answer to an irn_subscription: a result marks the message delivered; either frees room for the next. */
  acknowledge(conn: Connection, rpcId: RpcId, ok: boolean): void {
    const messageId = conn.inflight.get(rpcId);
    if (messageId === undefined) return;
    conn.inflight.delete(rpcId);
    if (ok) {
      this.store.markDelivered(messageId, conn.clientId);
      this.metrics?.delivered(1);
    }
    this.pump(conn);
  }

  /** Deletes expired messages, messages nobody fetched within `unfetchedTtl`, expired subscriptions and ended quota windows. */
  prune(): void {
    this.store.prune();
    this.retention.pruneUnfetched();
    this.subscriptions.sweep();
    this.quotas.sweep();
  }

  /** The socket a client id receives `topic` on: its newest open one subscribed to it. */
  socketOf(clientId: string, topic: string): Connection<S> | undefined {
    return [...(this.clients.get(clientId) ?? [])].reverse().find((c) => c.ws.readyState === c.ws.OPEN && c.topics.has(topic));
  }

  /** Pushes a message just published, unless older ones of its topic wait or the socket has no room (then it waits too). */
  private offer(conn: Connection, m: StoredMessage): void {
    if (conn.backlog.has(m.topic) || this.room(conn) === 0) {
      conn.backlog.add(m.topic);
      this.pump(conn);
    } else {
      this.push(conn, m);
    }
  }

  /** Pushes what waits on the socket's backlog topics, oldest first per topic, while it has room. */
  private pump(conn: Connection): void {
    for (const topic of conn.backlog) {
      for (;;) {
        const room = this.room(conn);
        if (room === 0) return;
        const page = this.store.pending(topic, conn.clientId, Math.min(room, STORE_PAGE), conn.cursors.get(topic) ?? 0);
        for (const m of page) {
          if (this.room(conn) === 0) return;
          this.push(conn, m);
        }
        if (page.length < Math.min(room, STORE_PAGE)) break;
      }
      conn.backlog.delete(topic);
    }
  }

  /** How many more pushes the socket takes now: none while closed or blocked, else what its window has left. */
  private room(conn: Connection): number {
    if (conn.ws.readyState !== conn.ws.OPEN || conn.flow.blocked) return 0;
    return Math.max(0, this.limits.maxUnacknowledgedPushes - conn.inflight.size);
  }

  private push(conn: Connection, m: StoredMessage): void {
    const id = ++this.nextRpcId;
    conn.inflight.set(id, m.id);
    conn.cursors.set(m.topic, Math.max(m.id, conn.cursors.get(m.topic) ?? 0));
    const params = { id: subscriptionId(m.topic, conn.clientId), data: delivered(m) };
    this.send(conn, { id, jsonrpc: '2.0', method: 'irn_subscription', params });
  }
}
