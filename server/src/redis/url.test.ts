/** `--redis URL` / W3KIT_REDIS_URL / config key `redis`: Redis URLs taken, anything else refused by the flag's name, passwords never shown. */
import { describe, expect, it } from 'vitest';
import { expectReadInOrder, inputRefusal } from '../../test/url-settings.js';
import { resolveConfig } from '../config.js';
import { parseRedisUrl, redactRedisUrl } from './url.js';

describe('the --redis URL', () => {
  it('takes redis:// and rediss:// URLs with a host, optionally a user, password, port and database', () => {
    for (const good of ['redis://127.0.0.1:6379', 'redis://redis', 'rediss://user:pw@cache.example:6380/2', 'redis://:pw@h:1/0'])
      expect(parseRedisUrl(good), good).toBe(good);
    expect(parseRedisUrl(' redis://h:1 ')).toBe('redis://h:1');
    for (const bad of ['http://h:6379', 'redis://', 'redis:///0', 'redis://h/a', 'redis://h/0?x=1', 'redis://h#f', 'not a url', 6379])
      expect(parseRedisUrl(bad), String(bad)).toBeUndefined();
  });

  it('shows a URL with its password as ***', () => {
    expect(redactRedisUrl('redis://user:s3cret-pw@cache.example:6380/2')).toBe('redis://user:***@cache.example:6380/2');
    expect(redactRedisUrl('redis://:s3cret-pw@h:1')).toBe('redis://:***@h:1');
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });

  it('is read from the flag, then W3KIT_REDIS_URL, then the config key redis; absent, none', () => {
    expectReadInOrder({
      key: 'redis',
      env: 'W3KIT_REDIS_URL',
      urls: { file: 'redis://file:1', env: 'redis://env:1', flag: 'redis://flag:1', refused: 'memcached://h:11211' },
    });
  });

  it('refuses another scheme with a sentence naming the flag or variable, never the password', () => {
    const flag = inputRefusal(() => resolveConfig({ redis: 'http://user:s3cret-pw@cache.example:6379' }, {}, '/'));
    expect(flag.field).toBe('--redis');
    expect(flag.message).not.toContain('s3cret-pw');
    expect(flag.message).toMatch(/^Invalid --redis ".*": must be a redis:\/\/\[USER:PASS@\]HOST\[:PORT\]\[\/DB\] or rediss:\/\/ URL$/);
    const env = inputRefusal(() => resolveConfig({}, { W3KIT_REDIS_URL: 'localhost:6379' }, '/'));
    expect(env.field).toBe('W3KIT_REDIS_URL');
  });
});
