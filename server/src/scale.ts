/**
 * What a server needs to run beside other instances (issue 31 §2), set up in one place for
 * startServer. With `--redis`: the connection, shared per-IP windows (the rate-limit counters),
 * the relay's fan-out link and a Redis lease per indexed chain (GET /ready checks it: ops/readiness.ts). Without it:
 * nothing shared (today's behaviour), and on Postgres the single-instance lock, so a second
 * instance on the same database is refused at start with the reason in words.
 */
import type { CounterFactory } from './rate-limit.js';
import { openRedis, type RedisLink } from './redis/client.js';
import { RedisWindowCounter } from './redis/window-counter.js';
import { alwaysHeld, redisLease, type ChainLease } from './ops/lease.js';
import { claimSingleInstance, postgresLease } from './storage/postgres/advisory.js';
import type { Engine } from './storage/url.js';

/** How many IPs a shared limit's fallback window (Redis unreachable) tracks at most. */
const MAX_FALLBACK_KEYS = 100_000;

export interface Scale {
  /** The Redis link, with `--redis`. */
  redis: RedisLink | undefined;
  /** Shared per-IP windows (with `--redis`); undefined: this process's. */
  counters: CounterFactory | undefined;
  /** The indexer's lease per chain: Redis's; on Postgres without Redis an advisory lock; on SQLite always held (one instance). */
  lease: ChainLease;
  close(): Promise<void>;
}

export interface ScaleOptions {
  /** `--redis`. */
  redisUrl?: string | undefined;
  /** The engine in use, and the Postgres URL (`--db`) for the single-instance lock. */
  engine: Engine;
  dbUrl?: string | undefined;
  /** The storage opened before, closed when this fails. */
  storage?: { close(): Promise<void> };
}

/** Connects to Redis (an Error naming its redacted URL when unreachable), or on Postgres without it takes the single-instance lock. */
export async function openScale(options: ScaleOptions): Promise<Scale> {
  try {
    return await open(options);
  } catch (err) {
    await options.storage?.close();
    throw err;
  }
}

async function open({ redisUrl, engine, dbUrl }: ScaleOptions): Promise<Scale> {
  if (!redisUrl) {
    if (engine !== 'postgres' || !dbUrl) return { redis: undefined, counters: undefined, lease: alwaysHeld, close: async () => undefined };
    const single = await claimSingleInstance(dbUrl);
    // One instance holds every chain; the advisory lease still keeps a stray second indexer out.
    const lease = postgresLease(dbUrl);
    return {
      redis: undefined,
      counters: undefined,
      lease,
      async close() {
        await lease.stop();
        await single.release();
      },
    };
  }
  const redis = await openRedis(redisUrl);
  const lease = redisLease(redis);
  return {
    redis,
    counters: (name, max, windowMs) => new RedisWindowCounter(redis, name, max, windowMs, Date.now, MAX_FALLBACK_KEYS),
    lease,
    async close() {
      await lease.stop();
      await redis.close();
    },
  };
}
