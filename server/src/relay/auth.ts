/**
 * Relay authentication: the socket URL's `auth` query is a relay-auth JWT (EdDSA over
 * Ed25519, issuer a `did:key`). Its issuer is the client id. Its audience must be this relay
 * (its URL as printed, its `localhost` form or its configured public URL, each with or without
 * a trailing slash), and it may live at most `maxLifetime` seconds, so a token minted for
 * another relay, or one that never expires, is refused.
 */
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth';

/** `expiresAt`: when the JWT expires (ms since the epoch); the socket it opened is closed then. */
export type AuthResult = { ok: true; clientId: string; expiresAt: number } | { ok: false; reason: string };

export interface AuthPolicy {
  /** The accepted audiences, as `audience()` gives them. */
  audiences: ReadonlySet<string>;
  /** Seconds from `iat` to `exp`, and from now to `exp`. */
  maxLifetime: number;
}

/** Seconds a client's clock may run ahead of ours. */
export const CLOCK_SKEW_S = 300;

/**
 * A URL compared as an audience: scheme (http(s) as ws(s)), host and port (lower-case, default
 * port dropped), path without trailing slashes.
 */
export function audience(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol.replace(/^http/, 'ws')}//${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return url;
  }
}

/** The audiences a relay printed as `url` accepts: that URL, its `localhost` form and `publicUrl`. */
export function relayAudiences(url: string, publicUrl?: string): Set<string> {
  const local = new URL(url);
  local.hostname = 'localhost';
  return new Set([url, local.href, ...(publicUrl ? [publicUrl] : [])].map(audience));
}

/** Checks signature, issuer, audience, lifetime and expiry of `jwt`; `now` in milliseconds. */
export async function authenticate(jwt: string | null, policy: AuthPolicy, now: number = Date.now()): Promise<AuthResult> {
  if (!jwt) return { ok: false, reason: "missing 'auth' query (a relay-auth JWT)" };
  let payload;
  try {
    payload = decodeJWT(jwt).payload;
  } catch {
    return { ok: false, reason: 'malformed JWT' };
  }
  if (typeof payload?.iss !== 'string' || !payload.iss.startsWith('did:key:')) return { ok: false, reason: 'JWT issuer must be a did:key' };
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return { ok: false, reason: 'JWT expired' };
  if (typeof payload.iat !== 'number') return { ok: false, reason: "JWT has no 'iat'" };
  if (payload.exp - payload.iat > policy.maxLifetime || payload.exp * 1000 - now > (policy.maxLifetime + CLOCK_SKEW_S) * 1000) {
    return { ok: false, reason: `JWT lives longer than ${policy.maxLifetime} s` };
  }
  if (typeof payload.aud !== 'string' || !policy.audiences.has(audience(payload.aud))) {
    const aud = JSON.stringify(typeof payload.aud === 'string' ? payload.aud.slice(0, 200) : payload.aud);
    return { ok: false, reason: `JWT audience ${aud} is not this relay (${[...policy.audiences].join(', ')})` };
  }
  let valid = false;
  try {
    valid = await verifyJWT(jwt);
  } catch (err) {
    return { ok: false, reason: `invalid JWT: ${(err as Error).message}` };
  }
  if (!valid) return { ok: false, reason: 'invalid JWT signature' };
  return { ok: true, clientId: payload.iss, expiresAt: payload.exp * 1000 };
}
