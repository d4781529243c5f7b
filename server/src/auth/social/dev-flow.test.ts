import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from '../../../test/auth-harness.js';
import { authUsersRepository } from '../../storage/auth-users.js';
import { browseToCallback, DEMO, startSocial } from '../../../test/social-oidc.js';

// The whole code flow against the development OpenID provider (real oidc-provider, real HTTP).
let h: AuthHarness;
const logs: string[] = [];
beforeAll(async () => {
  h = await startAuthHarness({ oidcPort: 0, warn: (line) => logs.push(line) });
});
afterAll(async () => {
  await h.close();
});

const island = (html: string) => /<script type="application\/json" id="w3kit-social-result">(.*?)<\/script>/s.exec(html)?.[1];

async function login(provider: string, name: string) {
  const start = await h.call('POST', '/social/start', { projectId: 'w3kit-dev', provider, deviceId: 'device-0001', origin: DEMO });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const forms: string[] = [];
  const callback = await browseToCallback(start.body.uri, `${h.server.frameUrl}/auth/v1/social/callback`, name, forms);
  const page = await fetch(callback);
  const html = await page.text();
  return { start, callback, page, html, forms, completion: completionOf(html) };
}

/** The one-time value the callback page gives the popup's opener (finish requires it). */
function completionOf(html: string): string | undefined {
  const data = island(html);
  return data === undefined ? undefined : (JSON.parse(data) as { result: { completion?: string } }).result.completion;
}
const COMPLETION = /^[A-Za-z0-9_-]{43}$/;

