/**
 * The backend's side of the authorization code flow with one provider: the authorization URL
 * (state, nonce, PKCE S256), the code exchange at the token endpoint (client_secret_basic or
 * client_secret_post), and who logged in: from the id token (verified with `jose`: signature
 * by the issuer's JWKS, allowlisted algorithms, issuer, audience = client id, expiry, nonce)
 * or, for OAuth 2 providers, from the userinfo endpoint read with the access token.
 */
import { createHash } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { SocialProviderConfig } from './config.js';
import { fetchProviderJson, type Discover } from './discovery.js';

/** Asymmetric algorithms only: no `none`, no HMAC under the client secret. */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const CLOCK_TOLERANCE_S = 60;
const MAX_NAME = 128;
const MAX_EMAIL = 320;

/** Who logged in, as the provider says. `verifiedEmail` only when the provider marks it verified. */
export interface ProviderIdentity {
  subject: string;
  verifiedEmail: string | undefined;
  userName: string | undefined;
}

/** A failure the user may be told about in short; `detail` goes to the log only. */
export class SocialLoginError extends Error {
  override name = 'SocialLoginError';
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function endpoints(config: SocialProviderConfig, discover: Discover) {
  if (config.kind === 'oauth2') return { authorization: config.authorizationEndpoint, token: config.tokenEndpoint };
  const found = await discover(config.issuer);
  return { authorization: found.authorizationEndpoint, token: found.tokenEndpoint };
}

/** The provider's authorization URL for this login. */
export async function authorizationUrl(config: SocialProviderConfig, discover: Discover, redirectUri: string, secrets: FlowSecrets) {
  const url = new URL((await endpoints(config, discover)).authorization);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: config.scope,
    state: secrets.state,
    code_challenge: s256(secrets.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (config.kind === 'oidc') params.nonce = secrets.nonce;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

const str = (value: unknown, max: number) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);

/** The username a provider gives (preferred_username, login, username or name), at most 128 characters. */
function userNameOf(claims: Record<string, unknown>): string | undefined {
  for (const key of ['preferred_username', 'login', 'username', 'name']) {
    const value = claims[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, MAX_NAME);
  }
  return undefined;
}

function identityOf(claims: Record<string, unknown>): ProviderIdentity {
  const raw = claims.sub ?? claims.id;
  const subject = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : str(raw, 255);
  if (!subject) throw new SocialLoginError('Failed to connect', 'the provider gave no subject (sub or id)');
  const email = str(claims.email, MAX_EMAIL);
  return {
    subject,
    verifiedEmail: email && claims.email_verified === true && /^[^\s@]+@[^\s@]+$/.test(email) ? email.toLowerCase() : undefined,
    userName: userNameOf(claims),
  };
}

/** Exchanges the code at the token endpoint; the token reply's JSON. */
async function exchangeCode(config: SocialProviderConfig, tokenEndpoint: string, code: string, redirectUri: string, verifier: string) {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (config.tokenEndpointAuthMethod === 'client_secret_post') {
    form.set('client_id', config.clientId);
    form.set('client_secret', config.clientSecret);
  } else {
    const basic = `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  }
  let reply: { status: number; body: unknown };
  try {
    reply = await fetchProviderJson(tokenEndpoint, { method: 'POST', headers, body: form.toString() });
  } catch (err) {
    throw new SocialLoginError('Failed to connect', `token endpoint: ${(err as Error).message}`);
  }
  const body = (typeof reply.body === 'object' && reply.body !== null ? reply.body : {}) as Record<string, unknown>;
  if (reply.status !== 200 || body.error !== undefined) {
    throw new SocialLoginError('Failed to connect', `token endpoint refused the code: ${reply.status} ${String(body.error ?? '')}`);
  }
  return body;
}

async function verifyIdToken(
  config: SocialProviderConfig & { kind: 'oidc' },
  discover: Discover,
  idToken: unknown,
  nonce: string,
  now: number,
) {
  if (typeof idToken !== 'string') throw new SocialLoginError('Failed to connect', 'the token reply has no id_token');
  const found = await discover(config.issuer);
  try {
    const { payload } = await jwtVerify(idToken, found.jwks, {
      issuer: config.issuer,
      audience: config.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date(now),
    });
    // jose checks exp and nbf (with the skew), but an iat only against a maximum age: one from the future is refused here.
    if (typeof payload.iat === 'number' && payload.iat > now / 1000 + CLOCK_TOLERANCE_S)
      throw new Error(`"iat" claim is in the future (more than ${CLOCK_TOLERANCE_S} s ahead)`);
    if (payload.nonce !== nonce) throw new Error('the nonce does not match');
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) throw new Error('azp is not this client');
    return payload as Record<string, unknown>;
  } catch (err) {
    throw new SocialLoginError('Failed to connect', `id token refused: ${(err as Error).message}`);
  }
}

async function readUserinfo(endpoint: string, accessToken: unknown): Promise<Record<string, unknown>> {
  if (typeof accessToken !== 'string' || !accessToken)
    throw new SocialLoginError('Failed to connect', 'the token reply has no access_token');
  let reply: { status: number; body: unknown };
  try {
    reply = await fetchProviderJson(endpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'w3kit-server' },
    });
  } catch (err) {
    throw new SocialLoginError('Failed to connect', `userinfo endpoint: ${(err as Error).message}`);
  }
  if (reply.status !== 200 || typeof reply.body !== 'object' || reply.body === null) {
    throw new SocialLoginError('Failed to connect', `userinfo endpoint answered ${reply.status}`);
  }
  const body = reply.body as Record<string, unknown>;
  // X wraps the user in `data`.
  const data = body.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) && body.id === undefined && body.sub === undefined
    ? (data as Record<string, unknown>)
    : body;
}

/** The code exchanged and the user identified (see the header). */
export async function completeLogin(
  config: SocialProviderConfig,
  discover: Discover,
  { code, redirectUri, secrets, now }: { code: string; redirectUri: string; secrets: FlowSecrets; now: number },
): Promise<ProviderIdentity> {
  const { token } = await endpoints(config, discover);
  const tokens = await exchangeCode(config, token, code, redirectUri, secrets.codeVerifier);
  if (config.kind === 'oidc') return identityOf(await verifyIdToken(config, discover, tokens.id_token, secrets.nonce, now));
  return identityOf(await readUserinfo(config.userinfoEndpoint, tokens.access_token));
}
