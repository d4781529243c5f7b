/**
 * OpenID discovery: the provider's endpoints and its key set (JWKS), read from
 * `<issuer>/.well-known/openid-configuration` with a bounded time-out and size, checked (the
 * document names the same issuer; every URL https or loopback http), and cached per issuer for
 * an hour. The cache holds at most one entry per configured provider.
 */
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { isAllowedProviderUrl } from './config.js';

export const DISCOVERY_TIMEOUT_MS = 5_000;
export const DISCOVERY_TTL_MS = 60 * 60_000;
/** The most a provider's JSON reply (discovery, token, userinfo) may hold. */
export const MAX_PROVIDER_REPLY_BYTES = 256 * 1024;
const MAX_CACHED = 32;

export interface Discovered {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | undefined;
  jwks: JWTVerifyGetKey;
  fetchedAt: number;
}

/** Fetches JSON from a provider: bounded in time and size; throws with a short reason. */
export async function fetchProviderJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_PROVIDER_REPLY_BYTES) throw new Error(`the reply of ${url} is too large`);
  const text = await res.text();
  if (text.length > MAX_PROVIDER_REPLY_BYTES) throw new Error(`the reply of ${url} is too large`);
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new Error(`${url} answered ${res.status} without JSON`);
  }
}

function urlField(doc: Record<string, unknown>, key: string, required: boolean): string | undefined {
  const value = doc[key];
  if (value === undefined && !required) return undefined;
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !isAllowedProviderUrl(url)) throw new Error(`the discovery document's ${key} is missing or not an https URL`);
  return url.href;
}

export function createDiscovery(now: () => number = Date.now) {
  const cache = new Map<string, Discovered>();
  return async function discover(issuer: string): Promise<Discovered> {
    const cached = cache.get(issuer);
    if (cached && now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
    const { status, body } = await fetchProviderJson(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
    });
    if (status !== 200 || typeof body !== 'object' || body === null) throw new Error(`OpenID discovery at ${issuer} answered ${status}`);
    const doc = body as Record<string, unknown>;
    if (doc.issuer !== issuer) throw new Error(`OpenID discovery at ${issuer} names another issuer (${String(doc.issuer)})`);
    const found: Discovered = {
      issuer,
      authorizationEndpoint: urlField(doc, 'authorization_endpoint', true)!,
      tokenEndpoint: urlField(doc, 'token_endpoint', true)!,
      userinfoEndpoint: urlField(doc, 'userinfo_endpoint', false),
      jwks: createRemoteJWKSet(new URL(urlField(doc, 'jwks_uri', true)!), { timeoutDuration: DISCOVERY_TIMEOUT_MS }),
      fetchedAt: now(),
    };
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(issuer, found);
    return found;
  };
}

export type Discover = ReturnType<typeof createDiscovery>;
