/**
 * Passkey storage: WebAuthn challenges (single use: taken, never read twice; 5-minute life;
 * bounded per user, per IP and in all) and credentials per user (public key, signature counter,
 * transports, name, times, and the recovery share wrapped under the passkey's PRF key, if any).
 */
import { clientKey } from '../../client-key.js';
import type { Database } from '../../db/open.js';
import { HttpError } from '../../errors.js';
import { newId } from '../secrets.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Live challenges kept per user (registration) and per IP (login); older ones are dropped. */
export const MAX_CHALLENGES_PER_KEY = 5;
/** Live challenges in all, past which new ones are refused (429). */
export const MAX_CHALLENGES = 10_000;
/** Passkeys one user may hold. */
export const MAX_PASSKEYS_PER_USER = 20;

export const CHALLENGE_GONE = 'The passkey challenge is unknown, used or expired: start again';

export type ChallengeKind = 'register' | 'login';

export interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
  wrapped_recovery_share: string | null;
}

/** Stores a fresh challenge; registration challenges are keyed by user, login ones by IP. */
export function saveChallenge(
  db: Database,
  input: { challenge: string; kind: ChallengeKind; userId: string | null; ip: string; now: number },
): string {
  const { challenge, kind, userId, ip, now } = input;
  const id = newId();
  db.transaction(() => {
    db.prepare('DELETE FROM auth_passkey_challenges WHERE expires_at <= ?').run(now);
    const { live } = db.prepare('SELECT count(*) AS live FROM auth_passkey_challenges').get() as { live: number };
    if (live >= MAX_CHALLENGES) throw new HttpError(429, 'Too many passkey requests in progress: please try again after 60 seconds');
    const [column, key] = kind === 'register' ? ['user_id', userId] : ['ip', clientKey(ip)];
    db.prepare(
      `DELETE FROM auth_passkey_challenges WHERE kind = ? AND ${column} = ? AND id NOT IN (
         SELECT id FROM auth_passkey_challenges WHERE kind = ? AND ${column} = ? ORDER BY expires_at DESC LIMIT ?)`,
    ).run(kind, key, kind, key, MAX_CHALLENGES_PER_KEY - 1);
    db.prepare('INSERT INTO auth_passkey_challenges (id, challenge, kind, user_id, ip, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      challenge,
      kind,
      userId,
      clientKey(ip),
      now + CHALLENGE_TTL_MS,
    );
  })();
  return id;
}

/**
 * Takes (deletes) a live challenge: a login one by its id, a registration one by its value and
 * user. 400 CHALLENGE_GONE when there is none, so a replayed response is refused.
 */
export function takeChallenge(
  db: Database,
  where: { kind: 'login'; id: string } | { kind: 'register'; challenge: string; userId: string },
  now: number,
): string {
  const row = (
    where.kind === 'login'
      ? db.prepare("DELETE FROM auth_passkey_challenges WHERE id = ? AND kind = 'login' RETURNING challenge, expires_at").get(where.id)
      : db
          .prepare(
            "DELETE FROM auth_passkey_challenges WHERE challenge = ? AND user_id = ? AND kind = 'register' RETURNING challenge, expires_at",
          )
          .get(where.challenge, where.userId)
  ) as { challenge: string; expires_at: number } | undefined;
  if (!row || row.expires_at <= now) throw new HttpError(400, CHALLENGE_GONE, 'response');
  return row.challenge;
}

export function passkeysOf(db: Database, userId: string): PasskeyRow[] {
  return db.prepare('SELECT * FROM auth_passkeys WHERE user_id = ? ORDER BY created_at, id').all(userId) as PasskeyRow[];
}

export function passkeyById(db: Database, id: string): PasskeyRow | undefined {
  return db.prepare('SELECT * FROM auth_passkeys WHERE id = ?').get(id) as PasskeyRow | undefined;
}

/** The wrapped copies of a user's recovery share, one per PRF passkey. */
export function wrappedShares(db: Database, userId: string): { credentialId: string; share: string }[] {
  return (
    db
      .prepare(
        'SELECT id, wrapped_recovery_share FROM auth_passkeys WHERE user_id = ? AND wrapped_recovery_share IS NOT NULL ORDER BY created_at, id',
      )
      .all(userId) as { id: string; wrapped_recovery_share: string }[]
  ).map((row) => ({ credentialId: row.id, share: row.wrapped_recovery_share }));
}

export function insertPasskey(db: Database, row: Omit<PasskeyRow, 'last_used_at' | 'public_key'> & { public_key: Uint8Array }): void {
  db.prepare(
    `INSERT INTO auth_passkeys (id, user_id, public_key, counter, transports, name, created_at, last_used_at, wrapped_recovery_share)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
  ).run(
    row.id,
    row.user_id,
    Buffer.from(row.public_key),
    row.counter,
    row.transports,
    row.name,
    row.created_at,
    row.wrapped_recovery_share,
  );
}

export function markUsed(db: Database, id: string, counter: number, now: number): void {
  db.prepare('UPDATE auth_passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, now, id);
}

export function deletePasskey(db: Database, id: string): void {
  db.prepare('DELETE FROM auth_passkeys WHERE id = ?').run(id);
}