describe('social login through the development OpenID provider', () => {
  it('serves one issuer per provider under the oidc URL', async () => {
    expect(h.server.oidcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const doc = await (await fetch(`${h.server.oidcUrl}/google/.well-known/openid-configuration`)).json();
    expect(doc.issuer).toBe(`${h.server.oidcUrl}/google`);
    expect(doc.code_challenge_methods_supported).toContain('S256');
  });

  it('logs in with google (OpenID discovery, id token) and opens a session with provider and username', async () => {
    const { start, page, html, forms, completion } = await login('google', 'alice');
    // The development client is first-party: a login form, no consent page.
    expect(forms).toEqual(['login']);
    const uri = new URL(start.body.uri);
    expect(uri.origin + uri.pathname).toBe(`${h.server.oidcUrl}/google/auth`);
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256');
    expect(uri.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(uri.searchParams.get('redirect_uri')).toBe(`${h.server.frameUrl}/auth/v1/social/callback`);
    expect(page.status).toBe(200);
    expect(JSON.parse(island(html)!)).toEqual({
      target: DEMO,
      result: { w3kit: 'social-result', ok: true, completion: expect.stringMatching(COMPLETION) },
    });
    expect(html).toContain('You are logged in. You can close this window.');
    expect(html).toContain('<script src="/social-callback.js" defer></script>');
    expect(html).not.toMatch(/code=|id_token|access_token/);

    const finish = await h.call('POST', '/social/finish', { socialId: start.body.socialId, completion });
    expect(finish.status).toBe(200);
    expect(finish.body.deviceVerified).toBe(true);
    expect(finish.body.user).toMatchObject({ email: 'alice@w3kit.test', socialProvider: 'google', userName: 'alice' });
    const session = await h.call('GET', '/session', undefined, finish.body.token);
    expect(session.body.user).toMatchObject({ id: finish.body.user.id, socialProvider: 'google', userName: 'alice' });

    const again = await h.call('POST', '/social/finish', { socialId: start.body.socialId, completion });
    expect(again.status).toBe(404);
  });

  it('a login link that ended in another window (not the opener) cannot be finished by whoever started it', async () => {
    // The attack: start a login, send someone its provider URL, finish once they logged in. The
    // finisher never saw the popup's message, so it has no completion value.
    const { start, completion } = await login('google', 'mallory-victim');
    const without = await h.call('POST', '/social/finish', { socialId: start.body.socialId });
    expect(without.status).toBe(403);
    expect(without.body.message).toBe('This social login was completed in another window: please start again');
    // Refused once, gone: the right value no longer helps (no guessing).
    expect((await h.call('POST', '/social/finish', { socialId: start.body.socialId, completion })).status).toBe(404);
    const other = await login('google', 'mallory-victim');
    const wrong = await h.call('POST', '/social/finish', { socialId: other.start.body.socialId, completion });
    expect(wrong.status).toBe(403);
  });

  it('logs in with github through the OAuth 2 endpoints form (userinfo)', async () => {
    const { start, html, completion } = await login('github', 'octo');
    const uri = new URL(start.body.uri);
    expect(uri.pathname).toBe('/github/auth');
    expect(uri.searchParams.has('nonce')).toBe(false);
    expect(JSON.parse(island(html)!).result.ok).toBe(true);
    const finish = await h.call('POST', '/social/finish', { socialId: start.body.socialId, completion });
    expect(finish.status).toBe(200);
    expect(finish.body.user).toMatchObject({ email: 'octo@w3kit.test', socialProvider: 'github', userName: 'octo' });
  });

  it('links an e-mail user and a google login with the same verified address', async () => {
    const emailUser = await authUsersRepository(h.server.storage).ensure('carol@w3kit.test', 'user-carol', Date.now());
    const { start, completion } = await login('google', 'carol');
    const finish = await h.call('POST', '/social/finish', { socialId: start.body.socialId, completion });
    expect(finish.body.user.id).toBe(emailUser.id);
    // The same person through github (another provider, same verified address) reaches the same user too.
    const second = await login('github', 'carol');
    const other = await h.call('POST', '/social/finish', { socialId: second.start.body.socialId, completion: second.completion });
    expect(other.body.user.id).toBe(emailUser.id);
  });

  it('refuses a replayed callback (same code and state) and answers it without a target', async () => {
    const start0 = await startSocial(h, 'google');
    const first = await browseToCallback(start0.body.uri, `${h.server.frameUrl}/auth/v1/social/callback`, 'dave');
    // A HEAD (a link checker) does not spend the state.
    expect((await fetch(first, { method: 'HEAD' })).status).toBe(404);
    expect(island(await (await fetch(first)).text())).toBeDefined();
    const { start, callback, completion } = await login('google', 'dave');
    const replay = await fetch(callback);
    expect(replay.status).toBe(400);
    const html = await replay.text();
    expect(island(html)).toBeUndefined();
    expect(html).not.toContain('social-callback.js');
    expect(html).toContain('This login link is no longer valid');
    // The first callback's result still stands, once.
    expect((await h.call('POST', '/social/finish', { socialId: start.body.socialId, completion })).status).toBe(200);
  });

  it('refuses a tampered state: the login stays unfinished', async () => {
    const start = await startSocial(h, 'google');
    const callback = new URL(await browseToCallback(start.body.uri, `${h.server.frameUrl}/auth/v1/social/callback`, 'eve'));
    const state = callback.searchParams.get('state')!;
    callback.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    const page = await fetch(callback);
    expect(page.status).toBe(400);
    expect(island(await page.text())).toBeUndefined();
    const finish = await h.call('POST', '/social/finish', { socialId: start.body.socialId });
    expect(finish.status).toBe(409);
  });

  it('answers the callback page with its own CSP and no Cross-Origin-Opener-Policy', async () => {
    const { page } = await login('google', 'frank');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(page.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('refuses a start from an origin the project does not allow, and an unconfigured provider', async () => {
    const evil = await startSocial(h, 'google', 'https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.body.message).toContain('https://evil.example');
    const noHeader = await fetch(`${h.server.frameUrl}/auth/v1/social/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 'w3kit-dev', provider: 'google', deviceId: 'device-0001', origin: DEMO }),
    });
    expect(noHeader.status).toBe(403);
  });

  it('reports the user cancelling at the provider as a failure the finish returns', async () => {
    const start = await startSocial(h, 'discord');
    const state = new URL(start.body.uri).searchParams.get('state')!;
    const page = await fetch(`${h.server.frameUrl}/auth/v1/social/callback?error=access_denied&state=${state}`);
    expect(JSON.parse(island(await page.text())!)).toEqual({
      target: DEMO,
      result: { w3kit: 'social-result', ok: false, message: 'The login was cancelled' },
    });
    const finish = await h.call('POST', '/social/finish', { socialId: start.body.socialId });
    expect(finish.status).toBe(400);
    expect(finish.body.message).toBe('The login was cancelled');
    expect(logs.join('')).toContain('provider error access_denied');
  });
});
