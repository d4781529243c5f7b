/**
 * The connection to Redis between instances (`--redis`): one client for commands, and one more
 * for pub/sub once the relay subscribes (a subscribed connection takes no other command). A
 * command fails fast while Redis is unreachable (no offline queue, one retry): callers fall back
 * or refuse in words, and GET /ready says so; the clients reconnect on their own.
 */
import { Redis } from 'ioredis';
import { redactRedisUrl } from './url.js';

export interface RedisLink {
  /** The URL with its password as `***`. */
  readonly shown: string;
  /** The client for commands (counters, leases, PUBLISH, PING). */
  readonly command: Redis;
  /** A new client for SUBSCRIBE (closed with the link). */
  subscriber(): Redis;
  /** Why Redis does not answer PING within `timeoutMs`, in words; undefined when it does. */
  problem(timeoutMs?: number): Promise<string | undefined>;
  close(): Promise<void>;
}

/** How long a connection attempt may take. */
const CONNECT_TIMEOUT_MS = 2000;

function client(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Errors surface on the commands that fail; the client keeps reconnecting.
  redis.on('error', () => undefined);
  return redis;
}

/** Connects to `url`; an Error naming the redacted URL when Redis does not answer. */
export async function openRedis(url: string): Promise<RedisLink> {
  const shown = redactRedisUrl(url);
  const command = client(url);
  const extra: Redis[] = [];
  try {
    await command.connect();
    await command.ping();
  } catch (err) {
    command.disconnect();
    throw new Error(`cannot reach Redis at ${shown}: ${(err as Error).message}`, { cause: err });
  }
  return {
    shown,
    command,
    subscriber() {
      const sub = client(url);
      // Subscriptions are queued until the connection is up, and renewed on reconnect.
      sub.options.enableOfflineQueue = true;
      extra.push(sub);
      void sub.connect().catch(() => undefined);
      return sub;
    },
    async problem(timeoutMs = 1000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`Redis at ${shown} did not answer PING within ${timeoutMs} ms`), timeoutMs);
      });
      const answer = command.ping().then(
        (pong) => (pong === 'PONG' ? undefined : `Redis at ${shown} answered PING with ${pong}`),
        (err: Error) => `Redis at ${shown} is unreachable: ${err.message}`,
      );
      try {
        return await Promise.race([answer, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      for (const c of [...extra, command]) c.disconnect();
    },
  };
}
