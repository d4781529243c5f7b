/**
 * The development OpenID provider (`--oidc-port`, W3KIT_OIDC_PORT): `oidc-provider` playing every
 * social provider, one issuer per provider at its own path (`http://127.0.0.1:4304/google`,
 * `/github`, ...), each with one confidential client (client_secret_basic, PKCE required) whose
 * redirect URI is the frame origin's callback. Its login page (devInteractions) takes any login
 * name: it becomes `sub` and `preferred_username`, and `<login>@w3kit.test` a verified e-mail.
 * GitHub and X are configured through the OAuth 2 endpoints form (authorization, token and
 * userinfo URLs, no discovery), so that path of the backend runs too.
 * The HTTP server listens first (so its URL is known before the frame site starts); the issuers
 * answer once `mount` gave them the redirect URIs.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { OAuthProvider, SocialsConfig } from '../auth/social/config.js';
import { OAUTH_PROVIDERS } from '../auth/social/config.js';
import { serverUrl } from '../server-url.js';
import { loadOptional } from '../optional-package.js';

/** The providers configured through the OAuth 2 endpoints form. */
const OAUTH2_FORM: ReadonlySet<OAuthProvider> = new Set(['github', 'x']);
const LOGIN = /^[A-Za-z0-9._+-]{1,64}$/;
const KNOWN_WARNING = /^oidc-provider WARNING: (a quick start development-only|Unsupported runtime)/;

export interface DevOidc {
  /** e.g. `http://127.0.0.1:4304`. */
  url: string;
  port: number;
  /** The backend's `socials` entries for every provider, pointing at this server. */
  socials: SocialsConfig;
  /** Creates the issuers, whose clients accept these redirect URIs. */
  mount(redirectUris: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** The claims of a development account: whatever login name was typed. */
export function devClaims(login: string): Record<string, unknown> {
  return {
    sub: login,
    preferred_username: login,
    name: login,
    ...(LOGIN.test(login) ? { email: `${login.toLowerCase()}@w3kit.test`, email_verified: true } : {}),
  };
}

function providerConfig(name: OAuthProvider, clientId: string, clientSecret: string, redirectUris: readonly string[]) {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  return {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [...redirectUris],
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [{ ...jwk, alg: 'ES256', use: 'sig', kid: `${name}-dev` }] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: { session: `_session_${name}`, interaction: `_interaction_${name}`, resume: `_interaction_resume_${name}` },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 3600, Session: 86_400, Grant: 86_400, AccessToken: 3600, IdToken: 3600 },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => devClaims(id) }),
    loadExistingGrant,
  };
}

interface GrantContext {
  oidc: {
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: { Grant: DevGrant & (new (init: { clientId: string; accountId: string }) => DevGrantInstance) };
  };
}
interface DevGrant {
  find(id: string): Promise<DevGrantInstance | undefined>;
}
interface DevGrantInstance {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

/** The one client is first-party: its scopes are granted without a consent page (one click fewer in the popup). */
async function loadExistingGrant(ctx: GrantContext): Promise<DevGrantInstance | undefined> {
  const { client, session, result, provider } = ctx.oidc;
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const found = grantId ? await provider.Grant.find(grantId) : undefined;
  if (found) return found;
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
}

export async function startDevOidc({ port, host = '127.0.0.1' }: { port: number; host?: string }): Promise<DevOidc> {
  const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const server = createServer((req, res) => {
    const prefix = /^\/([a-z]+)(?=[/?]|$)/.exec(req.url ?? '')?.[1] ?? '';
    const handler = handlers.get(prefix);
    if (!handler) {
      res.writeHead(handlers.size ? 404 : 503, { 'content-type': 'text/plain' }).end(`No issuer at /${prefix}\n`);
      return;
    }
    // Mounted at /<provider>: oidc-provider takes the mount path from originalUrl.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    req.url = req.url!.slice(prefix.length + 1) || '/';
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const url = serverUrl(host, actual);
  const secrets = new Map(OAUTH_PROVIDERS.map((name) => [name, randomBytes(24).toString('base64url')]));
  const socials: SocialsConfig = {};
  for (const name of OAUTH_PROVIDERS) {
    const issuer = `${url}/${name}`;
    const client = {
      provider: name,
      clientId: `w3kit-dev-${name}`,
      clientSecret: secrets.get(name)!,
      tokenEndpointAuthMethod: 'client_secret_basic' as const,
      scope: 'openid email profile',
    };
    socials[name] = OAUTH2_FORM.has(name)
      ? {
          kind: 'oauth2',
          ...client,
          authorizationEndpoint: `${issuer}/auth`,
          tokenEndpoint: `${issuer}/token`,
          userinfoEndpoint: `${issuer}/me`,
        }
      : { kind: 'oidc', ...client, issuer };
  }
  return {
    url,
    port: actual,
    socials,
    async mount(redirectUris) {
      // oidc-provider warns that it runs a development setup (and on Node 20); this is one, on purpose.
      const warn = console.warn;
      console.warn = (...args: unknown[]) => (KNOWN_WARNING.test(String(args[0])) ? undefined : warn(...args));
      try {
        const { default: Provider } = await loadOptional(
          ['oidc-provider'],
          'The development OpenID provider (--oidc-port)',
          () => import('oidc-provider'),
        );
        for (const name of OAUTH_PROVIDERS) {
          const provider = new Provider(`${url}/${name}`, providerConfig(name, `w3kit-dev-${name}`, secrets.get(name)!, redirectUris));
          handlers.set(name, provider.callback());
        }
      } finally {
        console.warn = warn;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
