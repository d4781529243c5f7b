import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { sqliteStorage } from '../../storage/engine.js';
import { createAuthContext } from '../context.js';
import type { SocialProviderConfig } from './config.js';
import { setUpSocial } from './setup.js';

describe('setUpSocial', () => {
  it('points every provider the config leaves unset at the development provider, and keeps the configured ones', async () => {
    const db = openDatabase(undefined);
    const auth = createAuthContext({
      storage: sqliteStorage(db),
      kek: new Uint8Array(32),
      mailer: undefined,
      frameOrigin: () => 'http://localhost:4303',
    });
    const google: SocialProviderConfig = {
      kind: 'oidc',
      provider: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'real',
      clientSecret: 'secret',
      tokenEndpointAuthMethod: 'client_secret_basic',
      scope: 'openid email profile',
    };
    const social = await setUpSocial(auth, '127.0.0.1', { oidcPort: 0, socials: { google } }, () => undefined);
    try {
      const providers = social.context.providers();
      expect(providers.google).toBe(google);
      expect(providers.apple).toMatchObject({ kind: 'oidc', issuer: `${social.oidcUrl}/apple`, clientId: 'w3kit-dev-apple' });
      expect(providers.github).toMatchObject({ kind: 'oauth2', userinfoEndpoint: `${social.oidcUrl}/github/me` });
      expect(providers.x).toMatchObject({ kind: 'oauth2', tokenEndpoint: `${social.oidcUrl}/x/token` });
      // Until the frame origin listens the issuers are not there yet.
      expect((await fetch(`${social.oidcUrl}/apple/.well-known/openid-configuration`)).status).toBe(503);
      await social.ready('http://127.0.0.1:4303');
      expect((await fetch(`${social.oidcUrl}/apple/.well-known/openid-configuration`)).status).toBe(200);
    } finally {
      await social.close();
      db.close();
    }
    const none = await setUpSocial(auth, '127.0.0.1', {}, () => undefined);
    expect(none.oidcUrl).toBeUndefined();
    expect(none.context.providers()).toEqual({});
  });
});
