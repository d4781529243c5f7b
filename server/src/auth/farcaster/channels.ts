/**
 * Farcaster sign-in channels: one per attempt, FARCASTER_CHANNEL_TTL_MS long. The frame knows
 * the channel's id; the sign-in link carries a separate token (stored as SHA-256), so the page
 * showing the link cannot finish the login. Approval stores the signed message; finishing takes
 * (deletes) the channel, so it opens one session at most. Bounded per IP and in all.
 */
import { randomBytes } from 'node:crypto';
import { clientKey } from '../../client-key.js';
import type { Database } from '../../db/open.js';
import { HttpError } from '../../errors.js';
import { newId, newLinkToken, sha256 } from '../secrets.js';

/**
 * How long a channel lives: FARCASTER_CHANNEL_TTL_MS of src/frame/constants.ts (the server may not
 * import the client's files; farcaster.test.ts checks the two agree).
 */
export const FARCASTER_CHANNEL_TTL_MS = 300_000;

/** Live channels per IP (older ones are dropped) and in all (past which starts get 429). */
export const MAX_CHANNELS_PER_IP = 10;
export const MAX_CHANNELS = 10_000;

export const UNKNOWN_CHANNEL = 'Unknown Farcaster sign-in: it was finished already or never started; start again';
export const CHANNEL_EXPIRED = 'This Farcaster sign-in has expired: start again';
export const CHANNEL_PENDING = 'The Farcaster sign-in is not approved yet';

export interface ChannelRow {
  id: string;
  token_hash: string;
  device_hash: string;
  nonce: string;
  ip: string;
  expires_at: number;
  fid: number | null;
  user_name: string | null;
  message: string | null;
  signature: string | null;
}

export function openChannel(db: Database, input: { deviceId: string; ip: string; now: number }) {
  const id = newId();
  const token = newLinkToken();
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = input.now + FARCASTER_CHANNEL_TTL_MS;
  db.transaction(() => {
    db.prepare('DELETE FROM auth_farcaster_channels WHERE expires_at <= ?').run(input.now);
    const { live } = db.prepare('SELECT count(*) AS live FROM auth_farcaster_channels').get() as { live: number };
    if (live >= MAX_CHANNELS) throw new HttpError(429, 'Too many Farcaster sign-ins in progress: please try again after 60 seconds');
    db.prepare(
      `DELETE FROM auth_farcaster_channels WHERE ip = ? AND id NOT IN (
         SELECT id FROM auth_farcaster_channels WHERE ip = ? ORDER BY expires_at DESC LIMIT ?)`,
    ).run(clientKey(input.ip), clientKey(input.ip), MAX_CHANNELS_PER_IP - 1);
    db.prepare('INSERT INTO auth_farcaster_channels (id, token_hash, device_hash, nonce, ip, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      sha256(token),
      sha256(input.deviceId),
      nonce,
      clientKey(input.ip),
      expiresAt,
    );
  })();
  return { id, token, nonce, expiresAt };
}

export function channelById(db: Database, id: string): ChannelRow | undefined {
  return db.prepare('SELECT * FROM auth_farcaster_channels WHERE id = ?').get(id) as ChannelRow | undefined;
}

export function channelByToken(db: Database, token: string): ChannelRow | undefined {
  if (!/^[A-Za-z]{40}$/.test(token)) return undefined;
  return db.prepare('SELECT * FROM auth_farcaster_channels WHERE token_hash = ?').get(sha256(token)) as ChannelRow | undefined;
}

export function channelState(row: ChannelRow, now: number): 'pending' | 'approved' | 'expired' {
  if (row.expires_at <= now) return 'expired';
  return row.signature === null ? 'pending' : 'approved';
}

/** Records the relay's (here the sandbox's) approval: the fid, its username, the signed message. */
export function approveChannel(
  db: Database,
  id: string,
  approval: { fid: number; userName: string | undefined; message: string; signature: string },
): void {
  db.prepare(
    'UPDATE auth_farcaster_channels SET fid = ?, user_name = ?, message = ?, signature = ? WHERE id = ? AND signature IS NULL',
  ).run(approval.fid, approval.userName ?? null, approval.message, approval.signature, id);
}

/** Takes an approved, live channel (deleting it); 404 unknown or taken, 410 expired, 409 pending. */
export function takeApprovedChannel(
  db: Database,
  id: string,
  now: number,
): ChannelRow & { fid: number; message: string; signature: string } {
  const row = channelById(db, id);
  if (!row) throw new HttpError(404, UNKNOWN_CHANNEL, 'channelId');
  const state = channelState(row, now);
  if (state === 'expired') {
    db.prepare('DELETE FROM auth_farcaster_channels WHERE id = ?').run(id);
    throw new HttpError(410, CHANNEL_EXPIRED, 'channelId');
  }
  if (state === 'pending') throw new HttpError(409, CHANNEL_PENDING, 'channelId');
  const taken = db.prepare('DELETE FROM auth_farcaster_channels WHERE id = ? AND signature IS NOT NULL RETURNING *').get(id) as
    | (ChannelRow & { fid: number; message: string; signature: string })
    | undefined;
  if (!taken) throw new HttpError(404, UNKNOWN_CHANNEL, 'channelId');
  return taken;
}
