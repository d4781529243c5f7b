/**
 * The `socials` entry of the backend's config file: one OpenID Connect (or OAuth 2) client per
 * provider. Either `{ issuer, clientId, clientSecret }` (endpoints from OpenID discovery) or
 * `{ authorizationEndpoint, tokenEndpoint, userinfoEndpoint, clientId, clientSecret }` for
 * providers without OIDC; optional `tokenEndpointAuthMethod` (client_secret_basic by default,
 * or client_secret_post) and `scope`. URLs must be https, or http on a loopback host. Every
 * mistake is an InputError naming the provider and the field (`config:socials.google.issuer`).
 */
import type * as z from 'zod/mini';
import { socialProvider } from '../../../../src/wire/social-api.js';
import { InputError } from '../../errors.js';

export type OAuthProvider = z.infer<typeof socialProvider>;
export const OAUTH_PROVIDERS: readonly OAuthProvider[] = socialProvider.options;

export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post';

interface ClientSettings {
  provider: OAuthProvider;
  clientId: string;
  clientSecret: string;
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  scope: string;
}

/** An OpenID Connect provider: its endpoints and keys come from discovery at `issuer`. */
export interface OidcProviderConfig extends ClientSettings {
  kind: 'oidc';
  issuer: string;
}

/** An OAuth 2 provider: the user is read from the userinfo endpoint with the access token. */
export interface OAuth2ProviderConfig extends ClientSettings {
  kind: 'oauth2';
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
}

export type SocialProviderConfig = OidcProviderConfig | OAuth2ProviderConfig;
export type SocialsConfig = Partial<Record<OAuthProvider, SocialProviderConfig>>;

/** The scopes asked for when the entry names none. */
export const DEFAULT_SCOPES: Readonly<Record<OAuthProvider, { oidc: string; oauth2: string }>> = {
  google: { oidc: 'openid email profile', oauth2: 'openid email profile' },
  // Apple returns the e-mail only with response_mode=form_post, which this callback does not take.
  apple: { oidc: 'openid', oauth2: 'openid' },
  github: { oidc: 'openid email profile', oauth2: 'read:user user:email' },
  facebook: { oidc: 'openid email profile', oauth2: 'public_profile email' },
  x: { oidc: 'openid email profile', oauth2: 'users.read tweet.read' },
  discord: { oidc: 'openid email identify', oauth2: 'identify email' },
};

const FIELDS = [
  'issuer',
  'authorizationEndpoint',
  'tokenEndpoint',
  'userinfoEndpoint',
  'clientId',
  'clientSecret',
  'tokenEndpointAuthMethod',
  'scope',
] as const;
const ENDPOINTS = ['authorizationEndpoint', 'tokenEndpoint', 'userinfoEndpoint'] as const;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a URL may be used for a provider: https, or http on a loopback host. */
export function isAllowedProviderUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

function providerUrl(value: unknown, field: string, what: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' && value.length <= 2048 ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || url.username || url.password || url.hash) throw new InputError(field, `Invalid ${what}: must be an https URL`);
  if (!isAllowedProviderUrl(url)) {
    throw new InputError(
      field,
      `Invalid ${what} ${JSON.stringify(value)}: must be https (http is accepted on 127.0.0.1, localhost and [::1] only)`,
    );
  }
  return String(value);
}

function text(value: unknown, field: string, what: string, max: number): string {
  if (typeof value !== 'string' || !value.trim() || value.length > max || /[\r\n]/.test(value)) {
    throw new InputError(field, `Invalid ${what}: must be a non-empty string of at most ${max} characters`);
  }
  return value.trim();
}

function parseProvider(provider: OAuthProvider, entry: unknown, field: string): SocialProviderConfig {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw new InputError(
      field,
      `Invalid socials.${provider}: must be an object with issuer (or the OAuth 2 endpoints), clientId and clientSecret`,
    );
  }
  const data = entry as Record<string, unknown>;
  const unknown = Object.keys(data).find((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown !== undefined) throw new InputError(`${field}.${unknown}`, `Invalid socials.${provider}: unknown field '${unknown}'`);
  const at = (key: string) => `${field}.${key}`;
  const name = (key: string) => `socials.${provider}.${key}`;
  const method = data.tokenEndpointAuthMethod ?? 'client_secret_basic';
  if (method !== 'client_secret_basic' && method !== 'client_secret_post') {
    throw new InputError(
      at('tokenEndpointAuthMethod'),
      `Invalid ${name('tokenEndpointAuthMethod')}: must be client_secret_basic or client_secret_post`,
    );
  }
  const kind = data.issuer !== undefined ? 'oidc' : 'oauth2';
  const client: ClientSettings = {
    provider,
    clientId: text(data.clientId, at('clientId'), name('clientId'), 512),
    clientSecret: text(data.clientSecret, at('clientSecret'), name('clientSecret'), 4096),
    tokenEndpointAuthMethod: method,
    scope: data.scope === undefined ? DEFAULT_SCOPES[provider][kind] : text(data.scope, at('scope'), name('scope'), 512),
  };
  if (kind === 'oidc') {
    const extra = ENDPOINTS.find((k) => data[k] !== undefined);
    if (extra)
      throw new InputError(at(extra), `Invalid socials.${provider}: give either issuer or the OAuth 2 endpoints, not both ('${extra}')`);
    return { kind, ...client, issuer: providerUrl(data.issuer, at('issuer'), name('issuer')) };
  }
  const missing = ENDPOINTS.find((k) => data[k] === undefined);
  if (missing)
    throw new InputError(at(missing), `Invalid socials.${provider}: needs issuer, or ${missing} with the other OAuth 2 endpoints`);
  return {
    kind,
    ...client,
    authorizationEndpoint: providerUrl(data.authorizationEndpoint, at('authorizationEndpoint'), name('authorizationEndpoint')),
    tokenEndpoint: providerUrl(data.tokenEndpoint, at('tokenEndpoint'), name('tokenEndpoint')),
    userinfoEndpoint: providerUrl(data.userinfoEndpoint, at('userinfoEndpoint'), name('userinfoEndpoint')),
  };
}

/** Parses the config file's `socials` value; `field` prefixes the errors' fields (default `config:socials`). */
export function parseSocials(value: unknown, field = 'config:socials'): SocialsConfig {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InputError(field, `Invalid socials: must be an object keyed by provider (${OAUTH_PROVIDERS.join(', ')})`);
  }
  const out: SocialsConfig = {};
  for (const [provider, entry] of Object.entries(value)) {
    // Farcaster is not an OpenID provider: its entry (`{ "sandbox": true }`) is read by the Farcaster setup.
    if (provider === 'farcaster') continue;
    if (!(OAUTH_PROVIDERS as readonly string[]).includes(provider)) {
      throw new InputError(
        `${field}.${provider}`,
        `Invalid socials: unknown provider '${provider}' (known: ${OAUTH_PROVIDERS.join(', ')}, farcaster)`,
      );
    }
    out[provider as OAuthProvider] = parseProvider(provider as OAuthProvider, entry, `${field}.${provider}`);
  }
  return out;
}
