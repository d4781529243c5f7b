import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from '../../../test/auth-harness.js';
import { socialLoginsRepository } from '../../storage/social-logins.js';
import { DEMO, startLocalIssuer, startSocial } from '../../../test/social-oidc.js';

// Id token checks against a local issuer whose tokens are really signed (ES256, its JWKS served).
let h: AuthHarness;
let issuer: Awaited<ReturnType<typeof startLocalIssuer>>;
const logs: string[] = [];
beforeAll(async () => {
  issuer = await startLocalIssuer();
  h = await startAuthHarness({
    warn: (line) => logs.push(line),
    socials: {
      google: {
        kind: 'oidc',
        provider: 'google',
        issuer: issuer.issuer,
        clientId: issuer.clientId,
        clientSecret: issuer.clientSecret,
        tokenEndpointAuthMethod: 'client_secret_basic',
        scope: 'openid email profile',
      },
      // Nothing listens there: discovery fails.
      apple: {
        kind: 'oidc',
        provider: 'apple',
        issuer: 'http://127.0.0.1:1/apple',
        clientId: 'apple-client',
        clientSecret: 'secret',
        tokenEndpointAuthMethod: 'client_secret_post',
        scope: 'openid',
      },
    },
  });
});
afterAll(async () => {
  await h.close();
  await issuer.close();
});
beforeEach(() => {
  issuer.nextClaims = (claims) => claims;
});

const island = (html: string) => JSON.parse(/id="w3kit-social-result">(.*?)<\/script>/s.exec(html)![1]!);

/** Starts a login, plays the provider's authorization (a fresh code bound to the challenge and nonce), and opens the callback. */
async function loginWith() {
  const start = await startSocial(h, 'google');
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const uri = new URL(start.body.uri);
  const code = randomBytes(12).toString('base64url');
  issuer.challengeFor.set(code, `${uri.searchParams.get('code_challenge')} ${uri.searchParams.get('nonce')}`);
  const page = await fetch(`${h.server.frameUrl}/auth/v1/social/callback?code=${code}&state=${uri.searchParams.get('state')}`);
  const result = island(await page.text());
  const finish = await h.call('POST', '/social/finish', { socialId: start.body.socialId, completion: result.result.completion });
  return { uri, page, result, finish };
}

