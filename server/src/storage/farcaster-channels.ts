/**
 * The Farcaster sign-in channels' storage on either engine (the rules are
 * ../auth/farcaster/channels.ts's). A channel is opened under the live cap (./live-cap.ts: counted
 * and inserted in one transaction, so instances racing never pass it); the other once-only
 * steps are single statements: approved by one conditional
 * UPDATE (only while unapproved), and taken by one DELETE ... RETURNING (of two finishes racing,
 * on one instance or two, one gets the row).
 */
import type { Selectable } from 'kysely';
import type { Storage } from './engine.js';
import { belowLiveCap, liveCapLock } from './live-cap.js';
import { step, stepRunner } from './steps.js';
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

export function farcasterChannelsRepository(storage: Storage): FarcasterChannelsRepository {
  const { db } = storage;
  const run = stepRunner(storage);
  const table = 'auth_farcaster_channels' as const;
  return {
    open: (channel, now, { maxLive, keepPerIp }) =>
      run.transact(
        function* () {
          if (!(yield* belowLiveCap(db, table, maxLive, now))) return false;
          yield* step(db.insertInto(table).values(channel).compile());
          const newest = db.selectFrom(table).select('id').where('ip', '=', channel.ip).orderBy('expires_at', 'desc').limit(keepPerIp);
          yield* step(db.deleteFrom(table).where('ip', '=', channel.ip).where('id', 'not in', newest).compile());
          return true;
        },
        [liveCapLock(table)],
      ),
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
