/**
 * Passkey storage's rules, over ctx.passkeys (../../storage/passkeys.ts): WebAuthn challenges
 * (single use: taken, never read twice; 5-minute life; bounded per user, per IP and in all) and
 * credentials per user (public key, signature counter, transports, name, times, and the recovery
 * share wrapped under the passkey's PRF key, if any).
 */
import { clientKey } from '../../client-key.js';
import { HttpError } from '../../errors.js';
import type { PasskeyRow } from '../../storage/passkeys.js';
import type { AuthContext } from '../context.js';
import { newId } from '../secrets.js';

export type { PasskeyRow };

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Live challenges kept per user (registration) and per IP (login); older ones are dropped. */
export const MAX_CHALLENGES_PER_KEY = 5;
/** Live challenges in all, past which new ones are refused (429). */
export const MAX_CHALLENGES = 10_000;
/** Passkeys one user may hold. */
export const MAX_PASSKEYS_PER_USER = 20;

export const CHALLENGE_GONE = 'The passkey challenge is unknown, used or expired: start again';

export type ChallengeKind = 'register' | 'login';

/** Stores a fresh challenge; registration challenges are keyed by user, login ones by IP (its client key). */
export async function saveChallenge(
  ctx: AuthContext,
  input: { challenge: string; kind: ChallengeKind; userId: string | null; ip: string; now: number },
): Promise<string> {
  const { challenge, kind, userId, ip, now } = input;
  const id = newId();
  const row = { id, challenge, kind, user_id: userId, ip: clientKey(ip), expires_at: now + CHALLENGE_TTL_MS };
  const saved = await ctx.passkeys.saveChallenge(row, now, { maxLive: MAX_CHALLENGES, keepPerKey: MAX_CHALLENGES_PER_KEY });
  if (!saved) throw new HttpError(429, 'Too many passkey requests in progress: please try again after 60 seconds');
  return id;
}

/**
 * Takes (deletes) a live challenge: a login one by its id, a registration one by its value and
 * user. 400 CHALLENGE_GONE when there is none, so a replayed response is refused: of two
 * responses racing with one challenge, on one instance or several, one takes it.
 */
export async function takeChallenge(
  ctx: AuthContext,
  where: { kind: 'login'; id: string } | { kind: 'register'; challenge: string; userId: string },
  now: number,
): Promise<string> {
  const row = await ctx.passkeys.takeChallenge(where);
  if (!row || row.expires_at <= now) throw new HttpError(400, CHALLENGE_GONE, 'response');
  return row.challenge;
}
