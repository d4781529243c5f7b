/**
 * Users, their approved devices and their sessions, over the auth tables. Addresses are kept as
 * given; e-mail addresses lowercased. Session tokens and device ids are stored as SHA-256.
 */
import type { AuthUser } from '../../../src/wire/auth-api.js';
import type { Database } from '../db/open.js';
import { authError } from './auth-error.js';
import { newId, newToken, sha256 } from './secrets.js';

export const EMAIL_TAKEN = 'This e-mail address belongs to another account';

export interface UserRow {
  id: string;
  email: string | null;
  evm_address: string | null;
  solana_address: string | null;
  server_share: string | null;
  recovery_share: string | null;
  created_at: number;
}

export interface SessionRow {
  token_hash: string;
  user_id: string;
  device_hash: string;
  device_verified: number;
  expires_at: number;
  /** How the session was opened: a social provider or farcaster; null for e-mail and passkey. */
  social_provider: string | null;
  user_name: string | null;
}

export const SESSION_EXPIRED = 'Session Expired';

/** The user as the frame sees it; with the session, how it logged in (provider and username). */
export function publicUser(row: UserRow, session?: Pick<SessionRow, 'social_provider' | 'user_name'>): AuthUser {
  return {
    id: row.id,
    email: row.email,
    ...(session?.social_provider ? { socialProvider: session.social_provider as NonNullable<AuthUser['socialProvider']> } : {}),
    ...(session?.user_name ? { userName: session.user_name } : {}),
    ...(row.evm_address ? { evmAddress: row.evm_address } : {}),
    ...(row.solana_address ? { solanaAddress: row.solana_address } : {}),
  };
}

export function userById(db: Database, id: string): UserRow | undefined {
  return db.prepare('SELECT * FROM auth_users WHERE id = ?').get(id) as UserRow | undefined;
}

export function userByEmail(db: Database, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM auth_users WHERE email = ?').get(email.toLowerCase()) as UserRow | undefined;
}

/** The user of this address, created at its first verified login. */
export function ensureUser(db: Database, email: string, now: number): UserRow {
  const found = userByEmail(db, email);
  if (found) return found;
  db.prepare('INSERT INTO auth_users (id, email, created_at) VALUES (?, ?, ?)').run(newId(), email.toLowerCase(), now);
  return userByEmail(db, email)!;
}

/** Whether this device was approved before for this address. */
export function isKnownDevice(db: Database, email: string, deviceHash: string): boolean {
  return db.prepare('SELECT 1 FROM auth_devices WHERE email = ? AND device_hash = ?').get(email.toLowerCase(), deviceHash) !== undefined;
}

export function rememberDevice(db: Database, email: string, deviceHash: string, now: number): void {
  db.prepare('INSERT OR IGNORE INTO auth_devices (email, device_hash, approved_at) VALUES (?, ?, ?)').run(
    email.toLowerCase(),
    deviceHash,
    now,
  );
}

/** Moves a user (and their devices) to a new address; 409 when another user has it. */
export function changeEmail(db: Database, userId: string, newEmail: string): UserRow {
  const email = newEmail.toLowerCase();
  const user = userById(db, userId)!;
  const other = userByEmail(db, email);
  if (other && other.id !== userId) throw authError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { field: 'email' });
  db.transaction(() => {
    db.prepare('UPDATE auth_devices SET email = ? WHERE email = ?').run(email, user.email);
    db.prepare('UPDATE auth_users SET email = ? WHERE id = ?').run(email, userId);
  })();
  return userById(db, userId)!;
}

export interface NewSession {
  token: string;
  expiresAt: number;
}

export function createSession(
  db: Database,
  {
    userId,
    deviceHash,
    deviceVerified,
    now,
    ttlMs,
    socialProvider,
    userName,
  }: {
    userId: string;
    deviceHash: string;
    deviceVerified: boolean;
    now: number;
    ttlMs: number;
    socialProvider?: string | undefined;
    userName?: string | undefined;
  },
): NewSession {
  const token = newToken();
  const expiresAt = now + ttlMs;
  db.prepare('DELETE FROM auth_sessions WHERE expires_at <= ?').run(now);
  db.prepare(
    `INSERT INTO auth_sessions (token_hash, user_id, device_hash, device_verified, expires_at, social_provider, user_name)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(sha256(token), userId, deviceHash, deviceVerified ? 1 : 0, expiresAt, socialProvider ?? null, userName ?? null);
  return { token, expiresAt };
}

/** The live session of a bearer token, with its user; 401 'Session Expired' otherwise. */
export function liveSession(db: Database, token: string | undefined, now: number): { session: SessionRow; user: UserRow } {
  const session =
    token === undefined
      ? undefined
      : (db.prepare('SELECT * FROM auth_sessions WHERE token_hash = ?').get(sha256(token)) as SessionRow | undefined);
  const user = session && session.expires_at > now ? userById(db, session.user_id) : undefined;
  if (!session || !user) throw authError(401, 'SESSION_EXPIRED', SESSION_EXPIRED);
  return { session, user };
}

export function deleteSession(db: Database, token: string): void {
  db.prepare('DELETE FROM auth_sessions WHERE token_hash = ?').run(sha256(token));
}