describe('the id token', () => {
  it('is accepted when signed by the issuer for this client, with the PKCE verifier sent', async () => {
    issuer.nextClaims = (c) => ({ ...c, sub: 'sub-ok', email: 'Ok@Example.com', email_verified: true, preferred_username: 'ok' });
    const { uri, result, finish } = await loginWith();
    expect(uri.searchParams.get('scope')).toBe('openid email profile');
    expect(result).toEqual({ target: DEMO, result: { w3kit: 'social-result', ok: true, completion: expect.any(String) } });
    expect(finish.body.user).toMatchObject({ email: 'ok@example.com', socialProvider: 'google', userName: 'ok' });
    const form = issuer.tokenRequests.at(-1)!;
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe(`${h.server.frameUrl}/auth/v1/social/callback`);
    expect(form.get('client_secret')).toBeNull();
  });

  it('gives its verified address in the one normalized form, and no address when it is not one mailbox', async () => {
    issuer.nextClaims = (c) => ({ ...c, sub: 'sub-list', email: 'victim@example.com,evil@example.com', email_verified: true });
    expect((await loginWith()).finish.body.user.email).toBeNull();
    issuer.nextClaims = (c) => ({ ...c, sub: 'sub-idn', email: 'Me@Bücher.example', email_verified: true });
    expect((await loginWith()).finish.body.user.email).toBe('me@xn--bcher-kva.example');
  });

  it('is accepted issued within a minute of skew ahead of the server clock', async () => {
    issuer.nextClaims = (c) => ({
      ...c,
      sub: 'sub-skew',
      iat: Math.floor(h.clock.now / 1000) + 50,
      nbf: Math.floor(h.clock.now / 1000) + 50,
    });
    const { finish } = await loginWith();
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
  });

  it('without a verified e-mail gives a user with email null (an unverified address is not used)', async () => {
    issuer.nextClaims = (c) => ({ ...c, sub: 'sub-unverified', email: 'ok@example.com', email_verified: false, name: 'No Mail' });
    const { finish } = await loginWith();
    expect(finish.status).toBe(200);
    expect(finish.body.user.email).toBeNull();
    expect(finish.body.user.userName).toBe('No Mail');
    issuer.nextClaims = (c) => ({ ...c, sub: 'sub-none' });
    const none = await loginWith();
    expect(none.finish.body.user.email).toBeNull();
    expect(none.finish.body.user.id).not.toBe(finish.body.user.id);
  });

  const refusals: [string, (c: Record<string, unknown>) => Record<string, unknown>, RegExp][] = [
    ['for another audience', (c) => ({ ...c, aud: 'someone-else' }), /aud/],
    ['expired', (c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }), /exp/],
    ['with a wrong nonce', (c) => ({ ...c, nonce: 'not-the-nonce' }), /nonce/],
    ['from another issuer', (c) => ({ ...c, iss: 'https://evil.example' }), /iss/],
    [
      'issued an hour in the future',
      (c) => ({ ...c, iat: Math.floor(h.clock.now / 1000) + 3600, exp: Math.floor(h.clock.now / 1000) + 7200 }),
      /iat/,
    ],
    ['issued 61 s in the future', (c) => ({ ...c, iat: Math.floor(h.clock.now / 1000) + 62 }), /iat/],
    ['not valid before an hour from now', (c) => ({ ...c, nbf: Math.floor(h.clock.now / 1000) + 3600 }), /nbf/],
  ];
  for (const [what, claims, detail] of refusals) {
    it(`is refused ${what}: the popup gets 'Failed to connect', the log the detail, the finish a 400`, async () => {
      issuer.nextClaims = claims;
      const before = logs.length;
      const { page, result, finish } = await loginWith();
      expect(page.status).toBe(400);
      expect(result).toEqual({ target: DEMO, result: { w3kit: 'social-result', ok: false, message: 'Failed to connect' } });
      expect(finish.status).toBe(400);
      expect(finish.body.message).toBe('Failed to connect');
      expect(logs.slice(before).join('')).toMatch(detail);
    });
  }

  it('is not asked for once the state has lapsed (10 minutes): no target, and the row is deleted at the next start', async () => {
    const start = await startSocial(h, 'google');
    const uri = new URL(start.body.uri);
    const code = randomBytes(12).toString('base64url');
    issuer.challengeFor.set(code, `${uri.searchParams.get('code_challenge')} ${uri.searchParams.get('nonce')}`);
    const seen = issuer.tokenRequests.length;
    h.clock.now += 10 * 60_000 + 1;
    try {
      const page = await fetch(`${h.server.frameUrl}/auth/v1/social/callback?code=${code}&state=${uri.searchParams.get('state')}`);
      const html = await page.text();
      expect(html).not.toContain('w3kit-social-result');
      expect(html).toContain('This login link is no longer valid');
      expect(issuer.tokenRequests.length).toBe(seen);
      expect((await h.call('POST', '/social/finish', { socialId: start.body.socialId })).status).toBe(404);
      await startSocial(h, 'google');
      expect(await socialLoginsRepository(h.server.storage).countLapsed(h.clock.now)).toBe(0);
    } finally {
      h.clock.now = Date.now();
    }
  });

  it('is never asked for when the PKCE verifier does not match the challenge (the token endpoint refuses the code)', async () => {
    const start = await startSocial(h, 'google');
    const uri = new URL(start.body.uri);
    issuer.challengeFor.set('wrong-challenge-code', `not-the-challenge ${uri.searchParams.get('nonce')}`);
    const page = await fetch(
      `${h.server.frameUrl}/auth/v1/social/callback?code=wrong-challenge-code&state=${uri.searchParams.get('state')}`,
    );
    expect(island(await page.text()).result.ok).toBe(false);
    expect(logs.join('')).toContain('token endpoint refused the code: 400 invalid_grant');
  });
});

describe('the start', () => {
  it('answers 404 naming a provider the server has not configured', async () => {
    const res = await startSocial(h, 'facebook');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Social login with facebook is not configured on this server');
  });

  it("answers 502 when the provider's discovery does not answer, and logs why", async () => {
    const res = await startSocial(h, 'apple');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Failed to initiate social connection: apple did not answer');
    expect(logs.join('')).toContain('social login with apple: cannot start');
  });

  it('answers 404 for an unknown project', async () => {
    const res = await startSocial(h, 'google', DEMO, 'nope');
    expect(res.status).toBe(404);
  });
});
