/**
 * One indexer per chain across instances: a lease per chain key that one instance holds at a
 * time. `held(chainKey)` answers whether this instance holds it now, taking it when it is free;
 * the indexer indexes a chain only while it holds its lease. Without `--redis` on SQLite (one
 * instance) every lease is held (alwaysHeld). With Redis: `SET key owner NX PX ttl`, renewed every
 * `ttl / 3` while held; an instance that dies stops renewing and another takes the chain within
 * `ttl` (default 5 s, well inside issue 31's 10 s). On Postgres without Redis the storage layer's
 * advisory locks give the same shape (storage/postgres/advisory.ts).
 */
import { randomUUID } from 'node:crypto';
import type { RedisLink } from '../redis/client.js';

export interface ChainLease {
  /** Whether this instance holds `chainKey`'s lease now (taking it when free). */
  held(chainKey: string): Promise<boolean>;
  /** Starts renewing the leases taken. */
  start(): void;
  /** Stops renewing and gives up every lease held (another instance may take it at once). */
  stop(): Promise<void>;
}

/** One instance: every chain is its own. */
export const alwaysHeld: ChainLease = {
  held: async () => true,
  start: () => undefined,
  stop: async () => undefined,
};

/** Redis keys of the leases: `w3kit:lease:<chain key>`. */
export const LEASE_PREFIX = 'w3kit:lease:';
export const DEFAULT_LEASE_TTL_MS = 5000;

/** KEYS[1]: the lease; ARGV: owner, ttl. Extends it when `owner` holds it; 1 when it did. */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
/** KEYS[1]: the lease; ARGV[1]: owner. Deletes it when `owner` holds it. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export interface RedisLeaseOptions {
  /** How long a lease lives without renewal (ms); default 5000. */
  ttlMs?: number;
  /** This instance's name in the lease (default a random id). */
  owner?: string;
}

/** Leases in Redis; a lease whose renewal fails is no longer held (the indexer pauses). */
export function redisLease(link: RedisLink, options: RedisLeaseOptions = {}): ChainLease & { readonly owner: string } {
  const ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  const owner = options.owner ?? randomUUID();
  /** Chain key -> when the lease, as last taken or renewed, ends (ms, this process's clock). */
  const mine = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  const renew = async () => {
    for (const key of [...mine.keys()]) {
      try {
        const ok = (await link.command.eval(RENEW, 1, LEASE_PREFIX + key, owner, ttlMs)) === 1;
        if (ok) mine.set(key, Date.now() + ttlMs);
        else mine.delete(key);
      } catch {
        // Unreachable Redis: held until the lease as last renewed would end.
      }
    }
  };

  return {
    owner,
    async held(chainKey) {
      const until = mine.get(chainKey);
      if (until !== undefined && until > Date.now()) return true;
      mine.delete(chainKey);
      try {
        const taken = await link.command.set(LEASE_PREFIX + chainKey, owner, 'PX', ttlMs, 'NX');
        if (taken === 'OK' || (await link.command.get(LEASE_PREFIX + chainKey)) === owner) {
          mine.set(chainKey, Date.now() + ttlMs);
          return true;
        }
      } catch {
        // Unreachable Redis: not held.
      }
      return false;
    },
    start() {
      timer ??= setInterval(() => void renew(), Math.max(100, Math.floor(ttlMs / 3)));
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      const keys = [...mine.keys()];
      mine.clear();
      await Promise.allSettled(keys.map((key) => link.command.eval(RELEASE, 1, LEASE_PREFIX + key, owner)));
    },
  };
}
