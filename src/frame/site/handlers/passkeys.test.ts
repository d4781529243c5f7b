import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAuthenticator, fakePasskeyRoutes } from '../test-utils/fake-passkeys.js';
import { HARDHAT_NETWORK, startFrameHarness, type FakeUser } from '../test-utils/frame-harness.js';

const SALT = createHash('sha256').update('w3kit passkey recovery share v1').digest();
const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

type Routes = ReturnType<typeof fakePasskeyRoutes>;
type Auth = ReturnType<typeof fakeAuthenticator>;

function harness(routes: Routes, auth: Auth, user?: FakeUser, deviceVerified = false) {
  const h = startFrameHarness({ routes: routes.routes, passkeys: auth.authenticator, deviceVerified, ...(user ? { user } : {}) });
  open.push(h);
  return h;
}

async function emailLogin(h: ReturnType<typeof harness>) {
  await h.call('ConnectEmail', { email: 'ada@example.com' });
  expect((await h.call('ConnectOtp', { otp: '123456' })).error).toBeUndefined();
}

/** Every PRF output the authenticator could have given, base64url. */
const prfOutputs = (auth: Auth) => auth.credentials.map((c) => createHmac('sha256', c.secret).update(SALT).digest().toString('base64url'));

async function withPrfPasskey() {
  const routes = fakePasskeyRoutes();
  const auth = fakeAuthenticator();
  const first = harness(routes, auth);
  await emailLogin(first);
  const added = await first.call('AddPasskey');
  return { routes, auth, first, added };
}

