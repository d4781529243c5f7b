import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAuthHarness, startPasskeyHarness, type AuthHarness } from '../../../test/auth-harness.js';
import { ipOriginMessage } from './relying-party.js';
import { CHALLENGE_GONE } from './store.js';
import { passkeysRepository } from '../../storage/passkeys.js';
import { assertCredential, createCredential, type TestCredential } from '../../../test/passkey-authenticator.js';
import { emailLogin, type TestSession } from '../../../test/auth-session.js';

let h: AuthHarness;
let origin: string;
beforeEach(async () => {
  ({ h, origin } = await startPasskeyHarness());
});
afterEach(() => h.close());

async function addPasskey(session: TestSession, extra: Record<string, unknown> = {}) {
  const { body: options } = await h.call('POST', '/passkeys/register/options', undefined, session.token);
  const { credential, response } = createCredential(options.options, { origin });
  const res = await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response, ...extra }, session.token);
  return { credential, res };
}

async function passkeyLogin(
  credential: TestCredential,
  overrides: { origin?: string; rpId?: string; counter?: number; topOrigin?: string } = {},
) {
  const { body } = await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
  const response = assertCredential(credential, body.options, { origin, ...overrides });
  return h.call('POST', '/passkeys/login/verify', {
    projectId: 'w3kit-dev',
    challengeId: body.challengeId,
    response,
    deviceId: 'new-device-0001',
  });
}

