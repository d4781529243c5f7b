/**
 * The backend's sign-in-with-X routes (issue 17), on the backend's HTTP port beside the Provider
 * API, for `createServerSiwx({ apiUrl, projectId })` in `w3kit/siwx` and for an app's own server
 * that wants to know who signed in. Every route takes the project as `projectId` (query) and the
 * `x-project-id` header like the other Provider API routes, and answers only pages of the
 * project's allowed origins (CORS); errors are `{ message }` naming what was wrong.
 *
 * - GET  /v1/siwx/nonce?projectId -> { nonce, expiresAt }
 *   A fresh nonce (16 letters and digits), good once, for NONCE_TTL_MS (5 minutes). One client
 *   address (an IPv6 /64) holds at most 50 unused ones per project and asks at most 120 a minute
 *   (429 naming the limit, with Retry-After); no limit counts the project's nonces as a whole.
 * - POST /v1/siwx/verify?projectId { message, signature } -> { token, session }
 *   Parses the CAIP-122 text (src/wire/caip122.ts) and checks, in this order, each refusal a 4xx
 *   whose message names the field: the namespace and chain's form (eip155: 1 to
 *   4503599627370476, the bound wallets enforce; solana: a genesis hash's 32 characters) and the
 *   signature's form (eip155: hex, and a 65-byte one low-s, as EIP-2 asks); the domain (the host
 *   of one of the project's allowed origins) and the URI (same origin as the domain); the chain
 *   (one the project takes sign-in on: its own list, or by default the chains the backend knows;
 *   else 400 on `chainId`, 'This project does not accept sign-in on chain <id>'); the nonce (issued by this backend
 *   for this project, unexpired, never used: a used one answers 409 'Nonce already used'); issued
 *   at (not in the future beyond a minute of skew, not older than the nonce); expiration (in the
 *   future, at most SIWX_MAX_SESSION_MS ahead; absent means SIWX_MAX_SESSION_MS) and not-before;
 *   then the signature (eip155: EIP-191 personal_sign recovery, or EIP-1271 `isValidSignature`
 *   on chain for a contract account, through viem; solana: ed25519 over the UTF-8 text by the
 *   base58 address, the signature base58). A refused signature answers 401 'Invalid signature'
 *   and leaves the nonce unspent: only a good signature spends it. The session is kept in
 *   SQLite, the token (32 random bytes, base64url) stored hashed; an account (namespace and
 *   address) keeps its newest 20 sessions per project, a new one deleting the oldest.
 * - GET  /v1/siwx/session?projectId, Authorization: Bearer <token> -> { session }
 *   The token's session if live; 401 'Session expired' / 'Session revoked' / 'Unknown session'.
 * - GET  /v1/siwx/sessions?projectId, Authorization: Bearer <token> -> { sessions }
 *   Every live session of the token's account (address and namespace) in the project, newest
 *   first, at most 50.
 * - POST /v1/siwx/revoke?projectId, Authorization: Bearer <token> -> { revoked: true }
 *   Revokes the token's session (idempotent for a known token).
 */
import * as z from 'zod/mini';

/** How long a nonce is good for. */
export const NONCE_TTL_MS = 5 * 60_000;
/** The longest session: a message without an expiration gets this, one further away is refused. */
export const SIWX_MAX_SESSION_MS = 7 * 24 * 60 * 60_000;
/** The clock skew allowed for a message's issued-at. */
export const SIWX_CLOCK_SKEW_MS = 60_000;

export const siwxNonceReply = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{16}$/)),
  expiresAt: z.number(),
});

export const siwxVerifyBody = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(4096)),
  /** Hex (0x…) for eip155, base58 for solana. */
  signature: z.string().check(z.minLength(1), z.maxLength(4096)),
});

export const siwxSessionReply = z.object({
  /** The session's id (not its token). */
  id: z.string(),
  namespace: z.string(),
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: z.string(),
  address: z.string(),
  domain: z.string(),
  uri: z.string(),
  nonce: z.string(),
  statement: z.nullable(z.string()),
  message: z.string(),
  signature: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  createdAt: z.number(),
});
export type SiwxSessionReply = z.infer<typeof siwxSessionReply>;

export const siwxVerifyReply = z.object({ token: z.string(), session: siwxSessionReply });
export const siwxOneSessionReply = z.object({ session: siwxSessionReply });
export const siwxSessionsReply = z.object({ sessions: z.array(siwxSessionReply) });
export const siwxRevokeReply = z.object({ revoked: z.literal(true) });
