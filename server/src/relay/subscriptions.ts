/**
 * The relay's subscriptions (SQLite, so they survive a restart), and the one place that counts
 * them. A client id is any fresh key, so besides `maxSubscriptionsPerClient` per client id they
 * count against the address that made them (its quota key: an IPv4 address, an IPv6 /64):
 * all its client ids together hold at most `ipSubscriptions`. A subscription lives as long as
 * a message on its topic can (`maxTtl` from its last subscribe, which renews it) and is then
 * swept; clients subscribe again on every connect.
 */
import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { RelayRpcError, RPC_ERRORS, type RelayLimits } from './protocol.js';

/** `sha256_hex(topic + clientId)`, the id clients compute for their subscriptions. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex');
}

/** How long a subscription lives after its last subscribe: as long as a message can (maxTtl). */
export const subscriptionTtlMs = (limits: Pick<RelayLimits, 'maxTtl'>): number => limits.maxTtl * 1000;

export class RelaySubscriptions {
  private readonly upsert: Statement;
  private readonly remove: Statement;
  private readonly ofClient: Statement;
  private readonly ofAddress: Statement;
  private readonly held: Statement;
  private readonly heldHere: Statement;
  private readonly subscribersQuery: Statement;
  private readonly sweepQuery: Statement;

  constructor(
    private readonly db: Database,
    private readonly limits: RelayLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.upsert = db.prepare(
      `INSERT INTO relay_subscriptions (client_id, topic, id, subscribed_at, ip, expires_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (client_id, topic) DO UPDATE
         SET subscribed_at = excluded.subscribed_at, ip = excluded.ip, expires_at = excluded.expires_at`,
    );
    this.remove = db.prepare('DELETE FROM relay_subscriptions WHERE client_id = ? AND topic = ?');
    this.ofClient = db.prepare('SELECT count(*) FROM relay_subscriptions WHERE client_id = ? AND expires_at > ?').pluck();
    this.ofAddress = db.prepare('SELECT count(*) FROM relay_subscriptions WHERE ip = ? AND expires_at > ?').pluck();
    this.held = db.prepare('SELECT 1 FROM relay_subscriptions WHERE client_id = ? AND topic = ? AND expires_at > ?').pluck();
    this.heldHere = db.prepare('SELECT 1 FROM relay_subscriptions WHERE client_id = ? AND topic = ? AND ip = ? AND expires_at > ?').pluck();
    this.subscribersQuery = db.prepare('SELECT client_id FROM relay_subscriptions WHERE topic = ? AND expires_at > ?').pluck();
    this.sweepQuery = db.prepare('DELETE FROM relay_subscriptions WHERE expires_at <= ?');
  }

  /**
   * Subscribes `clientId`, from the address counted as `ip`, to `topics` (renewing those it
   * holds), all or none: a RelayRpcError (-32014) naming the limit when the client id or the
   * address would hold more than it may. Returns the subscription ids, in the order of `topics`.
   */
  add(clientId: string, ip: string, topics: readonly string[]): string[] {
    const now = this.now();
    const unique = [...new Set(topics)];
    const newForClient = unique.filter((t) => this.held.get(clientId, t, now) === undefined).length;
    const { maxSubscriptionsPerClient: perClient, ipSubscriptions: perIp } = this.limits;
    if (newForClient && (this.ofClient.get(clientId, now) as number) + newForClient > perClient) {
      throw new RelayRpcError(RPC_ERRORS.tooManySubscriptions, `Too many subscriptions: at most ${perClient} topics per client`);
    }
    const newForAddress = unique.filter((t) => this.heldHere.get(clientId, t, ip, now) === undefined).length;
    if (newForAddress && (this.ofAddress.get(ip, now) as number) + newForAddress > perIp) {
      throw new RelayRpcError(
        RPC_ERRORS.tooManySubscriptions,
        `Too many subscriptions: at most ${perIp} topics per IP address, for all its clients together; unsubscribe from some first`,
      );
    }
    const expiresAt = now + subscriptionTtlMs(this.limits);
    this.db.transaction(() => {
      for (const t of unique) this.upsert.run(clientId, t, subscriptionId(t, clientId), now, ip, expiresAt);
    })();
    return topics.map((t) => subscriptionId(t, clientId));
  }

  /** Removes the client id's subscriptions to `topics`. */
  delete(clientId: string, topics: readonly string[]): void {
    this.db.transaction(() => topics.forEach((t) => this.remove.run(clientId, t)))();
  }

  /** Client ids with an unexpired subscription to `topic`. */
  subscribers(topic: string): string[] {
    return this.subscribersQuery.all(topic, this.now()) as string[];
  }

  /** Unexpired subscriptions of a client id. */
  countOfClient(clientId: string): number {
    return this.ofClient.get(clientId, this.now()) as number;
  }

  /** Unexpired subscriptions made from the address counted as `ip`, by all its client ids. */
  countOfAddress(ip: string): number {
    return this.ofAddress.get(ip, this.now()) as number;
  }

  /** Deletes expired subscriptions; returns how many. */
  sweep(): number {
    return this.sweepQuery.run(this.now()).changes;
  }
}