describe('passkeys', () => {
  it('takes a ceremony run in the frame under a page the project allows, and refuses one under any other page', async () => {
    const session = await emailLogin(h, 'top@example.com', 'device-top-0001');
    const { body: options } = await h.call('POST', '/passkeys/register/options', undefined, session.token);
    const { response } = createCredential(options.options, { origin, topOrigin: 'https://evil.example' });
    const refused = await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response }, session.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The passkey was used from a page this project does not allow: https://evil.example');
    const { body: again } = await h.call('POST', '/passkeys/register/options', undefined, session.token);
    const allowed = createCredential(again.options, { origin, topOrigin: 'http://localhost:4300' });
    expect(
      (await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response: allowed.response }, session.token)).status,
    ).toBe(200);
    expect((await passkeyLogin(allowed.credential, { topOrigin: 'http://localhost:4300' })).status).toBe(200);
    const evil = await passkeyLogin(allowed.credential, { topOrigin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body.field).toBe('response');
  });

  it('registers a discoverable passkey for the frame host and logs in with it alone as a verified device', async () => {
    const session = await emailLogin(h, 'ann@example.com', 'device-ann-0001');
    const { body: reg } = await h.call('POST', '/passkeys/register/options', undefined, session.token);
    expect(reg.options.rp).toEqual({ name: 'w3kit', id: 'localhost' });
    expect(reg.options.user.name).toBe('ann@example.com');
    expect(reg.options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(reg.options.attestation).toBe('none');

    const { credential, res } = await addPasskey(session);
    expect(res.status).toBe(200);
    expect(res.body.passkey).toMatchObject({ id: credential.id, name: 'Passkey 1', lastUsedAt: null, prf: false });
    const second = await addPasskey(session, { name: 'Laptop' });
    expect(second.res.body.passkey.name).toBe('Laptop');
    const { body: next } = await h.call('POST', '/passkeys/register/options', undefined, session.token);
    expect(next.options.excludeCredentials.map((c: { id: string }) => c.id).sort()).toEqual([credential.id, second.credential.id].sort());

    const { body: loginOptions } = await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
    expect(loginOptions.options.allowCredentials).toBeUndefined();
    expect(loginOptions.options.rpId).toBe('localhost');
    const login = await passkeyLogin(credential);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ deviceVerified: true, user: { id: session.user.id, email: 'ann@example.com' } });
    expect(login.body.wrappedRecoveryShare).toBeUndefined();
    const me = await h.call('GET', '/session', undefined, login.body.token);
    expect(me.body.user.id).toBe(session.user.id);
    const { body: list } = await h.call('GET', '/passkeys', undefined, login.body.token);
    expect(list.passkeys.find((p: { id: string }) => p.id === credential.id).lastUsedAt).toBe(h.clock.now);
    expect((await h.call('POST', '/passkeys/login/options', { projectId: 'nope' })).status).toBe(404);
  });

  it('refuses a registration or an assertion made for another origin or relying party id', async () => {
    const session = await emailLogin(h, 'ben@example.com', 'device-ben-0001');
    for (const overrides of [{ origin: 'http://evil.example:4303' }, { origin, rpId: 'evil.example' }]) {
      const { body } = await h.call('POST', '/passkeys/register/options', undefined, session.token);
      const { response } = createCredential(body.options, overrides);
      const res = await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response }, session.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^The passkey registration was refused: .*(origin|RP ID)/i);
    }
    const { credential } = await addPasskey(session);
    const wrongOrigin = await passkeyLogin(credential, { origin: 'http://evil.example:4303' });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body.message).toMatch(/^The passkey login was refused: .*origin/i);
    const wrongRp = await passkeyLogin(credential, { rpId: 'evil.example' });
    expect(wrongRp.status).toBe(400);
    expect(wrongRp.body.message).toMatch(/^The passkey login was refused: .*RP ID/i);
  });

  it('takes each challenge once, so a replayed registration or assertion is refused', async () => {
    const session = await emailLogin(h, 'cat@example.com', 'device-cat-0001');
    const { body } = await h.call('POST', '/passkeys/register/options', undefined, session.token);
    const { credential, response } = createCredential(body.options, { origin });
    expect((await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response }, session.token)).status).toBe(200);
    const again = await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response }, session.token);
    expect(again.body).toEqual({ message: CHALLENGE_GONE, field: 'response' });

    const { body: opts } = await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
    const assertion = assertCredential(credential, opts.options, { origin });
    const body1 = { challengeId: opts.challengeId, projectId: 'w3kit-dev', response: assertion, deviceId: 'device-cat-0002' };
    expect((await h.call('POST', '/passkeys/login/verify', body1)).status).toBe(200);
    const replay = await h.call('POST', '/passkeys/login/verify', body1);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(CHALLENGE_GONE);

    // A fresh challenge signed over an old one is refused too, and so is a lapsed challenge.
    const { body: fresh } = await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
    const stale = assertCredential(credential, opts.options, { origin });
    const res = await h.call('POST', '/passkeys/login/verify', {
      projectId: 'w3kit-dev',
      challengeId: fresh.challengeId,
      response: stale,
      deviceId: 'device-cat-0002',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/challenge/i);
    const { body: late } = await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
    h.clock.now += 5 * 60_000 + 1;
    const lapsed = assertCredential(credential, late.options, { origin });
    const lateRes = await h.call('POST', '/passkeys/login/verify', {
      projectId: 'w3kit-dev',
      challengeId: late.challengeId,
      response: lapsed,
      deviceId: 'device-cat-0002',
    });
    expect(lateRes.body.message).toBe(CHALLENGE_GONE);
  });

  it('keeps the signature counter and refuses one that does not move forward, a bad signature, another user handle', async () => {
    const session = await emailLogin(h, 'dan@example.com', 'device-dan-0001');
    const { credential } = await addPasskey(session);
    expect((await passkeyLogin(credential, { counter: 5 })).status).toBe(200);
    expect((await passkeysRepository(h.server.storage).byId(credential.id))?.counter).toBe(5);
    const cloned = await passkeyLogin(credential, { counter: 5 });
    expect(cloned.status).toBe(400);
    expect(cloned.body.message).toMatch(/counter/i);

    const other = await emailLogin(h, 'eve@example.com', 'device-eve-0001');
    const { credential: eves } = await addPasskey(other);
    // Eve's key signing for Dan's credential id: the signature does not verify.
    const forged = { ...eves, id: credential.id, userHandle: credential.userHandle };
    const bad = await passkeyLogin(forged, { counter: 50 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The passkey login was refused/);
    // Dan's credential claiming Eve as its user.
    const { body } = await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
    const response = assertCredential(credential, body.options, { origin, userHandle: eves.userHandle, counter: 60 });
    const swapped = await h.call('POST', '/passkeys/login/verify', {
      projectId: 'w3kit-dev',
      challengeId: body.challengeId,
      response,
      deviceId: 'device-eve-0002',
    });
    expect(swapped.body.message).toMatch(/belong to different users/);
    // Dan cannot remove Eve's passkey.
    const remove = await h.call('POST', '/passkeys/remove', { id: eves.id }, session.token);
    expect(remove.status).toBe(404);
    const unknown = await passkeyLogin({ ...credential, id: 'AAAAAAAAAAAAAAAAAAAAAA' }, { counter: 70 });
    expect(unknown.body.message).toMatch(/not registered/);
  });
});

describe('passkeys on an IP-address frame origin', () => {
  it('answers 400 with the host name to use instead', async () => {
    // Only a public URL given as an IP address gets here: without one, a loopback frame is http://localhost:PORT.
    const port = '8799';
    const ip = await startAuthHarness({ kek: randomBytes(32).toString('base64'), framePublicUrl: `http://127.0.0.1:${port}` });
    try {
      const session = await emailLogin(ip, 'fay@example.com', 'device-fay-0001');
      const register = await ip.call('POST', '/passkeys/register/options', undefined, session.token);
      expect(register.status).toBe(400);
      expect(register.body.message).toBe(ipOriginMessage(port));
      expect(register.body.message).toContain(`use http://localhost:${port}`);
      const login = await ip.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
      expect(login.status).toBe(400);
      expect(login.body.message).toBe(ipOriginMessage(port));
    } finally {
      await ip.close();
    }
  });
});
