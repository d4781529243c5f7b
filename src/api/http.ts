/**
 * The one fetch-with-retry of every API client: URL and query building, a per-attempt
 * timeout, 3 attempts on network errors and HTTP 408/429/5xx (Retry-After honoured, else
 * exponential backoff from 150 ms), typed errors, and replies parsed with the caller's schema.
 */
import type * as z from 'zod/mini';
import { SDK_TYPE, SDK_VERSION_TAG } from '../core/constants.js';
import { ApiError, InvalidReplyError, NetworkRequestError, RequestTimeoutError } from './errors.js';
import { errorReplySchema } from '../wire/provider-api.js';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_ATTEMPTS = 3;
export const BACKOFF_BASE_MS = 150;
/** A Retry-After longer than this is not waited for: the request fails at once with the ApiError. */
export const MAX_RETRY_AFTER_MS = 5_000;
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** What tests (or an embedding app) may swap: the fetch function, the sleep and the clock. */
export interface HttpDeps {
  fetch?: typeof fetch;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds since the epoch, used to read a Retry-After HTTP date. */
  now?: () => number;
}

/** A client's own deps and limits, each only when given (undefined never overrides a default). */
export function definedDeps(
  options: HttpDeps & { timeoutMs?: number; attempts?: number },
): HttpDeps & { timeoutMs?: number; attempts?: number } {
  const { fetch, sleep, now, timeoutMs, attempts } = options;
  return {
    ...(fetch ? { fetch } : {}),
    ...(sleep ? { sleep } : {}),
    ...(now ? { now } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(attempts ? { attempts } : {}),
  };
}

export interface HttpRequestOptions extends HttpDeps {
  method?: 'GET' | 'POST';
  /** Sent as JSON text with `Content-Type: text/plain;charset=UTF-8` (a CORS "simple" request). */
  body?: unknown;
  /** Name of the endpoint in error messages; default the URL's path. */
  endpoint?: string;
  /** Aborts the request and any wait between attempts; the promise rejects with its reason. */
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  attempts?: number;
  maxRetryAfterMs?: number;
  /** Lets the request outlive the page (analytics on unload). */
  keepalive?: boolean;
}

/** The query parameters every request to our backends carries (spec section 7). */
export function sdkQuery(projectId: string): { projectId: string; st: string; sv: string } {
  return { projectId, st: SDK_TYPE, sv: SDK_VERSION_TAG };
}

function isList(value: QueryValue): value is readonly (string | number)[] {
  return Array.isArray(value);
}

/**
 * `base` + `path` + query. Undefined and null values and empty lists are left out; lists are
 * joined with commas. `path` segments must already be encoded.
 */
export function buildUrl(base: string, path: string, query: Query = {}): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (isList(value)) {
      if (value.length > 0) url.searchParams.set(key, value.join(','));
    } else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // HTTP dates name a weekday and a month; this also keeps Date.parse off bare numbers like '-3'.
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function endpointOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

type Outcome = { ok: true; response: Response; text: string } | { ok: false; kind: 'timeout' | 'network'; error: unknown };

/** One attempt: fetch and read the body under one timeout; never throws except on an external abort. */
async function attempt(url: string, init: RequestInit, options: HttpRequestOptions): Promise<Outcome> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const external = options.signal;
  const onAbort = () => controller.abort(external!.reason);
  external?.addEventListener('abort', onAbort, { once: true });
  try {
    if (external?.aborted) throw external.reason;
    const response = await (options.fetch ?? fetch)(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { ok: true, response, text };
  } catch (error) {
    if (external?.aborted) throw external.reason;
    return { ok: false, kind: timedOut ? 'timeout' : 'network', error };
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', onAbort);
  }
}

function apiError(url: string, response: Response, text: string, retryAfterMs: number | undefined): ApiError {
  let details: string | undefined;
  let field: string | undefined;
  try {
    const reply = errorReplySchema.safeParse(JSON.parse(text));
    if (reply.success) ({ message: details, field } = reply.data);
  } catch {
    // not JSON: keep a short piece of the text
  }
  details ??= text.trim().slice(0, 200) || response.statusText || undefined;
  return new ApiError(response.status, {
    url,
    ...(details ? { details } : {}),
    ...(field ? { field } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

function parseReply<T>(url: string, endpoint: string, text: string, schema: z.ZodMiniType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new InvalidReplyError(url, endpoint, 'The reply is not JSON', err);
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  throw new InvalidReplyError(url, endpoint, `${where}${issue?.message ?? 'Invalid input'}`, result.error);
}

/**
 * Sends a request with retries. With `schema`, resolves with the parsed reply; without, with
 * nothing once a 2xx arrived. Rejects with ApiError (non-OK reply), RequestTimeoutError,
 * NetworkRequestError, InvalidReplyError, or the external signal's reason.
 */
export function httpRequest<T>(url: string, options: HttpRequestOptions & { schema: z.ZodMiniType<T> }): Promise<T>;
export function httpRequest(url: string, options?: HttpRequestOptions): Promise<void>;
export async function httpRequest<T>(url: string, options: HttpRequestOptions & { schema?: z.ZodMiniType<T> } = {}): Promise<T | void> {
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  const wait = options.sleep ?? sleep;
  const now = options.now ?? Date.now;
  const maxRetryAfter = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
  const endpoint = options.endpoint ?? endpointOf(url);
  const init: RequestInit = { method: options.method ?? 'GET' };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { 'Content-Type': 'text/plain;charset=UTF-8' };
  }
  if (options.keepalive) init.keepalive = true;

  for (let n = 1; ; n++) {
    const backoff = BACKOFF_BASE_MS * 2 ** (n - 1);
    const outcome = await attempt(url, init, options);
    if (!outcome.ok) {
      if (outcome.kind === 'timeout') throw new RequestTimeoutError(url, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      if (n >= attempts) throw new NetworkRequestError(url, outcome.error);
      await wait(backoff, options.signal);
      continue;
    }
    const { response, text } = outcome;
    if (response.ok) return options.schema ? parseReply(url, endpoint, text, options.schema) : undefined;
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), now());
    const error = apiError(url, response, text, retryAfter);
    if (!RETRY_STATUSES.has(response.status) || n >= attempts) throw error;
    if (retryAfter !== undefined && retryAfter > maxRetryAfter) throw error;
    await wait(retryAfter ?? backoff, options.signal);
  }
}
