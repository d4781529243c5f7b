import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from '../../../test/auth-harness.js';
import { decryptShare } from '../kek.js';
import { RECOVERY_HELD_BY_PASSKEYS, recoveryShareHash } from '../keys.js';
import { LAST_RECOVERY_PASSKEY } from './remove.js';
import { assertCredential, createCredential } from '../../../test/passkey-authenticator.js';
import { emailLogin, registerTestKeys, testShare, type TestSession } from '../../../test/auth-session.js';
import { authUsersRepository } from '../../storage/auth-users.js';
import { passkeysRepository } from '../../storage/passkeys.js';

const KEK = randomBytes(32);
let h: AuthHarness;
let origin: string;
beforeEach(async () => {
  h = await startAuthHarness({ host: 'localhost', kek: KEK.toString('base64') });
  origin = h.server.frameUrl!;
});
afterEach(async () => {
  await h.close();
});

/** A stand-in for the frame's PRF-wrapped share: 12-byte IV + 33-byte share + 16-byte tag. */
const wrapped = () => randomBytes(61).toString('base64url');

async function addPasskey(session: TestSession, wrappedRecoveryShare?: string) {
  const { body } = await h.call('POST', '/passkeys/register/options', undefined, session.token);
  const { credential, response } = createCredential(body.options, { origin });
  const res = await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response, wrappedRecoveryShare }, session.token);
  return { credential, res };
}

const users = () => authUsersRepository(h.server.storage);
const passkeys = () => passkeysRepository(h.server.storage);
const userRow = async (id: string) => {
  const { recovery_share, recovery_share_hash } = (await users().byId(id))!;
  return { recovery_share, recovery_share_hash };
};

describe('the recovery share and PRF passkeys', () => {
  it('stores the wrapped share with the passkey, drops the sealed copy, and then releases only the wrapped copies', async () => {
    const session = await emailLogin(h, 'gus@example.com', 'device-gus-0001');
    const noKeys = await addPasskey(session, wrapped());
    expect(noKeys.res.status).toBe(409);
    expect(await passkeys().ofUser(session.user.id)).toEqual([]);

    const { recoveryShare } = await registerTestKeys(h, session);
    expect((await userRow(session.user.id)).recovery_share_hash).toBe(recoveryShareHash(recoveryShare));
    expect((await h.call('GET', '/keys/recovery-share', undefined, session.token)).body).toEqual({ share: recoveryShare });

    const plain = await addPasskey(session);
    expect(plain.res.body.passkey.prf).toBe(false);
    expect((await userRow(session.user.id)).recovery_share).not.toBeNull();

    const first = wrapped();
    const { credential, res } = await addPasskey(session, first);
    expect(res.body.passkey.prf).toBe(true);
    expect(await userRow(session.user.id)).toEqual({ recovery_share: null, recovery_share_hash: recoveryShareHash(recoveryShare) });
    expect((await passkeys().byId(credential.id))?.wrapped_recovery_share).toBe(first);

    const held = await h.call('GET', '/keys/recovery-share', undefined, session.token);
    expect(held.status).toBe(409);
    expect(held.body).toEqual({ message: RECOVERY_HELD_BY_PASSKEYS, field: 'passkey' });
    const list = await h.call('GET', '/keys/recovery-wrapped', undefined, session.token);
    expect(list.body).toEqual({ wrapped: [{ credentialId: credential.id, share: first }] });

    const { body: opts } = await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
    const response = assertCredential(credential, opts.options, { origin });
    const login = await h.call('POST', '/passkeys/login/verify', {
      projectId: 'w3kit-dev',
      challengeId: opts.challengeId,
      response,
      deviceId: 'device-gus-0003',
    });
    expect(login.body).toMatchObject({ deviceVerified: true, wrappedRecoveryShare: first });
    expect((await h.call('GET', '/keys/recovery-wrapped', undefined, login.body.token)).body.wrapped).toHaveLength(1);
    // A session whose device was not approved gets no wrapped copy: the known device's next e-mail login.
    h.clock.now += 31_000;
    const known = await emailLogin(h, 'gus@example.com', 'device-gus-0001');
    expect(known.deviceVerified).toBe(false);
    const unverified = await h.call('GET', '/keys/recovery-wrapped', undefined, known.token);
    expect(unverified.status).toBe(403);
  });

  it('fills the hash lazily for users registered before it was kept', async () => {
    const session = await emailLogin(h, 'hal@example.com', 'device-hal-0001');
    const { recoveryShare } = await registerTestKeys(h, session);
    await users().setRecoveryShareHash(session.user.id, null);
    await addPasskey(session, wrapped());
    expect(await userRow(session.user.id)).toEqual({ recovery_share: null, recovery_share_hash: recoveryShareHash(recoveryShare) });
  });

  it('removes the last PRF passkey only with the recovery share handed back, checked and sealed again', async () => {
    const session = await emailLogin(h, 'ivy@example.com', 'device-ivy-0001');
    const { recoveryShare } = await registerTestKeys(h, session);
    const a = await addPasskey(session, wrapped());
    const b = await addPasskey(session, wrapped());
    const plain = await addPasskey(session);

    // Not the last holder: goes without the share.
    expect((await h.call('POST', '/passkeys/remove', { id: a.credential.id }, session.token)).status).toBe(200);
    expect((await h.call('POST', '/passkeys/remove', { id: plain.credential.id }, session.token)).status).toBe(200);

    const refused = await h.call('POST', '/passkeys/remove', { id: b.credential.id }, session.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: LAST_RECOVERY_PASSKEY, field: 'recoveryShare' });
    const wrongShare = await h.call('POST', '/passkeys/remove', { id: b.credential.id, recoveryShare: testShare(3) }, session.token);
    expect(wrongShare.status).toBe(400);
    expect(wrongShare.body).toEqual({
      message: "Invalid body field 'recoveryShare': not this user's recovery share",
      field: 'recoveryShare',
    });
    const wrongX = Buffer.from(recoveryShare, 'base64url');
    wrongX[0] = 1;
    const x1 = await h.call(
      'POST',
      '/passkeys/remove',
      { id: b.credential.id, recoveryShare: wrongX.toString('base64url') },
      session.token,
    );
    expect(x1.body.message).toBe("Invalid body field 'recoveryShare': must be the share with x = 3");
    expect((await passkeys().ofUser(session.user.id)).map((p) => p.id)).toEqual([b.credential.id]);
    expect((await userRow(session.user.id)).recovery_share).toBeNull();

    const ok = await h.call('POST', '/passkeys/remove', { id: b.credential.id, recoveryShare }, session.token);
    expect(ok.status).toBe(200);
    expect((await h.call('GET', '/passkeys', undefined, session.token)).body).toEqual({ passkeys: [] });
    const sealed = (await userRow(session.user.id)).recovery_share!;
    expect(decryptShare(KEK, session.user.id, sealed)).toBe(recoveryShare);
    expect((await h.call('GET', '/keys/recovery-share', undefined, session.token)).body).toEqual({ share: recoveryShare });

    // A removed passkey no longer logs in.
    const { body: opts } = await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' });
    const response = assertCredential(b.credential, opts.options, { origin });
    const gone = await h.call('POST', '/passkeys/login/verify', {
      projectId: 'w3kit-dev',
      challengeId: opts.challengeId,
      response,
      deviceId: 'device-ivy-0002',
    });
    expect(gone.status).toBe(400);
  });
});
