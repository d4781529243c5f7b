/**
 * Social login over the table of migration 6, through ctx.socialLogins
 * (../../storage/social-logins.ts; the flow is in src/wire/social-api.ts):
 * start (allowed origin, configured provider, a row with the hashes of state and socialId),
 * callback (the state used once, within 10 minutes; code exchanged; the outcome recorded), and
 * finish (once: the user found or linked by userForIdentity, a session that counts as device
 * verified: the provider vouched for the user). The PKCE verifier and the nonce are HMACs of
 * the state under a key derived from the key-encryption key, so they are never stored.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AUTH_API_PREFIX } from '../../../../src/wire/auth-api.js';
import { isOriginAllowed } from '../../../../src/wire/origins.js';
import { HttpError } from '../../errors.js';
import type { AuthContext } from '../context.js';
import { userForIdentity } from '../identities.js';
import { newId, newToken, sha256 } from '../secrets.js';
import { createSession, publicUser } from '../users.js';
import type { SocialLoginRow } from '../../storage/social-logins.js';
import type { OAuthProvider, SocialsConfig } from './config.js';
import type { Discover } from './discovery.js';
import { authorizationUrl, completeLogin, SocialLoginError, type FlowSecrets } from './exchange.js';

export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000;
/** Social logins in progress at once, server-wide; past it starts answer 503. */
export const MAX_PENDING_SOCIAL_LOGINS = 10_000;
export const SOCIAL_CALLBACK_PATH = `${AUTH_API_PREFIX}/social/callback`;
export const STATE_UNKNOWN = 'This login link is no longer valid: it was used already or has expired. Please start again.';

export interface SocialContext {
  auth: AuthContext;
  /** The configured providers (read at each start: the development provider fills them once it listens). */
  providers: () => SocialsConfig;
  discover: Discover;
  /** Where failures' details go (never to the page). */
  log: (line: string) => void;
}

/** A stored row: its provider was one of OAuthProvider when stored. */
type SocialRow = SocialLoginRow & { provider: OAuthProvider };

export const notConfigured = (provider: string) => `Social login with ${provider} is not configured on this server`;

function secretsOf(sc: SocialContext, state: string): FlowSecrets {
  const key = createHmac('sha256', sc.auth.kek).update('w3kit social login key').digest();
  const derive = (purpose: string) => createHmac('sha256', key).update(`${purpose}\n${state}`).digest('base64url');
  return { state, nonce: derive('nonce'), codeVerifier: derive('pkce') };
}

const redirectUri = (sc: SocialContext) => `${sc.auth.frameOrigin()}${SOCIAL_CALLBACK_PATH}`;

export async function startSocial(
  sc: SocialContext,
  {
    projectId,
    provider,
    deviceId,
    origin,
    ip,
  }: { projectId: string; provider: OAuthProvider; deviceId: string; origin: string; ip: string },
): Promise<{ socialId: string; uri: string }> {
  const project = await sc.auth.projects.get(projectId);
  if (!project) throw new HttpError(404, `Unknown project '${projectId}'`, 'projectId');
  if (!isOriginAllowed(origin, project.allowedOrigins)) {
    throw new HttpError(403, `Forbidden: ${origin} is not an allowed origin of project '${projectId}'`, 'origin');
  }
  const config = sc.providers()[provider];
  if (!config) throw new HttpError(404, notConfigured(provider), 'provider');
  await sc.auth.limitStart(ip);
  const logins = sc.auth.socialLogins;
  const now = sc.auth.now();
  const crowded = () => new HttpError(503, 'Too many social logins in progress: please try again in a few minutes');
  if (await logins.full(now, MAX_PENDING_SOCIAL_LOGINS)) throw crowded();
  const state = randomBytes(32).toString('base64url');
  let uri: string;
  try {
    uri = await authorizationUrl(config, sc.discover, redirectUri(sc), secretsOf(sc, state));
  } catch (err) {
    sc.log(`social login with ${provider}: cannot start: ${(err as Error).message}`);
    throw new HttpError(502, `Failed to initiate social connection: ${provider} did not answer`);
  }
  const socialId = newId();
  const row = {
    state_hash: sha256(state),
    social_id_hash: sha256(socialId),
    provider,
    project_id: projectId,
    device_hash: sha256(deviceId),
    origin: new URL(origin).origin,
    created_at: now,
    expires_at: now + SOCIAL_LOGIN_TTL_MS,
  };
  if (!(await logins.start(row, MAX_PENDING_SOCIAL_LOGINS))) throw crowded();
  return { socialId, uri };
}

