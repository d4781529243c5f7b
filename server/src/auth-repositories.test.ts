/**
 * The auth API's repositories as decorators of the frame origin's app, on both engines: the
 * app's `authUsers` (and the rest) are the AuthContext's own, and a session opened through the
 * auth context on either engine is read back by the app's routes (GET /auth/v1/session).
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage } from '../test/engines.js';
import { createAuthContext } from './auth/context.js';
import { createSession } from './auth/users.js';
import { buildFrameApp } from './frame-site/app.js';

const NOW = 1_800_000_000_000;

describe.each(ENGINES)('the auth repositories on %s', (engine) => {
  it('decorate the frame app with the auth context’s own, and its routes read what the context wrote', async () => {
    const storage = await freshStorage(engine);
    const auth = createAuthContext({
      storage,
      kek: new Uint8Array(32),
      mailer: undefined,
      frameOrigin: () => 'http://localhost',
      now: () => NOW,
    });
    const app = buildFrameApp({ auth, frameSiteDir: '/nonexistent' });
    try {
      await app.ready();
      expect(app.authUsers).toBe(auth.users);
      expect([app.authLogins, app.authChallenges, app.passkeys, app.socialLogins]).toEqual([
        auth.logins,
        auth.challenges,
        auth.passkeys,
        auth.socialLogins,
      ]);
      expect([app.authLimits, app.farcasterChannels]).toEqual([auth.authLimits, auth.farcasterChannels]);
      const user = await app.authUsers.ensure('alice@example.com', 'user-alice', NOW);
      const { token } = await createSession(auth, { userId: user.id, deviceHash: 'd', deviceVerified: true, now: NOW, ttlMs: 60_000 });
      const headers = { 'x-w3kit-frame': '1', authorization: `Bearer ${token}` };
      const res = await app.inject({ method: 'GET', url: '/auth/v1/session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: { id: 'user-alice', email: 'alice@example.com' }, expiresAt: NOW + 60_000 });
      await app.inject({ method: 'POST', url: '/auth/v1/signout', headers });
      expect((await app.inject({ method: 'GET', url: '/auth/v1/session', headers })).json()).toMatchObject({ message: 'Session Expired' });
    } finally {
      await app.close();
    }
  });
});
