/**
 * `createServerSiwx`: sign-in verified and kept by the backend (`/v1/siwx/*`, src/wire/siwx-api.ts).
 * The page keeps only each session's token (hashed on the server) with the session it got back,
 * keyed by chain and address; the app's own server can check a token with GET /v1/siwx/session.
 */
import * as z from 'zod/mini';
import type { SIWXConfig, SIWXMessageData, SIWXSession, SiwxChainId } from '../core/siwx.js';
import { W3ConfigError } from '../core/errors/config.js';
import {
  SIWX_MAX_SESSION_MS,
  siwxNonceReply,
  siwxOneSessionReply,
  siwxRevokeReply,
  siwxSessionReply,
  siwxVerifyReply,
  type SiwxSessionReply,
} from '../wire/siwx-api.js';
import { checkCommonOptions } from './browser.js';
import { SiwxError } from './errors.js';
import { buildSiwxMessage, splitChainId } from './message.js';
import { keptList, type SiwxStorage } from './storage.js';
import { sameAccount } from './verify.js';

export interface ServerSiwxOptions {
  /** The backend's base URL (w3kit-server), e.g. `https://api.example.com`. */
  apiUrl: string;
  projectId: string;
  required?: boolean;
  statement?: string;
  /** A session's lifetime from signing; default 24 h, at most 7 days (the backend's limit). */
  expiresInMs?: number;
  /** Revoke the session when the user disconnects; default true. */
  signOutOnDisconnect?: boolean;
  /** Default `localStorage`; it holds the session tokens. */
  storage?: SiwxStorage;
  /** Default `w3kit.siwx.server-sessions`. */
  storageKey?: string;
  /** Default the global fetch. */
  fetch?: typeof fetch;
}

export const SERVER_SESSIONS_KEY = 'w3kit.siwx.server-sessions';
/** Each request's time limit. */
export const SIWX_REQUEST_TIMEOUT_MS = 10_000;

/** A session token as the backend makes them: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const keptToken = z.object({ token: z.string().check(z.regex(TOKEN)), session: siwxSessionReply });
type KeptToken = z.infer<typeof keptToken>;
const errorReply = z.object({ message: z.string(), field: z.optional(z.string()) });

/** The backend's refusal of a nonce that was spent (409) or lapsed or unknown (400 on `nonce`): signing again helps. */
const spentOrLapsed = (status: number, reply: { field?: string } | undefined): boolean =>
  status === 409 || (status === 400 && reply?.field === 'nonce');

/** A 429's Retry-After in whole seconds, when the page may read it (same origin, or exposed by CORS). */
function retryAfter(res: Response): number | undefined {
  const value = res.headers.get('retry-after');
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : undefined;
}

/** The SIWX session of a backend session reply (its token in `cacao`). */
function toSession(reply: SiwxSessionReply, token: string): SIWXSession {
  const data: SIWXMessageData = {
    accountAddress: reply.address,
    chainId: reply.chainId as SiwxChainId,
    domain: reply.domain,
    uri: reply.uri,
    version: '1',
    nonce: reply.nonce,
    issuedAt: reply.issuedAt,
    expirationTime: reply.expiresAt,
  };
  if (reply.statement !== null) data.statement = reply.statement;
  return { data, message: reply.message, signature: reply.signature, cacao: { token } };
}

