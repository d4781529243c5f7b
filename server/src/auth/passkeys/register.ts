/**
 * Adding a passkey to a logged-in user: options for `navigator.credentials.create` (a
 * discoverable credential of the frame origin's relying party, no attestation, the user's other
 * passkeys excluded), then the response verified against the stored challenge, the frame origin
 * and the relying party id. A wrapped recovery share given with it is stored with the passkey
 * and the KEK-sealed copy dropped, in that order.
 */
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { HttpError } from '../../errors.js';
import type { AuthContext } from '../context.js';
import { ensureRecoveryShareHash } from '../keys.js';
import type { SessionRow, UserRow } from '../users.js';
import { allowedTopOrigin, RP_NAME, relyingParty, verifyCeremony } from './relying-party.js';
import { MAX_PASSKEYS_PER_USER, saveChallenge, takeChallenge, type PasskeyRow } from './store.js';

/** How long the browser may take for the ceremony (the frame's request timeout is 120 s). */
export const CEREMONY_TIMEOUT_MS = 115_000;

export interface PasskeyReply {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  prf: boolean;
}

export function passkeyReply(row: PasskeyRow): PasskeyReply {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at, prf: row.wrapped_recovery_share !== null };
}

const TOO_MANY = `This account already has ${MAX_PASSKEYS_PER_USER} passkeys: remove one first`;

function transportsOf(row: PasskeyRow): string[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

export async function registrationOptions(ctx: AuthContext, user: UserRow, session: SessionRow, ip: string) {
  const rp = relyingParty(ctx);
  const existing = await ctx.passkeys.ofUser(user.id);
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw new HttpError(409, TOO_MANY);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email ?? session.user_name ?? 'w3kit user',
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await saveChallenge(ctx, { challenge: options.challenge, kind: 'register', userId: user.id, ip, now: ctx.now() });
  return { options: options as unknown as Record<string, unknown> };
}

/** The challenge a WebAuthn response's clientDataJSON carries; 400 naming `response` when unreadable. */
export function challengeOf(response: Record<string, unknown>): string {
  const inner = response.response as { clientDataJSON?: unknown } | undefined;
  try {
    const client = JSON.parse(Buffer.from(String(inner?.clientDataJSON), 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof client.challenge === 'string' && client.challenge) return client.challenge;
  } catch {
    // Falls through to the error below.
  }
  throw new HttpError(400, "Invalid body field 'response': not a WebAuthn response (its clientDataJSON has no challenge)", 'response');
}

function nextName(rows: PasskeyRow[]): string {
  const taken = new Set(rows.map((row) => row.name));
  let n = rows.length + 1;
  while (taken.has(`Passkey ${n}`)) n++;
  return `Passkey ${n}`;
}

export async function verifyRegistration(
  ctx: AuthContext,
  user: UserRow,
  body: { projectId: string; response: Record<string, unknown>; name?: string | undefined; wrappedRecoveryShare?: string | undefined },
): Promise<{ passkey: PasskeyReply }> {
  const rp = relyingParty(ctx);
  await allowedTopOrigin(ctx, body.response, body.projectId);
  const expected = await takeChallenge(ctx, { kind: 'register', challenge: challengeOf(body.response), userId: user.id }, ctx.now());
  const result = await verifyCeremony(
    'registration',
    () =>
      verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: expected,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }),
    'it could not be verified',
  );
  const { credential } = result.registrationInfo;
  if (await ctx.passkeys.byId(credential.id)) throw new HttpError(409, 'This passkey is already registered');
  const existing = await ctx.passkeys.ofUser(user.id);
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw new HttpError(409, TOO_MANY);
  if (body.wrappedRecoveryShare !== undefined && (await ensureRecoveryShareHash(ctx, user)) === null) {
    throw new HttpError(409, 'This user has no keys yet: a recovery share cannot be wrapped before they are registered');
  }
  const row: PasskeyRow = {
    id: credential.id,
    user_id: user.id,
    public_key: Buffer.from(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name: body.name?.trim() || nextName(existing),
    created_at: ctx.now(),
    last_used_at: null,
    wrapped_recovery_share: body.wrappedRecoveryShare ?? null,
  };
  // Only once the wrapped copy is stored may the server's own copy go (its hash, ensured above, stays).
  // The check above answers early; this one holds when registrations race (one transaction under the user's lock).
  if (!(await ctx.passkeys.addUnder(row, row.wrapped_recovery_share !== null, MAX_PASSKEYS_PER_USER))) throw new HttpError(409, TOO_MANY);
  return { passkey: passkeyReply(row) };
}
