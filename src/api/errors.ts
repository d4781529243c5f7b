/** Errors of the HTTP API clients (Provider API, Blockchain API, analytics). */
import { W3Error } from '../core/errors.js';

/** A request URL without its query (which carries the project id), for messages. */
export function describeUrl(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return origin + pathname;
  } catch {
    return url;
  }
}

/** A non-OK HTTP reply (spec section 8: 'HTTP status code: {status}'); `details` is the server's message. */
export class ApiError extends W3Error {
  override name = 'ApiError';
  readonly status: number;
  readonly url: string;
  /** The input field the server named in a 400 reply. */
  readonly field: string | undefined;
  /** What the server's Retry-After asked for, in ms, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, options: { url: string; details?: string; field?: string; retryAfterMs?: number }) {
    super(`HTTP status code: ${status}`, {
      category: 'API_ERROR',
      code: status,
      messageCode: 'HttpStatus',
      details: options.details,
      metaMessages: [`URL: ${describeUrl(options.url)}`],
    });
    this.status = status;
    this.url = options.url;
    this.field = options.field;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** No reply within the per-attempt timeout. */
export class RequestTimeoutError extends W3Error {
  override name = 'RequestTimeoutError';
  readonly url: string;
  constructor(url: string, timeoutMs: number) {
    super('The request took too long to respond', {
      category: 'NETWORK_ERROR',
      code: 'TIMEOUT',
      messageCode: 'RequestTimeout',
      details: `No reply from ${describeUrl(url)} within ${timeoutMs} ms`,
    });
    this.url = url;
  }
}

/** The request never got an HTTP reply: server down, DNS, offline, or refused by CORS. */
export class NetworkRequestError extends W3Error {
  override name = 'NetworkRequestError';
  readonly url: string;
  constructor(url: string, cause: unknown) {
    let origin = url;
    try {
      origin = new URL(url).origin;
    } catch {
      // keep the raw text
    }
    super(`Could not reach ${origin}`, {
      category: 'NETWORK_ERROR',
      code: 'NETWORK',
      details: cause instanceof Error ? cause.message : String(cause),
      metaMessages: ['The server may be down or unreachable, or it refused this page (CORS).'],
      cause,
    });
    this.url = url;
  }
}

/** A reply that is not JSON or does not match the endpoint's schema. */
export class InvalidReplyError extends W3Error {
  override name = 'InvalidReplyError';
  readonly url: string;
  readonly endpoint: string;
  constructor(url: string, endpoint: string, details: string, cause?: unknown) {
    super(`Invalid reply from ${endpoint}`, { category: 'API_ERROR', code: 'INVALID_REPLY', details, cause });
    this.url = url;
    this.endpoint = endpoint;
  }
}
