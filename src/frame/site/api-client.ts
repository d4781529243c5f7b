/**
 * The frame's client of the backend's auth API (`src/wire/auth-api.ts`), on the frame's own
 * origin: JSON bodies, the `x-w3kit-frame: 1` header, the session's bearer token, and every
 * reply parsed by its schema. A 401 is a SessionExpiredError.
 */
import type * as z from 'zod/mini';
import { W3Error } from '../../core/errors/base.js';
import { AUTH_API_PREFIX, authErrorReply, FRAME_HEADER } from '../../wire/auth-api.js';
import { FRAME_ALERT_TEXT } from '../constants.js';
import { FRAME_REPLY_TEXT } from './texts.js';

/** What an error reply says beside its message: the refusal's code and the numbers its words need. */
export type AuthRefusal = Pick<z.infer<typeof authErrorReply>, 'code' | 'retryAfter' | 'attemptsLeft'>;

/**
 * The auth API answered with an error (its `message`, its `field` if any, and the HTTP status as
 * the code), or no usable answer came (reason SERVER_UNREACHABLE or SERVER_ERROR).
 */
export class AuthApiError extends W3Error {
  override name = 'AuthApiError';
  readonly status: number;
  readonly field: string | undefined;
  /** The server's code (AUTH_ERROR_CODES) or the frame's reason; what the user's words are chosen by. */
  readonly reason: string;
  readonly retryAfter: number | undefined;
  readonly attemptsLeft: number | undefined;
  constructor(message: string, status: number, field?: string, refusal: AuthRefusal & { reason?: string } = {}) {
    super(message, { code: status, category: 'API_ERROR' });
    this.status = status;
    this.field = field;
    // A 429 without a code is the server's general rate limit.
    this.reason = refusal.code ?? refusal.reason ?? (status === 429 ? 'RATE_LIMITED' : 'SERVER_ERROR');
    this.retryAfter = refusal.retryAfter;
    this.attemptsLeft = refusal.attemptsLeft;
  }
}

/** The session lapsed or was ended: the host is told, the user logs in again. */
export class SessionExpiredError extends AuthApiError {
  override name = 'SessionExpiredError';
  constructor() {
    super(FRAME_ALERT_TEXT.sessionExpired, 401, undefined, { code: 'SESSION_EXPIRED' });
  }
}

export interface AuthApi {
  get<T>(path: string, schema: z.ZodMiniType<T>, query?: Record<string, string>): Promise<T>;
  post<T>(path: string, body: unknown, schema: z.ZodMiniType<T>): Promise<T>;
  setToken(token: string | undefined): void;
  hasToken(): boolean;
}

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** An auth API client on `base` (the frame's origin; '' for same-origin relative URLs). */
export function createAuthApi(fetchFn: FetchLike, base = ''): AuthApi {
  let token: string | undefined;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodMiniType<T>,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<T> {
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    const headers: Record<string, string> = { [FRAME_HEADER]: '1', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const response = await fetchFn(`${base}${AUTH_API_PREFIX}${path}${search}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'omit',
      cache: 'no-store',
    }).catch(() => {
      // fetch rejects only when no reply came at all: the backend is down or unreachable.
      throw new AuthApiError(FRAME_REPLY_TEXT.serverUnreachable, 0, undefined, { reason: 'SERVER_UNREACHABLE' });
    });
    const json: unknown = await response.json().catch(() => undefined);
    if (response.status === 401) throw new SessionExpiredError();
    if (!response.ok) {
      const parsed = authErrorReply.safeParse(json);
      if (!parsed.success) throw new AuthApiError(`The server answered ${response.status}`, response.status);
      const { message, field, ...refusal } = parsed.data;
      throw new AuthApiError(message, response.status, field, refusal);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new AuthApiError(`The server's reply to ${path} is malformed`, response.status);
    return parsed.data;
  }

  return {
    get: (path, schema, query) => call('GET', path, schema, undefined, query),
    post: (path, body, schema) => call('POST', path, schema, body),
    setToken: (next) => {
      token = next;
    },
    hasToken: () => token !== undefined,
  };
}
