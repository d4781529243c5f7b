/**
 * The server's Prometheus metrics (prom-client), one registry per running server so several
 * servers in one process (the tests) never share a series. HTTP requests are counted by app,
 * method, route pattern (never the raw URL: the label's values are the routes, a bounded set)
 * and status, with a latency histogram; the relay reports sockets, messages published and
 * delivered and quota refusals through RelayMetrics; gauges that cost a read (mailbox depth,
 * indexer lag) are read on scrape, each in bounded time.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { IndexerStatus } from '../blockchain/indexer.js';
import type { RelayMetrics } from '../relay/metrics.js';

/** The label of a request no route matched (a 404): one value, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The mailbox gauge counts at most this many messages per scrape (one bounded read); the bytes gauge has the full size. */
export const MAILBOX_COUNT_CAP = 100_000;

/** What the gauges read on scrape; the relay and the indexer plug theirs in once started. */
export interface MetricsSources {
  relay?: { sockets(): number; mailboxBytes(): number; mailboxMessages(cap: number): number };
  indexers?: () => readonly IndexerStatus[];
  /** With `--redis`: why Redis does not answer PING (undefined when it does). */
  redis?: () => Promise<string | undefined>;
}

export class ServerMetrics {
  readonly registry = new Registry();
  readonly sources: MetricsSources = {};
  private readonly requests: Counter<'app' | 'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'app' | 'method' | 'route' | 'status'>;
  private readonly published: Counter;
  private readonly delivered: Counter;
  private readonly refusals: Counter<'scope' | 'reason'>;

  constructor() {
    const registers = [this.registry];
    const labelNames = ['app', 'method', 'route', 'status'] as const;
    this.requests = new Counter({ name: 'w3kit_http_requests_total', help: 'HTTP requests answered', labelNames, registers });
    this.latency = new Histogram({
      name: 'w3kit_http_request_duration_seconds',
      help: 'Time from a request to its reply',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.published = new Counter({ name: 'w3kit_relay_messages_published_total', help: 'Relay messages stored for delivery', registers });
    this.delivered = new Counter({
      name: 'w3kit_relay_messages_delivered_total',
      help: 'Relay messages a client acknowledged or fetched',
      registers,
    });
    this.refusals = new Counter({
      name: 'w3kit_quota_refusals_total',
      help: 'Requests refused by a quota: scope http (per-IP rate limit) or relay (reason: rate_limited, storage_full)',
      labelNames: ['scope', 'reason'] as const,
      registers,
    });
    const sources = this.sources;
    new Gauge({
      name: 'w3kit_relay_sockets_open',
      help: 'Relay WebSocket connections open',
      registers,
      collect() {
        this.set(sources.relay?.sockets() ?? 0);
      },
    });
    new Gauge({
      name: 'w3kit_relay_mailbox_messages',
      help: `Relay messages stored (delivered or not) until their TTL, counted up to ${MAILBOX_COUNT_CAP}`,
      registers,
      collect() {
        this.set(sources.relay?.mailboxMessages(MAILBOX_COUNT_CAP) ?? 0);
      },
    });
    new Gauge({
      name: 'w3kit_relay_mailbox_bytes',
      help: 'Bytes of the relay messages stored (the storage cap counts these)',
      registers,
      collect() {
        this.set(sources.relay?.mailboxBytes() ?? 0);
      },
    });
    new Gauge({
      name: 'w3kit_redis_up',
      help: 'Whether Redis between instances (--redis) answers PING: 1 or 0; absent without --redis',
      registers,
      async collect() {
        this.reset();
        if (sources.redis) this.set((await sources.redis()) === undefined ? 1 : 0);
      },
    });
    new Gauge({
      name: 'w3kit_indexer_head_lag_blocks',
      help: "Blocks between a chain's head and the last block indexed",
      labelNames: ['chain'] as const,
      registers,
      collect() {
        this.reset();
        for (const s of sources.indexers?.() ?? []) {
          if (s.head !== null && s.chainId !== null) this.set({ chain: s.chainId }, Math.max(0, s.head - (s.indexed ?? -1)));
        }
      },
    });
  }

  /** Counts every reply of `app` (onResponse) under its route pattern. */
  observeHttp(app: FastifyInstance, name: string): void {
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      const labels = { app: name, method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(status) };
      this.requests.inc(labels);
      this.latency.observe(labels, reply.elapsedTime / 1000);
      if (status === 429) this.refusals.inc({ scope: 'http', reason: 'rate_limited' });
    });
  }

  /** What the relay hub reports. */
  readonly relay: RelayMetrics = {
    published: (n) => this.published.inc(n),
    delivered: (n) => this.delivered.inc(n),
    refused: (reason) => this.refusals.inc({ scope: 'relay', reason }),
  };

  /** The Prometheus text exposition of every series. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
