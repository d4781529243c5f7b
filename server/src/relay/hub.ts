/**
 * The relay's hub: which sockets each client id has open, and how messages move between them. A
 * published message is admitted against the quotas and the storage cap, stored per topic
 * (RelayStore; unsubscribed topics keep it at most `unsubscribedTtl`) and pushed as
 * `irn_subscription` once per subscribed client id (through the fan-out, fanout.ts), on its
 * newest open socket subscribed to the topic, never back to the sender. A socket gets at most
 * `maxUnacknowledgedPushes` unacknowledged pushes and none while `socketBufferBytes` wait
 * (SocketFlow); the rest wait in the database and follow in order. Storage is asynchronous
 * (storage/relay-*.ts): a topic's publishes are handled in order (KeyedOrder), a socket's backlog
 * by one pump at a time, and background work is awaited by `settled`. No HTTP or JSON-RPC here.
 */ import type { Storage } from '../storage/engine.js';
import { SocketFlow } from './backpressure.js';
import { newConnection, roomOf, type Connection, type RelaySocket } from './connection.js';
import type { PublishParams, RelayLimits, RpcId } from './protocol.js';
import { deliveredJson, fetchPending, STORE_PAGE, type DeliveredMessage } from './delivered.js';
import { admit } from './admission.js';
import { RelayQuotas } from './quota.js';
import type { QuotaWindows } from './quota-windows.js';
import { RelayRetention } from './retention.js';
import type { RelayStore, StoredMessage } from './store.js';
import { RelaySubscriptions, subscriptionId } from './subscriptions.js';
import { refusalReason, type RelayMetrics } from './metrics.js';
import type { Fanned, RelayFanout } from './fanout.js';
import { KeyedOrder } from './topic-order.js';

export type { Connection, RelaySocket } from './connection.js';

export class RelayHub<S extends RelaySocket = RelaySocket> {
  /** Where the hub reports what it does; none by default. */
  metrics: RelayMetrics | undefined;
  /** How published messages reach the other instances' sockets (fanout.ts); none: this process's only. */
  fanout: RelayFanout | undefined;
  private readonly clients = new Map<string, Connection<S>[]>();
  readonly quotas: RelayQuotas;
  readonly subscriptions: RelaySubscriptions;
  readonly retention: RelayRetention;
  private readonly topicOrder = new KeyedOrder();
  private readonly background = new Set<Promise<unknown>>();
  private nextRpcId = Date.now() * 1000;

  constructor(
    /** The backend's storage (on SQLite, a write refused for a full disk is noted on its handle for /health). */
    readonly storage: Storage,
    readonly store: RelayStore,
    readonly limits: RelayLimits,
    now: () => number = Date.now,
    private readonly log: (entry: Record<string, unknown>) => void = () => undefined,
  ) {
    // One instance counts in memory (written back); with Redis, server.ts counts there (countQuotasIn).
    this.quotas = new RelayQuotas(limits, storage, now, 'local');
    this.subscriptions = new RelaySubscriptions(storage, limits, now);
    this.retention = new RelayRetention(store, limits, now);
  }

  /** Registers a newly authenticated socket of `clientId` from the address counted as `ip`. */
  attach(ws: S, clientId: string, ip: string): Connection<S> {
    const conn: Connection<S> = newConnection(
      ws,
      clientId,
      ip,
      (c) =>
        new SocketFlow(ws, {
          highWater: this.limits.socketBufferBytes,
          stallMs: this.limits.socketStallTimeout * 1000,
          onDrain: () => this.pump(c),
          onStall: (info) => this.log({ event: 'relay_slow_reader', clientId, ip, ...info }),
        }),
    );
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

  /** Notes a refusal in words (a RelayRpcError) for the metrics when a quota made it. */
  refused(code: number): void {
    const reason = refusalReason(code);
    if (reason) this.metrics?.refused(reason);
  }

  /** Every registered socket (`.length`: how many). */
  connections(): Connection<S>[] {
    return [...this.clients.values()].flat();
  }

  send(conn: Connection, payload: unknown): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.flow.send(JSON.stringify(payload));
  }

