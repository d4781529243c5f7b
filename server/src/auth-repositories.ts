/**
 * The auth API's repositories on the storage seam (issue 31): users and sessions, e-mail
 * logins, code-guarded requests, passkeys, social logins, the mail limits and Farcaster
 * channels, each on SQLite or Postgres (./storage/*.ts). `authRepositories` makes them once per
 * storage for the AuthContext (./auth/context.ts); the plugin decorates the frame origin's app
 * with the same ones (through fastify-plugin, so every route plugin sees them: `app.authUsers`).
 * The sign-in repositories of the Provider API (SIWX) are ./sign-in-repositories.ts's.
 */
import fp from 'fastify-plugin';
import { challengesRepository, type ChallengesRepository } from './storage/auth-challenges.js';
import { authLimitsRepository, type AuthLimitsRepository } from './storage/auth-limits.js';
import { loginsRepository, type LoginsRepository } from './storage/auth-logins.js';
import { authUsersRepository, type AuthUsersRepository } from './storage/auth-users.js';
import type { Storage } from './storage/engine.js';
import { farcasterChannelsRepository, type FarcasterChannelsRepository } from './storage/farcaster-channels.js';
import { passkeysRepository, type PasskeysRepository } from './storage/passkeys.js';
import { socialLoginsRepository, type SocialLoginsRepository } from './storage/social-logins.js';

export interface AuthRepositories {
  /** Users, devices, sessions, identities and key columns. */
  users: AuthUsersRepository;
  /** E-mail logins in progress. */
  logins: LoginsRepository;
  /** Key exports and e-mail changes in progress. */
  challenges: ChallengesRepository;
  passkeys: PasskeysRepository;
  socialLogins: SocialLoginsRepository;
  /** The mail log and the wrong codes per account. */
  authLimits: AuthLimitsRepository;
  farcasterChannels: FarcasterChannelsRepository;
}

export function authRepositories(storage: Storage): AuthRepositories {
  return {
    users: authUsersRepository(storage),
    logins: loginsRepository(storage),
    challenges: challengesRepository(storage),
    passkeys: passkeysRepository(storage),
    socialLogins: socialLoginsRepository(storage),
    authLimits: authLimitsRepository(storage),
    farcasterChannels: farcasterChannelsRepository(storage),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    authUsers: AuthUsersRepository;
    authLogins: LoginsRepository;
    authChallenges: ChallengesRepository;
    passkeys: PasskeysRepository;
    socialLogins: SocialLoginsRepository;
    authLimits: AuthLimitsRepository;
    farcasterChannels: FarcasterChannelsRepository;
  }
}

/** Decorates the app with these repositories (the AuthContext's own, so both see one set). */
export const authRepositoriesPlugin = fp<{ repositories: AuthRepositories }>(
  async (app, { repositories: r }) => {
    app.decorate('authUsers', r.users);
    app.decorate('authLogins', r.logins);
    app.decorate('authChallenges', r.challenges);
    app.decorate('passkeys', r.passkeys);
    app.decorate('socialLogins', r.socialLogins);
    app.decorate('authLimits', r.authLimits);
    app.decorate('farcasterChannels', r.farcasterChannels);
  },
  { name: 'w3kit-auth-repositories', fastify: '5.x' },
);
