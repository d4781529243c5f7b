/**
 * Logging in with a passkey alone: options without allowCredentials (the authenticator offers
 * the user's discoverable credentials), then the assertion checked against the stored challenge
 * (single use), the frame origin, the relying party id, the credential's public key and its
 * counter. The session counts as a verified device and gets the passkey's wrapped recovery share.
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { WebAuthnCredential } from '@simplewebauthn/server';
import { HttpError } from '../../errors.js';
import type { AuthContext } from '../context.js';
import { sha256 } from '../secrets.js';
import { createSession, publicUser, userById } from '../users.js';
import { CEREMONY_TIMEOUT_MS } from './register.js';
import { allowedTopOrigin, relyingParty, verifyCeremony } from './relying-party.js';
import { saveChallenge, takeChallenge } from './store.js';

export const UNKNOWN_PASSKEY = 'This passkey is not registered on this server (it may have been removed)';

export async function loginOptions(ctx: AuthContext, ip: string) {
  const rp = relyingParty(ctx);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: CEREMONY_TIMEOUT_MS });
  const challengeId = await saveChallenge(ctx, { challenge: options.challenge, kind: 'login', userId: null, ip, now: ctx.now() });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

function userHandleOf(response: Record<string, unknown>): string | undefined {
  const handle = (response.response as { userHandle?: unknown } | undefined)?.userHandle;
  return typeof handle === 'string' && handle ? Buffer.from(handle, 'base64url').toString('utf8') : undefined;
}

export async function verifyPasskeyLogin(
  ctx: AuthContext,
  body: { challengeId: string; projectId: string; response: Record<string, unknown>; deviceId: string },
) {
  const rp = relyingParty(ctx);
  const topOrigin = await allowedTopOrigin(ctx, body.response, body.projectId);
  const expected = await takeChallenge(ctx, { kind: 'login', id: body.challengeId }, ctx.now());
  const credentialId = typeof body.response.id === 'string' ? body.response.id : '';
  const row = await ctx.passkeys.byId(credentialId);
  if (!row) throw new HttpError(400, UNKNOWN_PASSKEY, 'response');
  const handle = userHandleOf(body.response);
  if (handle !== undefined && handle !== row.user_id) {
    throw new HttpError(400, 'The passkey login was refused: the passkey and its user handle belong to different users', 'response');
  }
  const result = await verifyCeremony(
    'login',
    () =>
      verifyAuthenticationResponse({
        response: body.response as unknown as AuthenticationResponseJSON,
        expectedChallenge: expected,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        ...(topOrigin ? { expectedTopOrigin: topOrigin } : {}),
        credential: {
          id: row.id,
          publicKey: new Uint8Array(row.public_key),
          counter: row.counter,
          transports: JSON.parse(row.transports) as WebAuthnCredential['transports'],
        },
        requireUserVerification: false,
      }),
    'the signature does not verify',
  );
  const now = ctx.now();
  await ctx.passkeys.markUsed(row.id, result.authenticationInfo.newCounter, now);
  const user = (await userById(ctx, row.user_id))!;
  const session = await createSession(ctx, {
    userId: user.id,
    deviceHash: sha256(body.deviceId),
    deviceVerified: true,
    now,
    ttlMs: ctx.sessionTtlMs,
  });
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    user: publicUser(user),
    deviceVerified: true,
    ...(row.wrapped_recovery_share ? { wrappedRecoveryShare: row.wrapped_recovery_share } : {}),
  };
}
