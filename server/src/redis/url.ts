/**
 * `--redis URL` (W3KIT_REDIS_URL, config key `redis`): a redis:// or rediss:// (TLS) URL with a
 * host, optionally a user, password, port and database number (`/0`). The start line and the
 * readiness reasons show it with its password as `***` (redactRedisUrl).
 */
export const REDIS_URL_RULE = 'must be a redis://[USER:PASS@]HOST[:PORT][/DB] or rediss:// URL';

/** The URL as given when it is a Redis URL; undefined otherwise. */
export function parseRedisUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  try {
    const url = new URL(text);
    const okPath = url.pathname === '' || url.pathname === '/' || /^\/\d{1,2}$/.test(url.pathname);
    return ['redis:', 'rediss:'].includes(url.protocol) && url.hostname && okPath && !url.search && !url.hash ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The URL with its password replaced by `***`, for printed lines and refusals. */
export function redactRedisUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.href.replace(/\/$/, '');
  } catch {
    return 'redis://(invalid URL)';
  }
}
