/**
 * The Farcaster sign-in channels' storage on either engine (the rules are
 * ../auth/farcaster/channels.ts's). Once-only steps are single statements: a channel is opened by
 * one conditional INSERT (only while fewer than the cap are live), approved by one conditional
 * UPDATE (only while unapproved), and taken by one DELETE ... RETURNING (of two finishes racing,
 * on one instance or two, one gets the row).
 */
import { sql, type Selectable } from 'kysely';
import type { Storage } from './engine.js';
import type { AuthFarcasterChannelsTable } from './auth-schema.js';

export type ChannelRow = Selectable<AuthFarcasterChannelsTable>;
export type NewChannel = Pick<ChannelRow, 'id' | 'token_hash' | 'device_hash' | 'nonce' | 'ip' | 'expires_at'>;
export type ApprovedChannel = ChannelRow & { fid: number; message: string; signature: string };

export interface FarcasterChannelsRepository {
  /**
   * Deletes lapsed channels, stores this one unless `maxLive` are live (then false), and keeps
   * the IP's newest `keepPerIp` channels.
   */
  open(channel: NewChannel, now: number, limits: { maxLive: number; keepPerIp: number }): Promise<boolean>;
  byId(id: string): Promise<ChannelRow | undefined>;
  byTokenHash(tokenHash: string): Promise<ChannelRow | undefined>;
  /** Records an approval once (an approved channel is left as it is); false when none was recorded. */
  approve(id: string, approval: { fid: number; userName: string | null; message: string; signature: string }): Promise<boolean>;
  /** Deletes an approved channel and returns it; undefined when it was taken already (or is not approved). */
  takeApproved(id: string): Promise<ApprovedChannel | undefined>;
  remove(id: string): Promise<void>;
}

export function farcasterChannelsRepository({ db }: Storage): FarcasterChannelsRepository {
  const table = 'auth_farcaster_channels' as const;
  return {
    async open(channel, now, { maxLive, keepPerIp }) {
      await db.deleteFrom(table).where('expires_at', '<=', now).execute();
      const { rows } = await sql<{ id: string }>`INSERT INTO auth_farcaster_channels (id, token_hash, device_hash, nonce, ip, expires_at)
        SELECT CAST(${channel.id} AS TEXT), CAST(${channel.token_hash} AS TEXT), CAST(${channel.device_hash} AS TEXT),
          CAST(${channel.nonce} AS TEXT), CAST(${channel.ip} AS TEXT), CAST(${channel.expires_at} AS BIGINT)
        WHERE (SELECT count(*) FROM (SELECT 1 FROM auth_farcaster_channels LIMIT ${maxLive}) AS live) < ${maxLive}
        RETURNING id`.execute(db);
      if (rows.length === 0) return false;
      await db
        .deleteFrom(table)
        .where('ip', '=', channel.ip)
        .where(
          'id',
          'not in',
          db.selectFrom(table).select('id').where('ip', '=', channel.ip).orderBy('expires_at', 'desc').limit(keepPerIp),
        )
        .execute();
      return true;
    },
    byId: (id) => db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst(),
    byTokenHash: (tokenHash) => db.selectFrom(table).selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),
    async approve(id, { fid, userName, message, signature }) {
      const { numUpdatedRows } = await db
        .updateTable(table)
        .set({ fid, user_name: userName, message, signature })
        .where('id', '=', id)
        .where('signature', 'is', null)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },
    takeApproved: async (id) =>
      (await db.deleteFrom(table).where('id', '=', id).where('signature', 'is not', null).returningAll().executeTakeFirst()) as
        | ApprovedChannel
        | undefined,
    async remove(id) {
      await db.deleteFrom(table).where('id', '=', id).execute();
    },
  };
}
