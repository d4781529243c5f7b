/**
 * The embedded wallet's passkey routes, under /auth/v1 on the frame origin (see ./auth-api.ts for
 * the common rules). WebAuthn runs in the frame; the backend (`@simplewebauthn/server`) makes the
 * options, verifies registrations and assertions against the frame origin and its relying party
 * id (the frame site's host), and stores credentials per user.
 *
 * Every passkey is a discoverable credential (`residentKey: 'required'`). The frame asks for the
 * PRF extension with one public salt (SHA-256 of PASSKEY_PRF_LABEL, src/frame/constants.ts); when
 * the authenticator gives an output, the frame derives an AES-GCM key from it (HKDF-SHA-256) and
 * wraps the recovery share (x = 3) with it. The server stores that wrapped share per credential and
 * drops its own copy sealed under the key-encryption key: from then on no server alone can release
 * the recovery share. Removing the last PRF passkey needs the frame to hand the recovery share back
 * (checked against the SHA-256 the server kept at registration), which is sealed again.
 *
 * - POST /passkeys/register/options (session) -> { options } (PublicKeyCredentialCreationOptionsJSON)
 * - POST /passkeys/register/verify (session) { projectId, response, name?, wrappedRecoveryShare? } -> { passkey }
 * - POST /passkeys/login/options { projectId } -> { challengeId, options } (no allowCredentials)
 * - POST /passkeys/login/verify { challengeId, projectId, response, deviceId } -> session + wrappedRecoveryShare?
 *   (the frame is cross-origin in the page: the response's topOrigin must be one of the project's
 *   allowed origins, so a passkey ceremony run under another site's page is refused)
 *   (the wrapped share of the credential used; a passkey login counts as a verified device)
 * - GET /passkeys (session) -> { passkeys }
 * - POST /passkeys/remove (session) { id, recoveryShare? } -> {}; 409 when it is the last PRF
 *   passkey and no recoveryShare is given
 * - GET /keys/recovery-wrapped (session, verified device) -> { wrapped: [{ credentialId, share }] }
 *   when the recovery share is held only by passkeys (GET /keys/recovery-share then answers 409
 *   with field 'passkey'), so an e-mail or social login on a new device unwraps it with a passkey.
 */
import * as z from 'zod/mini';
import { authUser } from './auth-api.js';

const id = z.string().check(z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/));
/** A credential id, base64url. */
const credentialId = z.string().check(z.minLength(16), z.maxLength(512), z.regex(/^[A-Za-z0-9_-]+$/));
/** A wrapped share: 12-byte IV then AES-GCM of the 33-byte share with its 16-byte tag, base64url. */
const wrappedShare = z.string().check(z.regex(/^[A-Za-z0-9_-]{80,88}$/));
const share = z.string().check(z.regex(/^[A-Za-z0-9_-]{44}$/));
/** WebAuthn JSON (options and responses): an object, parsed in depth by `@simplewebauthn/server`. */
const webauthnJson = z.record(z.string(), z.unknown());

export const passkeyReply = z.object({
  id: credentialId,
  name: z.string().check(z.maxLength(128)),
  createdAt: z.number(),
  lastUsedAt: z.nullable(z.number()),
  prf: z.boolean(),
});

export const passkeyOptionsReply = z.object({ options: webauthnJson });
const projectId = z.string().check(z.minLength(1), z.maxLength(128));

export const passkeyRegisterBody = z.object({
  /** The project whose allowed origins the page around the frame (clientDataJSON's topOrigin) must be in. */
  projectId,
  response: webauthnJson,
  name: z.optional(z.string().check(z.maxLength(128))),
  wrappedRecoveryShare: z.optional(wrappedShare),
});
export const passkeyRegisterReply = z.object({ passkey: passkeyReply });
export const passkeyLoginOptionsBody = z.object({ projectId: z.string().check(z.minLength(1), z.maxLength(128)) });
export const passkeyLoginOptionsReply = z.object({ challengeId: id, options: webauthnJson });
export const passkeyLoginBody = z.object({ challengeId: id, projectId, response: webauthnJson, deviceId: id });
export const passkeyLoginReply = z.object({
  token: z.string().check(z.minLength(32), z.maxLength(128)),
  expiresAt: z.number(),
  user: authUser,
  deviceVerified: z.boolean(),
  wrappedRecoveryShare: z.optional(wrappedShare),
});
export const passkeyListReply = z.object({ passkeys: z.array(passkeyReply) });
export const passkeyRemoveBody = z.object({ id: credentialId, recoveryShare: z.optional(share) });
export const recoveryWrappedReply = z.object({ wrapped: z.array(z.object({ credentialId, share: wrappedShare })) });