function checkServerOptions(options: ServerSiwxOptions): URL {
  if (typeof options !== 'object' || options === null) throw new W3ConfigError('siwx', 'createServerSiwx needs { apiUrl, projectId }');
  let base: URL;
  try {
    base = new URL(options.apiUrl);
  } catch {
    throw new W3ConfigError('siwx.apiUrl', 'must be the backend URL, e.g. https://api.example.com');
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new W3ConfigError('siwx.apiUrl', 'must be an http(s) URL');
  if (typeof options.projectId !== 'string' || !/^[\w-]{1,64}$/.test(options.projectId))
    throw new W3ConfigError('siwx.projectId', 'must be the project id (letters, digits, - and _)');
  checkCommonOptions(options);
  if (options.expiresInMs !== undefined && options.expiresInMs > SIWX_MAX_SESSION_MS)
    throw new W3ConfigError('siwx.expiresInMs', `must be at most ${SIWX_MAX_SESSION_MS} (7 days), the backend's limit`);
  return base;
}

export function createServerSiwx(options: ServerSiwxOptions): SIWXConfig {
  const base = checkServerOptions(options);
  const tokens = keptList<KeptToken>(keptToken, options.storageKey ?? SERVER_SESSIONS_KEY, options.storage);
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  /** One request: parsed with `schema` when OK; a refusal is SiwxError with the backend's text and status. */
  async function request<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    init: { method?: 'GET' | 'POST'; token?: string; body?: unknown } = {},
  ): Promise<T> {
    const url = new URL(`${base.pathname.replace(/\/+$/, '')}/v1/siwx/${path}`, base);
    url.searchParams.set('projectId', options.projectId);
    const headers: Record<string, string> = { 'x-project-id': options.projectId };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(url, {
        method: init.method ?? 'GET',
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(SIWX_REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError';
      throw new SiwxError(
        timedOut ? `The sign-in server did not answer in ${SIWX_REQUEST_TIMEOUT_MS / 1000} s` : 'Could not reach the sign-in server',
        { cause: err, messageCode: timedOut ? 'RequestTimeout' : 'SignInUnreachable' },
      );
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const reply = z.safeParse(errorReply, body);
      const text = reply.success ? reply.data.message : `The sign-in server answered ${res.status}`;
      throw new SiwxError(text, {
        status: res.status,
        ...(res.status === 429 ? { rateLimited: { retryAfter: retryAfter(res) } } : {}),
        ...(spentOrLapsed(res.status, reply.success ? reply.data : undefined) ? { messageCode: 'SignInExpired' } : {}),
      });
    }
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) throw new SiwxError(`The sign-in server's reply to ${path} is malformed`, { cause: parsed.error });
    return parsed.data;
  }

  const find = (chainId: string, address: string): KeptToken | undefined => {
    const { namespace } = splitChainId(chainId);
    return tokens.read().find((t) => t.session.chainId === chainId && sameAccount(namespace, t.session.address, address));
  };
  const forget = (token: string): void => tokens.write(tokens.read().filter((t) => t.token !== token));
  const keep = (entry: KeptToken): void => {
    const { chainId, address, namespace } = entry.session;
    tokens.write([
      ...tokens.read().filter((t) => !(t.session.chainId === chainId && sameAccount(namespace, t.session.address, address))),
      entry,
    ]);
  };

  /** The token's live session from the backend; undefined (and forgotten) when it answers 401. */
  async function liveSession(token: string): Promise<SiwxSessionReply | undefined> {
    try {
      return (await request('session', siwxOneSessionReply, { token })).session;
    } catch (err) {
      if (err instanceof SiwxError && err.status === 401) {
        forget(token);
        return undefined;
      }
      throw err;
    }
  }

  return {
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
    getRequired: () => options.required ?? false,

    async createMessage(input) {
      const { nonce } = await request('nonce', siwxNonceReply);
      return buildSiwxMessage(input, { nonce, statement: options.statement, expiresInMs: options.expiresInMs });
    },

    async addSession(session) {
      if (typeof session?.message !== 'string' || typeof session.signature !== 'string')
        throw new W3ConfigError('session', 'needs message and signature');
      const reply = await request('verify', siwxVerifyReply, {
        method: 'POST',
        body: { message: session.message, signature: session.signature },
      });
      if (!TOKEN.test(reply.token)) throw new SiwxError("The sign-in server's reply to verify is malformed");
      keep(reply);
    },

    async getSessions(chainId, address) {
      const entry = find(chainId, address);
      if (!entry) return [];
      const session = await liveSession(entry.token);
      if (!session) return [];
      if (session.chainId !== chainId || !sameAccount(session.namespace, session.address, address)) {
        forget(entry.token);
        throw new SiwxError("The sign-in server's session is for another account or chain");
      }
      return [toSession(session, entry.token)];
    },

    async revokeSession(chainId, address) {
      const entry = find(chainId, address);
      if (!entry) return;
      try {
        await request('revoke', siwxRevokeReply, { method: 'POST', token: entry.token });
      } catch (err) {
        // An unknown or ended session is revoked already.
        if (!(err instanceof SiwxError && err.status === 401)) throw err;
      } finally {
        forget(entry.token);
      }
    },

    async setSessions(sessions) {
      if (!Array.isArray(sessions)) throw new W3ConfigError('sessions', 'must be an array of sessions');
      tokens.write([]);
      for (const s of sessions) {
        const token = (s?.cacao as { token?: unknown } | undefined)?.token;
        if (typeof token !== 'string' || !TOKEN.test(token)) continue;
        const session = await liveSession(token);
        if (session) keep({ token, session });
      }
    },
  };
}
