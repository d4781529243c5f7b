/**
 * The relay's hub: which sockets each client id has open, and how messages move between them.
 * A published message is admitted against the quotas and the storage cap, stored per topic
 * (RelayStore; on a topic no other client id subscribes to, for at most `unsubscribedTtl`) and
 * pushed as `irn_subscription` once per subscribed client id, on that client's newest open
 * socket subscribed to the topic, and never back to the sender's client id. The hub knows
 * nothing of HTTP or JSON-RPC framing.
 */
import type { Database } from 'better-sqlite3';
import { publishedBytes, RelayRpcError, RPC_ERRORS, type PublishParams, type RelayLimits, type RpcId } from './protocol.js';
import { RelayQuotas } from './quota.js';
import { RelayRetention } from './retention.js';
import { subscriptionId, type RelayStore, type StoredMessage } from './store.js';

/** What the hub needs of a socket (a `ws` WebSocket satisfies it). */
export interface RelaySocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code: number, reason: string): void;
}

export interface Connection<S extends RelaySocket = RelaySocket> {
  ws: S;
  clientId: string;
  /** The key of the socket's address in the per-IP quotas (quotaKey). */
  ip: string;
  alive: boolean;
  invalidFrames: number;
  /** irn_subscription request id -> message id, until the client acknowledges it. */
  inflight: Map<RpcId, number>;
  /** Message ids pushed on this socket (not pushed twice on it). */
  pushed: Set<number>;
  /** Topics subscribed on this socket: only these are pushed on it. */
  topics: Set<string>;
}

/** One message as irn_subscription and irn_fetchMessages give it. */
export interface DeliveredMessage {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  attestation?: string;
}

/** Messages returned by one irn_fetchMessages / irn_batchFetchMessages call. */
export const FETCH_PAGE = 500;

function delivered(m: StoredMessage): DeliveredMessage {
  const entry: DeliveredMessage = { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag };
  if (m.attestation) entry.attestation = m.attestation;
  return entry;
}

export class RelayHub<S extends RelaySocket = RelaySocket> {
  private readonly clients = new Map<string, Connection<S>[]>();
  private readonly quotas: RelayQuotas;
  private readonly retention: RelayRetention;
  private nextRpcId = Date.now() * 1000;

  constructor(
    private readonly db: Database,
    private readonly store: RelayStore,
    readonly limits: RelayLimits,
    now: () => number = Date.now,
  ) {
    this.quotas = new RelayQuotas(limits, db, now);
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
      pushed: new Set(),
      topics: new Set(),
    };
    const list = this.clients.get(clientId) ?? [];
    list.push(conn);
    this.clients.set(clientId, list);
    return conn;
  }

  /** Forgets a closed socket. */
  detach(conn: Connection<S>): void {
    const rest = (this.clients.get(conn.clientId) ?? []).filter((c) => c !== conn);
    if (rest.length) this.clients.set(conn.clientId, rest);
    else this.clients.delete(conn.clientId);
  }

  /** Every registered socket. */
  connections(): Connection<S>[] {
    return [...this.clients.values()].flat();
  }

  send(conn: Connection, payload: unknown): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(payload));
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
        const to = this.store.subscribers(p.topic).filter((clientId) => clientId !== senderClientId);
        const ttl = to.length ? p.ttl : Math.min(p.ttl, this.limits.unsubscribedTtl);
        return { m: this.store.addMessage({ ...p, ttl, senderClientId, senderIp }), to };
      }),
    );
    for (const { m, to } of stored) {
      for (const clientId of to) {
        const conn = this.socketOf(clientId, m.topic);
        if (conn) this.push(conn, m);
      }
    }
  }

  /** Subscribes the socket's client to `topics` (all or none, within the limit); returns their subscription ids. */
  subscribe(conn: Connection, topics: string[]): string[] {
    const { clientId } = conn;
    const fresh = new Set(topics.filter((t) => !this.store.isSubscribed(clientId, t)));
    if (fresh.size && this.store.subscriptionsOf(clientId) + fresh.size > this.limits.maxSubscriptionsPerClient) {
      throw new RelayRpcError(
        RPC_ERRORS.tooManySubscriptions,
        `Too many subscriptions: at most ${this.limits.maxSubscriptionsPerClient} topics per client`,
      );
    }
    const ids = this.transaction(() => topics.map((t) => this.store.subscribe(clientId, t)));
    for (const t of topics) conn.topics.add(t);
    return ids;
  }

  /** Unsubscribes a client id from `topics`, on every socket of it. */
  unsubscribe(clientId: string, topics: string[]): void {
    this.transaction(() => topics.forEach((t) => this.store.unsubscribe(clientId, t)));
    for (const c of this.clients.get(clientId) ?? []) topics.forEach((t) => c.topics.delete(t));
  }

  /** Pushes on `conn` what its client has not yet received of `topics`. */
  flush(conn: Connection, topics: Iterable<string>): void {
    for (const topic of topics) for (const m of this.store.pending(topic, conn.clientId)) this.push(conn, m);
  }

  /** Up to FETCH_PAGE undelivered messages of `topics`, marked delivered to the socket's client. */
  fetchMessages(conn: Connection, topics: string[]): { messages: DeliveredMessage[]; hasMore: boolean } {
    const messages: DeliveredMessage[] = [];
    let hasMore = false;
    for (const topic of topics) {
      const room = FETCH_PAGE - messages.length;
      if (room <= 0) {
        hasMore = true;
        break;
      }
      const page = this.store.pending(topic, conn.clientId, room + 1);
      if (page.length > room) hasMore = true;
      for (const m of page.slice(0, room)) {
        this.store.markDelivered(m.id, conn.clientId);
        messages.push(delivered(m));
      }
    }
    return { messages, hasMore };
  }

  /** The client's answer to an irn_subscription: a result marks the message delivered. */
  acknowledge(conn: Connection, rpcId: RpcId, ok: boolean): void {
    const messageId = conn.inflight.get(rpcId);
    if (messageId === undefined) return;
    conn.inflight.delete(rpcId);
    // Delivered ones no longer show as pending, so the socket need not remember them.
    if (ok) this.store.markDelivered(messageId, conn.clientId);
    conn.pushed.delete(messageId);
  }

  /** Deletes expired messages, messages nobody fetched within `unfetchedTtl`, stale subscriptions and ended quota windows. */
  prune(): void {
    this.store.prune();
    this.retention.pruneUnfetched();
    this.quotas.sweep();
  }

  /** The socket a client id receives `topic` on: its newest open one subscribed to it. */
  private socketOf(clientId: string, topic: string): Connection<S> | undefined {
    return [...(this.clients.get(clientId) ?? [])].reverse().find((c) => c.ws.readyState === c.ws.OPEN && c.topics.has(topic));
  }

  private push(conn: Connection, m: StoredMessage): void {
    if (conn.pushed.has(m.id)) return;
    const id = ++this.nextRpcId;
    conn.pushed.add(m.id);
    conn.inflight.set(id, m.id);
    const params = { id: subscriptionId(m.topic, conn.clientId), data: delivered(m) };
    this.send(conn, { id, jsonrpc: '2.0', method: 'irn_subscription', params });
  }
}