/** What the callback page shows and posts: `target` (the origin given at start) is absent when the state was not valid. */
export interface CallbackOutcome {
  target: string | undefined;
  ok: boolean;
  message: string;
  /** On success: the one-time value the popup posts to its opener, which finish requires. */
  completion?: string;
}

export const COMPLETED_ELSEWHERE = 'This social login was completed in another window: please start again';

export async function runCallback(
  sc: SocialContext,
  query: { state?: string | undefined; code?: string | undefined; error?: string | undefined; error_description?: string | undefined },
): Promise<CallbackOutcome> {
  const logins = sc.auth.socialLogins;
  const now = sc.auth.now();
  const stateHash = query.state ? sha256(query.state) : undefined;
  // Claimed atomically: a second callback with this state (a replayed code) finds it no longer pending.
  const claimed = stateHash ? await logins.claim(stateHash, now) : false;
  if (!stateHash || !claimed) {
    sc.log('social login callback refused: unknown, used or lapsed state');
    return { target: undefined, ok: false, message: STATE_UNKNOWN };
  }
  const row = (await logins.byState(stateHash)) as SocialRow;
  const fail = async (message: string, detail: string): Promise<CallbackOutcome> => {
    sc.log(`social login with ${row.provider} failed: ${detail}`);
    await logins.fail(stateHash, message);
    return { target: row.origin, ok: false, message };
  };
  const config = sc.providers()[row.provider];
  if (!config) return fail(notConfigured(row.provider), 'the provider is no longer configured');
  if (query.error !== undefined) {
    const denied = query.error === 'access_denied';
    return fail(
      denied ? 'The login was cancelled' : 'Failed to connect',
      `provider error ${query.error}: ${query.error_description ?? ''}`,
    );
  }
  if (!query.code) return fail('Failed to connect', 'the callback carries no code');
  try {
    const identity = await completeLogin(config, sc.discover, {
      code: query.code,
      redirectUri: redirectUri(sc),
      secrets: secretsOf(sc, query.state!),
      now,
    });
    // Only the window that opened the popup (at the origin given at start) gets this value: a
    // login link someone sent the user cannot be finished by the sender.
    const completion = newToken();
    await logins.complete(stateHash, {
      subject: identity.subject,
      email: identity.verifiedEmail ?? null,
      user_name: identity.userName ?? null,
      completion_hash: sha256(completion),
    });
    return { target: row.origin, ok: true, message: 'You are logged in. You can close this window.', completion };
  } catch (err) {
    if (err instanceof SocialLoginError) return fail(err.message, err.detail);
    return fail('Failed to connect', (err as Error).message);
  }
}

export async function finishSocial(sc: SocialContext, socialId: string, completion: string | undefined) {
  const logins = sc.auth.socialLogins;
  const now = sc.auth.now();
  const row = (await logins.bySocialId(sha256(socialId), now)) as SocialRow | undefined;
  if (!row) throw new HttpError(404, 'Unknown social login: it was finished already or has expired', 'socialId');
  if (row.status === 'pending' || row.status === 'running') throw new HttpError(409, 'The social login has not completed yet');
  // Used once: a second finish with this socialId finds nothing.
  if (!(await logins.take(row.state_hash, row.status)))
    throw new HttpError(404, 'Unknown social login: it was finished already or has expired', 'socialId');
  if (row.status === 'failed') throw new HttpError(400, row.message ?? 'Failed to connect');
  // The row is gone already: a wrong value cannot be retried.
  const expected = Buffer.from(row.completion_hash ?? '', 'hex');
  const given = Buffer.from(completion === undefined ? '' : sha256(completion), 'hex');
  if (expected.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(403, COMPLETED_ELSEWHERE, 'completion');
  }
  const user = await userForIdentity(
    sc.auth,
    { provider: row.provider, subject: row.subject!, verifiedEmail: row.email ?? undefined, userName: row.user_name ?? undefined },
    now,
  );
  const session = await createSession(sc.auth, {
    userId: user.id,
    deviceHash: row.device_hash,
    deviceVerified: true,
    now,
    ttlMs: sc.auth.sessionTtlMs,
    socialProvider: row.provider,
    userName: row.user_name ?? undefined,
  });
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    user: publicUser(user, { social_provider: row.provider, user_name: row.user_name }),
    deviceVerified: true,
  };
}