describe('passkey handlers', () => {
  it('AddPasskey asks PRF with the label salt, wraps the recovery share and never posts the PRF output', async () => {
    const { routes, auth, first, added } = await withPrfPasskey();
    expect(added.error).toBeUndefined();
    expect(added.payload).toMatchObject({ passkey: { prf: true, id: auth.credentials[0]!.id } });
    const create = auth.seen.find((s) => s.kind === 'create')!.options;
    expect(create.extensions).toEqual({ prf: { eval: { first: SALT.toString('base64url') } } });
    expect(routes.passkeys[0]!.wrapped).toMatch(/^[A-Za-z0-9_-]{82}$/);
    expect(routes.server.holdsRecovery).toBe(false);
    const verify = first.api.sent.find((s) => s.path === '/passkeys/register/verify')!;
    expect(verify.body).not.toContain('"results"');
    for (const output of prfOutputs(auth)) {
      expect(JSON.stringify(first.api.sent)).not.toContain(output);
      expect(JSON.stringify(first.received)).not.toContain(output);
    }
  });

  it('logs in with the passkey alone on a new device and rebuilds the same device share from the wrapped share', async () => {
    const { routes, auth, first } = await withPrfPasskey();
    const user = first.api.user;
    const second = harness(routes, auth, user, true);
    expect((await second.call('ConnectPasskey')).error).toBeUndefined();
    expect(second.store.shares.get(user.id)).toEqual(first.store.shares.get(user.id));
    expect(second.api.calls).not.toContain('GET /keys/recovery-share');
    expect(second.api.calls).not.toContain('POST /keys');
    const login = second.api.sent.find((s) => s.path === '/passkeys/login/verify')!;
    expect(JSON.parse(login.body)).toMatchObject({ challengeId: 'challenge-0001', deviceId: 'device-0000000001' });
    for (const output of prfOutputs(auth)) expect(JSON.stringify(second.api.sent)).not.toContain(output);
    await second.call('SyncDappData', { projectId: 'w3kit-dev', sdkVersion: '4', networks: [HARDHAT_NETWORK] });
    expect((await second.call('GetUser')).payload).toMatchObject({ address: user.evmAddress });
  });

  it('an authenticator that only reports PRF enabled at creation is asked once more, for that credential', async () => {
    const routes = fakePasskeyRoutes();
    const auth = fakeAuthenticator({ prf: 'enabled' });
    const h = harness(routes, auth);
    await emailLogin(h);
    expect((await h.call('AddPasskey')).payload).toMatchObject({ passkey: { prf: true } });
    const get = auth.seen.find((s) => s.kind === 'get')!.options;
    expect(get.allowCredentials).toEqual([{ type: 'public-key', id: auth.credentials[0]!.id }]);
    expect(routes.passkeys[0]!.wrapped).toBeDefined();
  });

  it('without PRF the passkey registers unwrapped, logs in, and the server still releases the recovery share', async () => {
    const routes = fakePasskeyRoutes();
    const auth = fakeAuthenticator({ prf: 'none' });
    const first = harness(routes, auth);
    await emailLogin(first);
    expect((await first.call('AddPasskey')).payload).toMatchObject({ passkey: { prf: false } });
    expect(JSON.parse(first.api.sent.find((s) => s.path === '/passkeys/register/verify')!.body)).not.toHaveProperty('wrappedRecoveryShare');
    const second = harness(routes, auth, first.api.user, true);
    expect((await second.call('ConnectPasskey')).error).toBeUndefined();
    expect(second.api.calls).toContain('GET /keys/recovery-share');
    expect(second.store.shares.get(first.api.user.id)).toEqual(first.store.shares.get(first.api.user.id));
  });

  it("a refused creation answers 'The passkey was not created' and registers nothing", async () => {
    const routes = fakePasskeyRoutes();
    const auth = fakeAuthenticator();
    const h = harness(routes, auth);
    await emailLogin(h);
    auth.failWith(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    expect((await h.call('AddPasskey')).error?.message).toBe('The passkey was not created');
    expect(routes.passkeys).toEqual([]);
    expect(h.api.calls).not.toContain('POST /passkeys/register/verify');
  });

  it('an e-mail login on a new device unwraps the recovery share with a passkey when the server no longer holds it', async () => {
    const { routes, auth, first } = await withPrfPasskey();
    const second = harness(routes, auth, first.api.user, true);
    await emailLogin(second);
    expect(second.api.calls).toEqual(expect.arrayContaining(['GET /keys/recovery-share', 'GET /keys/recovery-wrapped']));
    const get = auth.seen.filter((s) => s.kind === 'get').at(-1)!.options;
    expect(get.allowCredentials).toEqual([{ type: 'public-key', id: auth.credentials[0]!.id }]);
    expect(second.store.shares.get(first.api.user.id)).toEqual(first.store.shares.get(first.api.user.id));
  });

  it('another authenticator with the same credential id cannot unwrap the share', async () => {
    const { routes, auth, first } = await withPrfPasskey();
    const impostor = fakeAuthenticator({ credentials: [{ id: auth.credentials[0]!.id, secret: Buffer.alloc(32, 7) }] });
    const second = harness(routes, impostor, first.api.user, true);
    await second.call('ConnectEmail', { email: 'ada@example.com' });
    const reply = await second.call('ConnectOtp', { otp: '123456' });
    expect(reply.error?.message).toBe('The passkey could not unlock the recovery share');
    expect(second.store.shares.size).toBe(0);
  });

  it('lists passkeys, and removing the last PRF passkey hands the recovery share back', async () => {
    const { routes, auth, first } = await withPrfPasskey();
    const id = auth.credentials[0]!.id;
    expect((await first.call('ListPasskeys')).payload).toEqual({
      passkeys: [{ id, name: 'Passkey', createdAt: 1, lastUsedAt: null, prf: true }],
    });
    expect((await first.call('RemovePasskey', { id })).error).toBeUndefined();
    const removes = first.api.sent.filter((s) => s.path === '/passkeys/remove').map((s) => JSON.parse(s.body) as object);
    expect(removes).toEqual([{ id }, { id, recoveryShare: first.api.user.recoveryShare }]);
    expect(routes.passkeys).toEqual([]);
    expect(routes.server.holdsRecovery).toBe(true);
  });

  it("a refused passkey login answers 'No passkey was used' and starts no session", async () => {
    const { routes, auth, first } = await withPrfPasskey();
    const second = harness(routes, auth, first.api.user, true);
    auth.failWith(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    expect((await second.call('ConnectPasskey')).error?.message).toBe('No passkey was used');
    expect(second.api.calls).not.toContain('POST /passkeys/login/verify');
    expect((await second.call('IsConnected')).payload).toEqual({ isConnected: false });
  });

  it('AddPasskey and ListPasskeys need a session', async () => {
    const h = harness(fakePasskeyRoutes(), fakeAuthenticator());
    expect((await h.call('AddPasskey')).error?.message).toBe('Not connected to email or social');
    expect((await h.call('ListPasskeys')).error?.message).toBe('Not connected to email or social');
  });
});
