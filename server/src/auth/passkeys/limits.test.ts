import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPasskeyHarness, type AuthHarness } from '../../../test/auth-harness.js';
import { CHALLENGE_GONE, MAX_CHALLENGES_PER_KEY, MAX_PASSKEYS_PER_USER } from './store.js';
import { createCredential } from '../../../test/passkey-authenticator.js';
import { emailLogin } from '../../../test/auth-session.js';
import { passkeysRepository } from '../../storage/passkeys.js';

let h: AuthHarness;
let origin: string;
beforeEach(async () => {
  ({ h, origin } = await startPasskeyHarness());
});
afterEach(() => h.close());

const store = () => passkeysRepository(h.server.storage);
const liveChallenges = async () => (await store().challengeIds()).length;

describe('passkey limits', () => {
  it('keeps at most a few live challenges per user and per IP, dropping the oldest', async () => {
    const session = await emailLogin(h, 'jo@example.com', 'device-jo-0001');
    const options = [];
    for (let i = 0; i <= MAX_CHALLENGES_PER_KEY; i++) {
      h.clock.now += 1;
      options.push((await h.call('POST', '/passkeys/register/options', undefined, session.token)).body.options);
    }
    expect(await liveChallenges()).toBe(MAX_CHALLENGES_PER_KEY);
    const oldest = createCredential(options[0], { origin });
    const dropped = await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response: oldest.response }, session.token);
    expect(dropped.body.message).toBe(CHALLENGE_GONE);
    const newest = createCredential(options.at(-1), { origin });
    expect(
      (await h.call('POST', '/passkeys/register/verify', { projectId: 'w3kit-dev', response: newest.response }, session.token)).status,
    ).toBe(200);

    const ids = [];
    for (let i = 0; i <= MAX_CHALLENGES_PER_KEY; i++) {
      h.clock.now += 1;
      ids.push((await h.call('POST', '/passkeys/login/options', { projectId: 'w3kit-dev' })).body.challengeId);
    }
    expect((await store().challengeIds('login')).sort()).toEqual(ids.slice(1).sort());
  });

  it(`refuses a passkey past ${MAX_PASSKEYS_PER_USER} per user`, async () => {
    const session = await emailLogin(h, 'kim@example.com', 'device-kim-0001');
    for (let i = 0; i < MAX_PASSKEYS_PER_USER; i++) {
      const id = `credential-${String(i).padStart(12, '0')}`;
      const row = { id, user_id: session.user.id, public_key: Buffer.from([0]), counter: 0, transports: '[]', name: 'p', created_at: 0 };
      await store().add({ ...row, last_used_at: null, wrapped_recovery_share: null }, false);
    }
    const res = await h.call('POST', '/passkeys/register/options', undefined, session.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`This account already has ${MAX_PASSKEYS_PER_USER} passkeys: remove one first`);
  });
});
