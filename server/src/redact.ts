/**
 * Keeps secrets out of what the server prints: configuration errors, the printed service lines
 * and log lines. A key, token or password never appears in output; a message says which setting
 * is wrong and why, and shows a URL with its secret parts replaced by `***`.
 *
 * - `describeValue(kind, raw)`: how an invalid setting's value is quoted in its error: secrets
 *   (keys, private keys) not at all, URLs redacted, anything else as JSON.
 * - `redactUrl(text)`: a URL's password, query values and key-like path segments (an RPC
 *   provider's `/v3/<key>`) as `***`; text that is no URL is returned as `[not shown]` when it
 *   could hold a secret.
 */

/** Setting kinds whose value is a secret: never quoted back, whatever it holds. */
const SECRET_KINDS: ReadonlySet<string> = new Set(['key', 'privateKey']);
/** Setting kinds holding a URL, which may carry a password, a token or an API key. */
const URL_KINDS: ReadonlySet<string> = new Set(['url', 'smtpUrl', 'httpUrl', 'dbUrl', 'redisUrl']);

/** A path segment that looks like an API key: long, of key characters, with a digit in it. */
const KEY_SEGMENT = /^(?=[^/]*\d)[A-Za-z0-9_-]{20,}$/;

export const HIDDEN = '***';

/** A URL with its password, query values and key-like path segments replaced by `***`. */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '[not shown: not a URL]';
  }
  const segments = url.pathname.split('/');
  const secret = !!url.password || !!url.search || !!url.hash || segments.some((segment) => KEY_SEGMENT.test(segment));
  // Nothing secret: the URL as it was given.
  if (!secret) return text;
  if (url.password) url.password = HIDDEN;
  for (const name of [...url.searchParams.keys()]) url.searchParams.set(name, HIDDEN);
  url.pathname = segments.map((segment) => (KEY_SEGMENT.test(segment) ? HIDDEN : segment)).join('/');
  url.hash = '';
  // URL escapes the asterisks it was given; show them as typed.
  return url.href.replaceAll('%2A', '*');
}

/** How an invalid value of a setting is quoted in its error message. */
export function describeValue(kind: string, raw: unknown): string {
  if (SECRET_KINDS.has(kind)) return '(the value is not shown)';
  if (URL_KINDS.has(kind) && typeof raw === 'string') return JSON.stringify(redactUrl(raw.trim()));
  return JSON.stringify(raw);
}

/** A request path with its query values replaced by `***` (tokens, codes and JWTs travel there). */
export function redactPath(pathAndQuery: string): string {
  const at = pathAndQuery.indexOf('?');
  if (at < 0) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(at + 1));
  const names = [...new Set(params.keys())];
  return `${pathAndQuery.slice(0, at)}?${names.map((name) => `${encodeURIComponent(name)}=${HIDDEN}`).join('&')}`;
}

/** Text (an error message) with every URL in it redacted. */
export function redactText(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, (url) => redactUrl(url));
}

/** Fastify's logger option: off, or on with request URLs logged without their query values. */
export function loggerOption(
  log: boolean,
): false | { serializers: { req: (req: { method: string; url: string }) => { method: string; url: string } } } {
  if (!log) return false;
  return { serializers: { req: (req) => ({ method: req.method, url: redactPath(req.url) }) } };
}
