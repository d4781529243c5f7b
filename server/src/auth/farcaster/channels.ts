/**
 * Farcaster sign-in channels: one per attempt, FARCASTER_CHANNEL_TTL_MS long. The frame knows
 * the channel's id; the sign-in link carries a separate token (stored as SHA-256), so the page
 * showing the link cannot finish the login. Approval stores the signed message; finishing takes
 * (deletes) the channel, so it opens one session at most. Bounded per IP and in all.
 */
import { randomBytes } from 'node:crypto';
import { clientKey } from '../../client-key.js';
import { HttpError } from '../../errors.js';
import type { ApprovedChannel, ChannelRow, FarcasterChannelsRepository } from '../../storage/farcaster-channels.js';
import { newId, newLinkToken, sha256 } from '../secrets.js';

export type { ChannelRow } from '../../storage/farcaster-channels.js';

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

/** Opens a channel for the device; 429 while MAX_CHANNELS are live. The IP keeps its newest MAX_CHANNELS_PER_IP. */
export async function openChannel(store: FarcasterChannelsRepository, input: { deviceId: string; ip: string; now: number }) {
  const id = newId();
  const token = newLinkToken();
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = input.now + FARCASTER_CHANNEL_TTL_MS;
  const opened = await store.open(
    { id, token_hash: sha256(token), device_hash: sha256(input.deviceId), nonce, ip: clientKey(input.ip), expires_at: expiresAt },
    input.now,
    { maxLive: MAX_CHANNELS, keepPerIp: MAX_CHANNELS_PER_IP },
  );
  if (!opened) throw new HttpError(429, 'Too many Farcaster sign-ins in progress: please try again after 60 seconds');
  return { id, token, nonce, expiresAt };
}

export function channelById(store: FarcasterChannelsRepository, id: string): Promise<ChannelRow | undefined> {
  return store.byId(id);
}

export async function channelByToken(store: FarcasterChannelsRepository, token: string): Promise<ChannelRow | undefined> {
  if (!/^[A-Za-z]{40}$/.test(token)) return undefined;
  return store.byTokenHash(sha256(token));
}

export function channelState(row: ChannelRow, now: number): 'pending' | 'approved' | 'expired' {
  if (row.expires_at <= now) return 'expired';
  return row.signature === null ? 'pending' : 'approved';
}

/** Records the relay's (here the sandbox's) approval once: the fid, its username, the signed message. */
export async function approveChannel(
  store: FarcasterChannelsRepository,
  id: string,
  approval: { fid: number; userName: string | undefined; message: string; signature: string },
): Promise<void> {
  await store.approve(id, { ...approval, userName: approval.userName ?? null });
}

/** Takes an approved, live channel (deleting it, once); 404 unknown or taken, 410 expired, 409 pending. */
export async function takeApprovedChannel(store: FarcasterChannelsRepository, id: string, now: number): Promise<ApprovedChannel> {
  const row = await store.byId(id);
  if (!row) throw new HttpError(404, UNKNOWN_CHANNEL, 'channelId');
  const state = channelState(row, now);
  if (state === 'expired') {
    await store.remove(id);
    throw new HttpError(410, CHANNEL_EXPIRED, 'channelId');
  }
  if (state === 'pending') throw new HttpError(409, CHANNEL_PENDING, 'channelId');
  const taken = await store.takeApproved(id);
  if (!taken) throw new HttpError(404, UNKNOWN_CHANNEL, 'channelId');
  return taken;
}
