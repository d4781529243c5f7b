/**
 * The embedded wallet's social and Farcaster login routes, under /auth/v1 on the frame origin
 * (see ./auth-api.ts for the common rules: `x-w3kit-frame: 1`, JSON bodies, `{ message }` errors).
 * Shared by the server's routes and the frame site.
 *
 * Social login (OpenID Connect, or OAuth 2 where the provider has no OIDC), authorization code
 * flow with PKCE S256, `state` and `nonce`; the backend is the client (its secret never leaves it):
 * 1. POST /social/start: the frame names the provider and the parent origin its handshake pinned
 *    (must be one of the project's allowed origins, else 403); the reply's `uri` is the
 *    provider's authorization URL (with state, nonce, code_challenge, redirect_uri =
 *    `<frame origin>/auth/v1/social/callback`), opened by the host in its popup.
 * 2. GET /social/callback?code&state (or ?error&state): the backend checks the state (unknown,
 *    used or lapsed: refused), exchanges the code with the PKCE verifier, verifies the id token
 *    (signature from the issuer's JWKS, issuer, audience, expiry, nonce), or reads the userinfo
 *    endpoint for OAuth 2 providers, and answers an HTML page that posts
 *    `{ w3kit: 'social-result', ok, message? }` (src/frame/messages.ts) to `window.opener` at the
 *    origin given at start, then closes. No token or code reaches the page.
 *    On success the result carries `completion`, a one-time value (stored hashed): only the window
 *    that opened the popup, at the origin given at start, receives it.
 * 3. POST /social/finish { socialId, completion }: once the callback succeeded and with its
 *    completion value (else 403: the login link ended in another window), the session (the user found by
 *    the provider's subject, else linked by a verified e-mail, else created). 409 while the
 *    callback has not run; 400 with the failure's message when it failed; 404 unknown or used.
 *
 * Farcaster (Sign In With Farcaster through a relay channel; in development the backend's
 * sandbox relay and sign-in page, which approve as a chosen test user):
 * 1. POST /farcaster/start: a channel; `url` is the sign-in link shown as a QR code and a link.
 * 2. GET /farcaster/status?channelId=: pending, approved or expired.
 * 3. POST /farcaster/finish { channelId }: once approved, the session (the signed message checked
 *    against the fid's custody address); 409 while pending, 410 when expired.
 */
import * as z from 'zod/mini';

const id = z.string().check(z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/));
const projectId = z.string().check(z.minLength(1), z.maxLength(128));
const origin = z.string().check(z.maxLength(256), z.regex(/^https?:\/\/[^/\s]+$/));

export const socialProvider = z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']);

export const socialStartBody = z.object({ projectId, provider: socialProvider, deviceId: id, origin });
export const socialStartReply = z.object({ socialId: id, uri: z.string().check(z.maxLength(4096)) });
export const socialCallbackQuery = z.object({
  state: z.optional(z.string().check(z.maxLength(256))),
  code: z.optional(z.string().check(z.maxLength(2048))),
  error: z.optional(z.string().check(z.maxLength(256))),
  error_description: z.optional(z.string().check(z.maxLength(1024))),
});
export const socialFinishBody = z.object({
  socialId: id,
  /** Required when the callback succeeded; a failed login's message comes without it. */
  completion: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/))),
});

export const farcasterStartBody = z.object({ projectId, deviceId: id });
export const farcasterStartReply = z.object({ channelId: id, url: z.string().check(z.maxLength(4096)), expiresAt: z.number() });
export const farcasterStatusQuery = z.object({ channelId: id });
export const farcasterStatusReply = z.object({ state: z.enum(['pending', 'approved', 'expired']) });
export const farcasterFinishBody = z.object({ channelId: id });
