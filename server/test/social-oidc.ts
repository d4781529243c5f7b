/**
 * Test helpers of social login (tests only): a browser stand-in that follows the development
 * OpenID provider's redirects and forms with a small cookie jar, and a small local issuer
 * (discovery and JWKS over node:http, id tokens really signed with `jose`) whose token
 * endpoint checks the client's credentials and the PKCE verifier and answers what a test sets.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import type { AuthHarness } from './auth-harness.js';

/**
 * Opens `uri` as a user typing `login` into each form would, until a redirect leaves the
 * provider for `stopAt`; returns that URL (the callback, not fetched). `forms` gets each form's
 * prompt (login, consent) as it is submitted.
 */
export async function browseToCallback(uri: string, stopAt: string, login: string, forms: string[] = []): Promise<string> {
  const jar = new Map<string, string>();
  let url = uri;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), ...(cookie ? { cookie } : {}) } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()];
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      init = {};
      if (url.startsWith(stopAt)) return url;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`The provider answered ${res.status} without a form or redirect at ${url}:\n${html.slice(0, 500)}`);
    forms.push(/name="prompt" value="([a-z]+)"/.exec(html)?.[1] ?? action);
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
      form.set(name!, value!);
    if (/name="login"/.test(html)) form.set('login', login);
    if (/name="password"/.test(html)) form.set('password', 'any password');
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() };
  }
  throw new Error('Too many steps at the provider');
}

export interface LocalIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims of the next id token (defaults: a valid token for the last start's nonce). */
  nextClaims: (defaults: JWTPayload) => JWTPayload;
  /** Token requests seen (their form), newest last. */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/**
 * A local OpenID issuer. The authorization endpoint is not served: tests read the state, nonce
 * and code challenge from the start's URI and call the callback themselves with any code.
 */
export async function startLocalIssuer(): Promise<LocalIssuer & { challengeFor: Map<string, string> }> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  const challengeFor = new Map<string, string>();
  const self: LocalIssuer & { challengeFor: Map<string, string> } = {
    issuer: '',
    clientId: 'test-client',
    clientSecret: 'test-secret',
    nextClaims: (d) => d,
    tokenRequests: [],
    challengeFor,
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url === '/.well-known/openid-configuration') {
        return send(200, {
          issuer: self.issuer,
          authorization_endpoint: `${self.issuer}/authorize`,
          token_endpoint: `${self.issuer}/token`,
          jwks_uri: `${self.issuer}/jwks`,
        });
      }
      if (req.url === '/jwks') return send(200, { keys: [jwk] });
      if (req.url === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await body(req));
        self.tokenRequests.push(form);
        const basic = `Basic ${Buffer.from(`${self.clientId}:${self.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== basic) return send(401, { error: 'invalid_client' });
        const code = form.get('code') ?? '';
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        const expected = challengeFor.get(code);
        if (!expected || expected.split(' ')[0] !== challenge) return send(400, { error: 'invalid_grant' });
        const now = Math.floor(Date.now() / 1000);
        const claims = self.nextClaims({
          iss: self.issuer,
          aud: self.clientId,
          sub: 'local-subject',
          iat: now,
          exp: now + 300,
          nonce: expected.split(' ')[1],
        });
        const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'test-key' }).sign(privateKey);
        return send(200, { access_token: 'access', token_type: 'Bearer', id_token: idToken });
      }
      send(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  self.issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  self.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return self;
}

/** A page of the dev project's allowed origins, where the social logins of the tests start. */
export const DEMO = 'http://localhost:4300';

/** POST /social/start for the dev project's device 'device-0001' (the page `origin`, DEMO by default). */
export function startSocial(h: AuthHarness, provider: string, origin = DEMO, projectId = 'w3kit-dev') {
  return h.call('POST', '/social/start', { projectId, provider, deviceId: 'device-0001', origin });
}
