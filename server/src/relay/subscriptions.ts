/**
 * The relay's subscriptions (stored through storage/relay-subscriptions.ts, so they survive a
 * restart and are shared by instances on one database), and the one place that counts them. A client id is any fresh key, so besides `maxSubscriptionsPerClient` per client id they
 * count against the address that made them (its quota key: an IPv4 address, an IPv6 /64):
 * all its client ids together hold at most `ipSubscriptions`. A subscription lives as long as
 * a message on its topic can (`maxTtl` from its last subscribe, which renews it) and is then
 * swept; clients subscribe again on every connect. The subscribers of a topic are cached
 * (`subscribers(topic, true)`): read once, dropped when this instance subscribes or unsubscribes
 * anyone to the topic or sweeps, and read again at least every SUBSCRIBERS_CACHE_MS (at most
 * SUBSCRIBERS_CACHE_TOPICS topics, the oldest dropped first). Between instances, `changed` tells
 * the others (fanout.ts, through Redis) before a change is answered, and they `forgetCached`.
 */
import { createHash } from 'node:crypto';
import { RelayRpcError, RPC_ERRORS, type RelayLimits } from './protocol.js';
import type { Storage } from '../storage/engine.js';
import { relaySubscriptionsRepository, type RelaySubscriptionsRepository } from '../storage/relay-subscriptions.js';

/** `sha256_hex(topic + clientId)`, the id clients compute for their subscriptions. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex');
}

/** How long a subscription lives after its last subscribe: as long as a message can (maxTtl). */
export const subscriptionTtlMs = (limits: Pick<RelayLimits, 'maxTtl'>): number => limits.maxTtl * 1000;

/** How long a topic's cached subscribers are used before they are read again. */
export const SUBSCRIBERS_CACHE_MS = 5000;
/** Topics whose subscribers are cached at most. */
export const SUBSCRIBERS_CACHE_TOPICS = 10_000;

interface CachedSubscribers {
  readAt: number;
  /** Client id and when its subscription expires. */
  list: { clientId: string; expiresAt: number }[];
}

export class RelaySubscriptions {
  private readonly repo: RelaySubscriptionsRepository;
  private readonly cache = new Map<string, CachedSubscribers>();
  /** Bumped by every change, so a read that raced one is not cached. */
  private generation = 0;
  /** Tells the other instances the subscribers of `topics` changed (awaited before the change is answered); none alone. */
  changed: ((topics: readonly string[]) => Promise<void>) | undefined;

  constructor(
    storage: Storage,
    private readonly limits: RelayLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = relaySubscriptionsRepository(storage);
  }

  /**
   * Subscribes `clientId`, from the address counted as `ip`, to `topics` (renewing those it
   * holds), all or none: a RelayRpcError (-32014) naming the limit when the client id or the
   * address would hold more than it may. Returns the subscription ids, in the order of `topics`.
   */
  async add(clientId: string, ip: string, topics: readonly string[]): Promise<string[]> {
    this.forget(topics);
    const now = this.now();
    const { maxSubscriptionsPerClient: perClient, ipSubscriptions: perAddress } = this.limits;
    const refused = await this.repo
      .add({
        clientId,
        ip,
        topics: [...new Set(topics)].map((topic) => ({ topic, id: subscriptionId(topic, clientId) })),
        now,
        expiresAt: now + subscriptionTtlMs(this.limits),
        perClient,
        perAddress,
      })
      .finally(() => this.forget(topics));
    if (refused === undefined) await this.changed?.(topics);
    if (refused === 'client') {
      throw new RelayRpcError(RPC_ERRORS.tooManySubscriptions, `Too many subscriptions: at most ${perClient} topics per client`);
    }
    if (refused === 'address') {
      throw new RelayRpcError(
        RPC_ERRORS.tooManySubscriptions,
        `Too many subscriptions: at most ${perAddress} topics per IP address, for all its clients together; unsubscribe from some first`,
      );
    }
    return topics.map((t) => subscriptionId(t, clientId));
  }

  /** Removes the client id's subscriptions to `topics`. */
  async delete(clientId: string, topics: readonly string[]): Promise<void> {
    this.forget(topics);
    await this.repo.delete(clientId, topics);
    this.forget(topics);
    await this.changed?.(topics);
  }

  /**
   * Client ids with an unexpired subscription to `topic`; with `cached`, as last read within
   * SUBSCRIBERS_CACHE_MS unless this instance changed them since (one instance: nobody else does).
   */
  async subscribers(topic: string, cached = false): Promise<string[]> {
    const now = this.now();
    if (!cached) return (await this.repo.subscribers(topic, now)).map((s) => s.clientId);
    const hit = this.cachedSubscribers(topic, now);
    if (hit) return hit;
    const generation = this.generation;
    const list = await this.repo.subscribers(topic, now);
    if (generation === this.generation) {
      this.cache.delete(topic);
      if (this.cache.size >= SUBSCRIBERS_CACHE_TOPICS) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(topic, { readAt: now, list });
    }
    return list.map((s) => s.clientId);
  }

  /**
   * The cached client ids subscribed to `topic` at `now`, without a promise (a publish's hot
   * path); undefined when not cached or read longer than SUBSCRIBERS_CACHE_MS ago.
   */
  cachedSubscribers(topic: string, now = this.now()): string[] | undefined {
    const hit = this.cache.get(topic);
    if (!hit || now - hit.readAt >= SUBSCRIBERS_CACHE_MS) return undefined;
    const ids: string[] = [];
    for (const s of hit.list) if (s.expiresAt > now) ids.push(s.clientId);
    return ids;
  }

  /** Unexpired subscriptions of a client id. */
  countOfClient(clientId: string): Promise<number> {
    return this.repo.countOfClient(clientId, this.now());
  }

  /** Unexpired subscriptions made from the address counted as `ip`, by all its client ids. */
  countOfAddress(ip: string): Promise<number> {
    return this.repo.countOfAddress(ip, this.now());
  }

  /** Deletes expired subscriptions; returns how many. */
  async sweep(): Promise<number> {
    this.forget();
    return this.repo.sweep(this.now());
  }

  /** Drops the cached subscribers of `topics`, all when none given (another instance changed them). */
  forgetCached(topics?: readonly string[]): void {
    this.forget(topics);
  }

  /** Drops the cached subscribers of `topics` (all when none given). */
  private forget(topics?: readonly string[]): void {
    this.generation++;
    if (topics) for (const t of topics) this.cache.delete(t);
    else this.cache.clear();
  }
}
