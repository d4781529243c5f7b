/**
 * Social logins in progress on either engine (`social.logins`; the rules are
 * ../auth/social/flow.ts's). A login starts under the live cap (./live-cap.ts: counted and
 * inserted in one transaction, so instances racing never pass it). Once-only steps are single conditional statements: the callback's
 * state is claimed by one UPDATE (pending to running, unexpired), and a finished login is taken
 * by one DELETE (of two finishes racing, on one instance or several, one deletes the row).
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { AuthSocialLoginsTable } from './auth-schema.js';
import type { Storage } from './engine.js';
import { belowLiveCap, liveCapLock } from './live-cap.js';
import { step, stepRunner } from './steps.js';

export type SocialLoginRow = Selectable<AuthSocialLoginsTable>;
export type NewSocialLogin = Omit<
  Insertable<AuthSocialLoginsTable>,
  'status' | 'message' | 'subject' | 'email' | 'user_name' | 'completion_hash'
>;

export interface SocialLoginsRepository {
  /** Deletes the logins lapsed at `now`; true when `maxLive` are still in progress. */
  full(now: number, maxLive: number): Promise<boolean>;
  /** Stores this one unless `maxLive` are in progress (then false). */
  start(row: NewSocialLogin, maxLive: number): Promise<boolean>;
  /** Claims a pending, unexpired state for its callback; false when it was claimed (or lapsed) before. */
  claim(stateHash: string, now: number): Promise<boolean>;
  byState(stateHash: string): Promise<SocialLoginRow | undefined>;
  /** How many lapsed logins are still stored (the next start deletes them). */
  countLapsed(now: number): Promise<number>;
  /** The unexpired login of a frame's socialId (hashed). */
  bySocialId(socialIdHash: string, now: number): Promise<SocialLoginRow | undefined>;
  fail(stateHash: string, message: string): Promise<void>;
  complete(stateHash: string, outcome: Pick<SocialLoginRow, 'subject' | 'email' | 'user_name' | 'completion_hash'>): Promise<void>;
  /** Deletes the login while it has this status; false when another finish took it. */
  take(stateHash: string, status: SocialLoginRow['status']): Promise<boolean>;
}

export function socialLoginsRepository(storage: Storage): SocialLoginsRepository {
  const { db } = storage;
  const run = stepRunner(storage);
  const table = 'auth_social_logins' as const;
  return {
    async full(now, maxLive) {
      await db.deleteFrom(table).where('expires_at', '<=', now).execute();
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM (SELECT 1 FROM auth_social_logins LIMIT ${maxLive}) AS live`.execute(db);
      return Number(rows[0]!.n) >= maxLive;
    },
    start: (row, maxLive) =>
      run.transact(
        function* () {
          if (!(yield* belowLiveCap(db, table, maxLive))) return false;
          yield* step(
            db
              .insertInto(table)
              .values({ ...row, status: 'pending' })
              .compile(),
          );
          return true;
        },
        [liveCapLock(table)],
      ),
    async claim(stateHash, now) {
      const { numUpdatedRows } = await db
        .updateTable(table)
        .set({ status: 'running' })
        .where('state_hash', '=', stateHash)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },
    byState: (stateHash) => db.selectFrom(table).selectAll().where('state_hash', '=', stateHash).executeTakeFirst(),
    countLapsed: async (now) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('expires_at', '<=', now)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    bySocialId: (socialIdHash, now) =>
      db.selectFrom(table).selectAll().where('social_id_hash', '=', socialIdHash).where('expires_at', '>', now).executeTakeFirst(),
    async fail(stateHash, message) {
      await db.updateTable(table).set({ status: 'failed', message }).where('state_hash', '=', stateHash).execute();
    },
    async complete(stateHash, outcome) {
      await db
        .updateTable(table)
        .set({ status: 'ok', ...outcome })
        .where('state_hash', '=', stateHash)
        .execute();
    },
    async take(stateHash, status) {
      const { numDeletedRows } = await db
        .deleteFrom(table)
        .where('state_hash', '=', stateHash)
        .where('status', '=', status)
        .executeTakeFirst();
      return numDeletedRows === 1n;
    },
  };
}
