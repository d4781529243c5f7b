import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptShare, encryptShare } from './kek.js';
import { codeOf, startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';
import texts from '../../data/login-texts.json' with { type: 'json' };
import { emailLogin, testKeys } from '../../test/auth-session.js';

const KEK = randomBytes(32);
let h: AuthHarness;
beforeEach(async () => {
  h = await startAuthHarness({ kek: KEK.toString('base64') });
});
afterEach(async () => {
  await h.close();
});

const login = (email: string, deviceId: string) => emailLogin(h, email, deviceId);
const keysFor = testKeys;

describe('keys', () => {
  it('registers keys once with both proofs, keeps the recovery share encrypted, and releases shares by the rules', async () => {
    const session = await login('bob@example.com', 'device-bob-0001');
    const keys = await keysFor(session.user.id);
    const other = await keysFor(session.user.id);
    const badEvm = await h.call('POST', '/keys', { ...keys, evmSignature: other.evmSignature }, session.token);
    expect(badEvm.status).toBe(400);
    expect(badEvm.body.field).toBe('evmSignature');
    const badSol = await h.call('POST', '/keys', { ...keys, solanaSignature: other.solanaSignature }, session.token);
    expect(badSol.body.field).toBe('solanaSignature');
    const wrongUser = await keysFor('someone-else');
    expect((await h.call('POST', '/keys', wrongUser, session.token)).status).toBe(400);
    expect((await h.call('POST', '/keys', keys)).status).toBe(401);
    const swapped = await h.call(
      'POST',
      '/keys',
      { ...keys, serverShare: keys.recoveryShare, recoveryShare: keys.serverShare },
      session.token,
    );
    expect(swapped.body).toEqual({ message: "Invalid body field 'serverShare': must be the share with x = 2", field: 'serverShare' });

    const ok = await h.call('POST', '/keys', keys, session.token);
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ evmAddress: keys.evmAddress, solanaAddress: keys.solanaAddress });
    expect((await h.call('POST', '/keys', other, session.token)).status).toBe(409);

    const row = h.server.db.prepare('SELECT recovery_share FROM auth_users WHERE id = ?').get(session.user.id) as {
      recovery_share: string;
    };
    expect(row.recovery_share).not.toContain(keys.recoveryShare);
    expect(decryptShare(KEK, session.user.id, row.recovery_share)).toBe(keys.recoveryShare);
    expect(() => decryptShare(randomBytes(32), session.user.id, row.recovery_share)).toThrow();
    expect(() => decryptShare(KEK, 'another-user', row.recovery_share)).toThrow();

    expect((await h.call('GET', '/keys/server-share')).status).toBe(401);
    expect((await h.call('GET', '/keys/server-share', undefined, session.token)).body).toEqual({ share: keys.serverShare });
    expect((await h.call('GET', '/keys/recovery-share', undefined, session.token)).body).toEqual({ share: keys.recoveryShare });
    const elsewhere = encryptShare(randomBytes(32), session.user.id, keys.recoveryShare);
    h.server.db.prepare('UPDATE auth_users SET recovery_share = ? WHERE id = ?').run(elsewhere, session.user.id);
    const lost = await h.call('GET', '/keys/recovery-share', undefined, session.token);
    expect(lost.status).toBe(500);
    expect(lost.body.message).toMatch(/^The recovery share cannot be decrypted/);
    h.server.db.prepare('UPDATE auth_users SET recovery_share = ? WHERE id = ?').run(row.recovery_share, session.user.id);

    h.clock.now += 31_000;
    const known = await login('bob@example.com', 'device-bob-0001');
    expect(known.deviceVerified).toBe(false);
    expect((await h.call('GET', '/keys/server-share', undefined, known.token)).body).toEqual({ share: keys.serverShare });
    const refused = await h.call('GET', '/keys/recovery-share', undefined, known.token);
    expect(refused.status).toBe(403);
    expect(refused.body).not.toHaveProperty('share');
  });

  it('exports the server share after a fresh code, once', async () => {
    const session = await login('carol@example.com', 'device-carol-01');
    const keys = await keysFor(session.user.id);
    await h.call('POST', '/keys', keys, session.token);
    const before = h.server.mails().length;
    const start = await h.call('POST', '/export/start', undefined, session.token);
    expect(start.status).toBe(200);
    const mail = await h.mailTo('carol@example.com', before);
    expect(mail.text).toContain('reveal your private key');
    const code = codeOf(mail);
    const wrong = await h.call(
      'POST',
      '/export/verify',
      { exportId: start.body.exportId, otp: code === '000000' ? '111111' : '000000' },
      session.token,
    );
    expect(wrong.status).toBe(400);
    const ok = await h.call('POST', '/export/verify', { exportId: start.body.exportId, otp: code }, session.token);
    expect(ok.body).toEqual({ share: keys.serverShare });
    expect((await h.call('POST', '/export/verify', { exportId: start.body.exportId, otp: code }, session.token)).status).toBe(404);
    expect((await h.call('POST', '/export/verify', { exportId: start.body.exportId, otp: code })).status).toBe(401);
  });

  it('changes the e-mail address with a code to each address; a taken address is refused', async () => {
    const dave = await login('dave@example.com', 'device-dave-001');
    h.clock.now += 31_000;
    await login('erin@example.com', 'device-erin-001');
    expect((await h.call('POST', '/email/change/start', { email: 'erin@example.com' }, dave.token)).status).toBe(409);

    let before = h.server.mails().length;
    const start = await h.call('POST', '/email/change/start', { email: 'Dave.New@example.com' }, dave.token);
    expect(start.body.action).toBe('VERIFY_PRIMARY_OTP');
    const first = codeOf(await h.mailTo('dave@example.com', before));
    before = h.server.mails().length;
    const primary = await h.call('POST', '/email/change/primary', { changeId: start.body.changeId, otp: first }, dave.token);
    expect(primary.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    const second = codeOf(await h.mailTo('dave.new@example.com', before));
    const secondary = await h.call('POST', '/email/change/secondary', { changeId: start.body.changeId, otp: second }, dave.token);
    expect(secondary.body).toEqual({ email: 'dave.new@example.com' });
    expect((await h.call('GET', '/session', undefined, dave.token)).body.user.email).toBe('dave.new@example.com');

    h.clock.now += 31_000;
    const known = await h.call('POST', '/email/start', {
      projectId: 'w3kit-dev',
      email: 'dave.new@example.com',
      deviceId: 'device-dave-001',
    });
    expect(known.body.action).toBe('VERIFY_OTP');
  });

  it('speaks the locale the frame sent in the export and e-mail change mails; an empty body is English, a bad tag refused', async () => {
    const fay = await login('fay@example.com', 'device-fay-0001');
    await h.call('POST', '/keys', await keysFor(fay.user.id), fay.token);
    let before = h.server.mails().length;
    expect((await h.call('POST', '/export/start', { locale: 'de' }, fay.token)).status).toBe(200);
    const german = await h.mailTo('fay@example.com', before);
    expect(german.subject).toMatch(/^\d{6} /);
    expect(german.text).toContain(texts.de.codeExport);
    expect(german.text).toContain(texts.de.codeValid);
    expect((await h.call('POST', '/export/start', { locale: 'not a tag' }, fay.token)).status).toBe(400);

    h.clock.now += 31_000;
    before = h.server.mails().length;
    const start = await h.call('POST', '/email/change/start', { email: 'fay.new@example.com', locale: 'ar' }, fay.token);
    expect(start.status).toBe(200);
    const current = await h.mailTo('fay@example.com', before);
    expect(current.text).toContain(texts.ar.codeEmailChangeCurrent);
    before = h.server.mails().length;
    const primary = await h.call(
      'POST',
      '/email/change/primary',
      { changeId: start.body.changeId, otp: codeOf(current), locale: 'ja' },
      fay.token,
    );
    expect(primary.status).toBe(200);
    expect((await h.mailTo('fay.new@example.com', before)).text).toContain(texts.ja.codeEmailChangeNew);

    h.clock.now += 31_000;
    before = h.server.mails().length;
    expect((await h.call('POST', '/export/start', undefined, fay.token)).status).toBe(200);
    expect((await h.mailTo('fay@example.com', before)).text).toContain(texts.en.codeExport);
  });
});