  /** Settles once what runs in the background (pumps, acknowledgements being written) has finished. */
  async settled(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
    await this.store.mailbox.flushDeliveries();
    await this.quotas.flush();
  }

  /** Counts the hourly quota windows in what `make` returns from now on (Redis between instances), given the database's namespace. */
  async countQuotasIn(make: (namespace: number, current: QuotaWindows) => QuotaWindows): Promise<void> {
    const namespace = await this.quotas.repository.namespace();
    this.quotas.countIn((current) => make(namespace, current));
  }

  /**
   * Counts `list`, about to be published from `conn`, against the quotas (all or nothing): a
   * RelayRpcError when it would pass one or the store cannot take it (admission.ts).
   */
  admit(conn: Connection, list: readonly PublishParams[]): Promise<void> {
    return admit(this, conn, list);
  }

  /**
   * Stores messages from `sender` (a client id, or a socket's client id and address) all or
   * nothing and then pushes each to every other subscribed client id that has a socket open, in
   * order per topic. One no other client id subscribes to is kept at most `unsubscribedTtl`.
   */
  publish(sender: string | Pick<Connection, 'clientId' | 'ip'>, ...list: PublishParams[]): Promise<void> {
    const { clientId: senderClientId, ip: senderIp } = typeof sender === 'string' ? { clientId: sender, ip: undefined } : sender;
    return this.topicOrder.run(
      list.map((p) => p.topic),
      async () => {
        const recipients: string[][] = [];
        // Cached (subscriptions.ts) when no other instance subscribes, or each tells of its changes (fanout.ts).
        const cached = this.fanout?.cachesSubscribers ?? true;
        for (const p of list) {
          // A cache hit costs no promise (the hot path); the sender is left out.
          const ids = (cached && this.subscriptions.cachedSubscribers(p.topic)) || (await this.subscriptions.subscribers(p.topic, cached));
          recipients.push(ids.filter((clientId) => clientId !== senderClientId));
        }
        const messages = await this.store.addMessages(
          list.map((p, i) => {
            const ttl = recipients[i]!.length ? p.ttl : Math.min(p.ttl, this.limits.unsubscribedTtl);
            return { ...p, ttl, senderClientId, senderIp };
          }),
        );
        const stored = messages.map((m, i) => ({ m, to: recipients[i]! }));
        this.metrics?.published(stored.length);
        if (this.fanout) this.fanout.publish(stored);
        else this.deliver(stored);
      },
    );
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
  async subscribe(conn: Connection, topics: string[]): Promise<string[]> {
    const ids = await this.subscriptions.add(conn.clientId, conn.ip, topics);
    topics.forEach((t, i) => {
      conn.topics.add(t);
      conn.subscriptionIds.set(t, ids[i]!);
      conn.backlog.add(t);
    });
    return ids;
  }

  /** Unsubscribes a client id from `topics`, on every socket of it. */
  async unsubscribe(clientId: string, topics: string[]): Promise<void> {
    await this.subscriptions.delete(clientId, topics);
    for (const c of this.clients.get(clientId) ?? []) {
      for (const t of topics) {
        c.topics.delete(t);
        c.subscriptionIds.delete(t);
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
  async fetchMessages(conn: Connection, topics: string[]): Promise<{ messages: DeliveredMessage[]; hasMore: boolean }> {
    const fetched = await fetchPending(this.store, conn.clientId, topics);
    if (fetched.messages.length) this.metrics?.delivered(fetched.messages.length);
    return fetched;
  }

  /** The client's answer to an irn_subscription: a result marks the message delivered; either frees room for the next. */
  acknowledge(conn: Connection, rpcId: RpcId, ok: boolean): void {
    const messageId = conn.inflight.get(rpcId);
    if (messageId === undefined) return;
    conn.inflight.delete(rpcId);
    if (ok) {
      // Written with the other acknowledgements of this turn; every read of what waits writes them first.
      this.track(this.store.markDelivered(messageId, conn.clientId));
      this.metrics?.delivered(1);
    }
    this.pump(conn);
  }

  /** Deletes expired messages, messages nobody fetched within `unfetchedTtl`, expired subscriptions and ended quota windows. */
  async prune(): Promise<void> {
    await this.store.prune();
    await this.retention.pruneUnfetched();
    await this.subscriptions.sweep();
    await this.quotas.sweep();
    // Other instances on one Postgres add and delete messages too: the running totals are read again.
    if (this.storage.engine === 'postgres') await this.store.recount();
  }

  /** The socket a client id receives `topic` on: its newest open one subscribed to it. */
  socketOf(clientId: string, topic: string): Connection<S> | undefined {
    const list = this.clients.get(clientId) ?? [];
    for (let i = list.length - 1; i >= 0; i--)
      if (list[i]!.ws.readyState === list[i]!.ws.OPEN && list[i]!.topics.has(topic)) return list[i];
    return undefined;
  }

  /** Pushes a message just published, unless older ones of its topic wait or the socket has no room (then it waits too). */
  private offer(conn: Connection, m: StoredMessage): void {
    // A pump that read the topic since the message was stored has pushed it already.
    if (m.id <= (conn.cursors.get(m.topic) ?? 0)) return;
    if (conn.backlog.has(m.topic) || roomOf(conn, this.limits) === 0) {
      conn.backlog.add(m.topic);
      this.pump(conn);
    } else {
      this.push(conn, m);
    }
  }

  /** Pushes what waits on the socket's backlog topics, oldest first per topic, while it has room (one pump per socket at a time; none, and no promise, when nothing waits). */
  private pump(conn: Connection): void {
    conn.wakes++;
    if (!conn.pumping && conn.backlog.size) this.track(this.drain(conn));
  }

  private async drain(conn: Connection): Promise<void> {
    conn.pumping = true;
    try {
      for (const topic of conn.backlog) {
        for (;;) {
          const room = roomOf(conn, this.limits);
          if (room === 0) return;
          const limit = Math.min(room, STORE_PAGE);
          const wakes = conn.wakes;
          const page = await this.store.pending(topic, conn.clientId, limit, conn.cursors.get(topic) ?? 0);
          if (!conn.backlog.has(topic)) break;
          for (const m of page) {
            if (roomOf(conn, this.limits) === 0) return;
            if (m.id > (conn.cursors.get(topic) ?? 0)) this.push(conn, m);
          }
          // A short page is the end, unless more was offered or acknowledged while it was read.
          if (page.length < limit && wakes === conn.wakes) break;
        }
        conn.backlog.delete(topic);
      }
    } finally {
      conn.pumping = false;
    }
  }

  /** Runs `work` in the background (awaited by `settled`); a failure is logged. */
  private track(work: Promise<unknown>): void {
    if (this.background.has(work)) return;
    this.background.add(work);
    void work
      .catch((err: unknown) => this.log({ event: 'relay_error', error: (err as Error)?.stack ?? String(err) }))
      .finally(() => this.background.delete(work));
  }

  /** Sends `m` on `conn` (its JSON made once, whatever the number of recipients: delivered.ts). */
  private push(conn: Connection, m: StoredMessage): void {
    const id = ++this.nextRpcId;
    conn.inflight.set(id, m.id);
    conn.cursors.set(m.topic, Math.max(m.id, conn.cursors.get(m.topic) ?? 0));
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    const subscription = conn.subscriptionIds.get(m.topic) ?? subscriptionId(m.topic, conn.clientId);
    conn.flow.send(`{"id":${id},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"${subscription}","data":${deliveredJson(m)}}}`);
  }
}
