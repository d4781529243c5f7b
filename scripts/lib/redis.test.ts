/** scripts/lib/redis.mjs: a throwaway Redis on a free port, gone on stop, and the one line when there is no way to one. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRedis, NO_REDIS, pings, startRedis } from './redis.mjs';

describe('the tests’ Redis', () => {
  it('runs a throwaway server on a free port that answers PING, and removes it on stop', async () => {
    const [a, b] = await Promise.all([startRedis(), startRedis()]);
    expect(a.port).not.toBe(b.port);
    expect(a.how).toMatch(/^(found|installed with apt)/);
    expect(await pings(a.port)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
    expect(await pings(a.port)).toBe(false);
    expect(existsSync(a.dir)).toBe(false);
  });

  it('fails with one line naming the ways when none works', async () => {
    await expect(getRedis('none')).rejects.toThrow(NO_REDIS);
    expect(NO_REDIS).not.toContain('\n');
  });
});
