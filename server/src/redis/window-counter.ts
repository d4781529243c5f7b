/**
 * Fixed windows counted in Redis, so instances that share it share one window per key (the
 * per-IP rate limit): one Lua script reads, checks and counts atomically (INCRBY, and PEXPIRE
 * when the window starts), all or nothing like FixedWindowCounter. The window is Redis's (its
 * key's TTL), not this process's clock. When Redis does not answer, the count falls back to
 * this process's own window, so an outage degrades the limit to one per instance, never to none.
 */
import { FixedWindowCounter, type WindowVerdict } from '../fixed-window.js';
import type { WindowCounter } from '../window-counter.js';
import type { RedisLink } from './client.js';

/** KEYS[1]: the window; ARGV: n, max, windowMs. Returns { 1 | 0, ms until the window ends }. */
const TAKE = `
local n = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local win = tonumber(ARGV[3])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then count = 0; ttl = win end
if count + n > max then return {0, ttl} end
if n > 0 then
  if count == 0 then redis.call('SET', KEYS[1], n, 'PX', win) else redis.call('INCRBY', KEYS[1], n) end
end
return {1, ttl}
`;

/** Redis keys of the windows: `w3kit:window:<name>:<key>`. */
export const WINDOW_PREFIX = 'w3kit:window:';

export class RedisWindowCounter implements WindowCounter {
  private readonly fallback: FixedWindowCounter;

  constructor(
    private readonly link: RedisLink,
    /** Which limit this is (its keys' namespace), e.g. 'http'. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    now: () => number = Date.now,
    maxKeys = Infinity,
  ) {
    this.fallback = new FixedWindowCounter(max, windowMs, now, maxKeys);
  }

  async take(key: string, n = 1): Promise<WindowVerdict> {
    try {
      const [ok, ttl] = (await this.link.command.eval(TAKE, 1, `${WINDOW_PREFIX}${this.name}:${key}`, n, this.max, this.windowMs)) as [
        number,
        number,
      ];
      return ok === 1 ? { ok: true } : { ok: false, retryInMs: ttl };
    } catch {
      return this.fallback.take(key, n);
    }
  }

  sweep(): void {
    this.fallback.sweep();
  }
}
