/**
 * Users, their approved devices and their sessions, through ctx.users (../storage/auth-users.ts).
 * Addresses are kept as given; e-mail addresses lowercased. Session tokens and device ids are
 * stored as SHA-256.
 */
import type { AuthUser } from '../../../src/wire/auth-api.js';
import type { DeviceRow, SessionRow, UserRow } from '../storage/auth-users.js';
import { authError } from './auth-error.js';
import type { AuthContext } from './context.js';
import { newToken, sha256 } from './secrets.js';

export type { DeviceRow, SessionRow, UserRow };

export const EMAIL_TAKEN = 'This e-mail address belongs to another account';

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

export const userById = (ctx: AuthContext, id: string): Promise<UserRow | undefined> => ctx.users.byId(id);

export const userByEmail = (ctx: AuthContext, email: string): Promise<UserRow | undefined> => ctx.users.byEmail(email);

/** Whether this device was approved before for this address. */
export const isKnownDevice = (ctx: AuthContext, email: string, deviceHash: string): Promise<boolean> =>
  ctx.users.isKnownDevice(email, deviceHash);

/** Moves a user (and their devices) to a new address; 409 when another user has it. */
export async function changeEmail(ctx: AuthContext, userId: string, newEmail: string): Promise<UserRow> {
  const changed = await ctx.users.changeEmail(userId, newEmail);
  if (changed === 'taken') throw authError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { field: 'email' });
  return changed;
}

export interface NewSession {
  token: string;
  expiresAt: number;
}

export interface SessionInput {
  userId: string;
  deviceHash: string;
  deviceVerified: boolean;
  now: number;
  ttlMs: number;
  socialProvider?: string | undefined;
  userName?: string | undefined;
}

/** A new session's token (given once) and the row storing it hashed. */
export function newSession({ userId, deviceHash, deviceVerified, now, ttlMs, socialProvider, userName }: SessionInput): {
  session: NewSession;
  row: SessionRow;
} {
  const token = newToken();
  const expiresAt = now + ttlMs;
  return {
    session: { token, expiresAt },
    row: {
      token_hash: sha256(token),
      user_id: userId,
      device_hash: deviceHash,
      device_verified: deviceVerified ? 1 : 0,
      expires_at: expiresAt,
      social_provider: socialProvider ?? null,
      user_name: userName ?? null,
    },
  };
}

/** Opens a session (lapsed ones go). */
export async function createSession(ctx: AuthContext, input: SessionInput): Promise<NewSession> {
  const { session, row } = newSession(input);
  await ctx.users.createSession(row, input.now);
  return session;
}

/** The live session of a bearer token, with its user; 401 'Session Expired' otherwise. */
export async function liveSession(
  ctx: AuthContext,
  token: string | undefined,
  now: number,
): Promise<{ session: SessionRow; user: UserRow }> {
  const session = token === undefined ? undefined : await ctx.users.session(sha256(token));
  const user = session && session.expires_at > now ? await ctx.users.byId(session.user_id) : undefined;
  if (!session || !user) throw authError(401, 'SESSION_EXPIRED', SESSION_EXPIRED);
  return { session, user };
}

export async function deleteSession(ctx: AuthContext, token: string): Promise<void> {
  await ctx.users.deleteSession(sha256(token));
}
