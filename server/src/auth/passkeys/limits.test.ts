import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPasskeyHarness, type AuthHarness } from '../../../test/auth-harness.js';
import { CHALLENGE_GONE, MAX_CHALLENGES_PER_KEY, MAX_PASSKEYS_PER_USER } from './store.js';
import { createCredential } from '../../../test/passkey-authenticator.js';
import { emailLogin } from '../../../test/auth-session.js';

let h: AuthHarness;
let origin: string;
beforeEach(async () => {
  ({ h, origin } = await startPasskeyHarness());
});
afterEach(() => h.close());

const liveChallenges = () => (h.server.db.prepare('SELECT count(*) AS n FROM auth_passkey_challenges').get() as { n: number }).n;

describe('passkey limits', () => {
  it('keeps at most a few live challenges per user and per IP, dropping the oldest', async () => {
    const session = await emailLogin(h, 'jo@example.com', 'device-jo-0001');
    const options = [];
    for (let i = 0; i <= MAX_CHALLENGES_PER_KEY; i++) {
      h.clock.now += 1;
      options.push((await h.call('POST', '/passkeys/register/options', undefined, session.token)).body.options);
    }
    expect(liveChallenges()).toBe(MAX_CHALLENGES_PER_KEY);
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
    const login = h.server.db.prepare("SELECT id FROM auth_passkey_challenges WHERE kind = 'login'").all() as { id: string }[];
    expect(login.map((r) => r.id).sort()).toEqual(ids.slice(1).sort());
  });

  it(`refuses a passkey past ${MAX_PASSKEYS_PER_USER} per user`, async () => {
    const session = await emailLogin(h, 'kim@example.com', 'device-kim-0001');
    const insert = h.server.db.prepare(
      "INSERT INTO auth_passkeys (id, user_id, public_key, counter, name, created_at) VALUES (?, ?, x'00', 0, 'p', 0)",
    );
    for (let i = 0; i < MAX_PASSKEYS_PER_USER; i++) insert.run(`credential-${String(i).padStart(12, '0')}`, session.user.id);
    const res = await h.call('POST', '/passkeys/register/options', undefined, session.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`This account already has ${MAX_PASSKEYS_PER_USER} passkeys: remove one first`);
  });
});
