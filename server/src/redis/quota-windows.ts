/**
 * The relay's hourly quota windows in Redis (`--redis`), one counter per window key, so every
 * instance counts into the same window without a database row that every publish locks. A take
 * adds to its windows in one script (atomic: INCRBY each, PEXPIRE where a window starts) that
 * returns the new counts, and the caller's verdict judges the counts before; a refusal gives
 * them back (DECRBY where the window still exists), as the database rows did: a take racing one
 * being given back may be refused where it would have fit, never the reverse. The window is
 * Redis's (its key's TTL). When Redis does not answer, `fallback` counts (this instance's own
 * windows), so an outage degrades the quotas to one per instance, never to none.
 */
import type { QuotaWindows, WindowCount } from '../relay/quota-windows.js';
import type { RedisLink } from './client.js';

/** Redis keys of the windows: `w3kit:relay-quota:<database's namespace>:<counter>:<key>`. */
export const QUOTA_PREFIX = 'w3kit:relay-quota:';

/** KEYS: the windows; ARGV[1]: windowMs, ARGV[1 + i]: what to add to KEYS[i]. Returns { count, ms left } per key. */
const TAKE = `
local win = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, tonumber(ARGV[i + 1]))
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, win); ttl = win end
  out[2 * i - 1] = count
  out[2 * i] = ttl
end
return out
`;

/** KEYS: the windows; ARGV[i]: what to give back to KEYS[i] (only to a window that still exists). */
const GIVE_BACK = `
for i, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then redis.call('DECRBY', key, tonumber(ARGV[i])) end
end
return 0
`;

/** KEYS: the windows. Returns { count, ms left } per key (0 and -2 where none). */
const READ = `
local out = {}
for i, key in ipairs(KEYS) do
  out[2 * i - 1] = tonumber(redis.call('GET', key) or '0')
  out[2 * i] = redis.call('PTTL', key)
end
return out
`;

/** The windows of the database whose namespace (storage/relay-quota.ts) is `namespace`. */
export function redisQuotaWindows(link: RedisLink, namespace: number, windowMs: number, fallback: QuotaWindows): QuotaWindows {
  const keyOf = (counter: string, key: string) => `${QUOTA_PREFIX}${namespace}:${counter}:${key}`;
  const windowsOf = (answer: number[], now: number, minus: readonly number[] = []): WindowCount[] =>
    minus.map((n, i) => {
      const ttl = Number(answer[2 * i + 1]);
      return { count: Number(answer[2 * i]) - n, resetAt: now + (ttl > 0 ? ttl : windowMs) };
    });
  return {
    async read(keys, now) {
      let answer: number[];
      try {
        answer = (await link.command.eval(READ, keys.length, ...keys.map(([c, k]) => keyOf(c, k)))) as number[];
      } catch {
        return fallback.read(keys, now);
      }
      return windowsOf(
        answer,
        now,
        keys.map(() => 0),
      );
    },
    async take(counts, now, verdict) {
      const keys = counts.map(([c, k]) => keyOf(c, k));
      let answer: number[];
      try {
        answer = (await link.command.eval(TAKE, keys.length, ...keys, windowMs, ...counts.map(([, , n]) => n))) as number[];
      } catch {
        return fallback.take(counts, now, verdict);
      }
      try {
        verdict(
          windowsOf(
            answer,
            now,
            counts.map(([, , n]) => n),
          ),
        );
      } catch (refusal) {
        await link.command.eval(GIVE_BACK, keys.length, ...keys, ...counts.map(([, , n]) => n)).catch(() => undefined);
        throw refusal;
      }
    },
    sweep: (now) => fallback.sweep(now),
    flush: () => fallback.flush(),
  };
}
