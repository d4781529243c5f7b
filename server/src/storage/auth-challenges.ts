/**
 * A signed-in user's code-guarded requests (key export, e-mail change) on either engine
 * (`ctx.challenges`; the rules are ../auth/challenges.ts's and ../auth/code-check.ts's). As for
 * logins, a code's attempt is claimed by one UPDATE ... RETURNING and a right code is spent by
 * one conditional UPDATE: of two racing, on one instance or several, one changes the row.
 */
import { sql, type Selectable } from 'kysely';
import type { AuthChallengesTable } from './auth-schema.js';
import type { AttemptLimits, Claimed } from './auth-logins.js';
import type { Storage } from './engine.js';

export type ChallengeRow = Selectable<AuthChallengesTable>;
export type ChallengeKind = ChallengeRow['kind'];
export type ChallengeStage = ChallengeRow['stage'];

export interface ChallengesRepository {
  get(id: string): Promise<ChallengeRow | undefined>;
  /** When the user's last code of this kind went out (ms), if any. */
  lastSent(userId: string, kind: ChallengeKind): Promise<number | undefined>;
  /** Deletes the requests lapsed at `now`, then stores this one. */
  create(
    row: Pick<ChallengeRow, 'id' | 'kind' | 'user_id' | 'stage' | 'new_email' | 'expires_at' | 'last_sent_at'>,
    now: number,
  ): Promise<void>;
  /** Forgets the last mail (none went out): the cooldown does not count it. */
  unsent(id: string): Promise<void>;
  /** A stage's new code (hashed): its attempts start again. */
  setCode(id: string, stage: ChallengeStage, codeHash: string, expiresAt: number, now: number): Promise<void>;
  /** Counts one attempt at the code `codeHash` of `stage` while it is current and attempts are left; undefined when none was. */
  claimAttempt(id: string, codeHash: string, stage: ChallengeStage, limits: AttemptLimits): Promise<Claimed | undefined>;
  /** Spends the right code once (giving its claimed attempt back); false when it was spent meanwhile. */
  spend(id: string, codeHash: string): Promise<boolean>;
  /** Ends the request. */
  finish(id: string): Promise<void>;
}

export function challengesRepository({ db }: Storage): ChallengesRepository {
  const table = 'auth_challenges' as const;
  return {
    get: (id) => db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst(),
    async lastSent(userId, kind) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max<number | null>('last_sent_at').as('t'))
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row?.t ?? undefined;
    },
    async create(row, now) {
      await db.deleteFrom(table).where('expires_at', '<=', now).execute();
      await db
        .insertInto(table)
        .values({ ...row, code_hash: null, attempts: 0, total_attempts: 0 })
        .execute();
    },
    async unsent(id) {
      await db.updateTable(table).set({ last_sent_at: 0 }).where('id', '=', id).execute();
    },
    async setCode(id, stage, codeHash, expiresAt, now) {
      await db
        .updateTable(table)
        .set({ stage, code_hash: codeHash, attempts: 0, expires_at: expiresAt, last_sent_at: now })
        .where('id', '=', id)
        .execute();
    },
    claimAttempt: (id, codeHash, stage, { perCode, perRequest }) =>
      db
        .updateTable(table)
        .set({ attempts: sql`attempts + 1`, total_attempts: sql`total_attempts + 1` })
        .where('id', '=', id)
        .where('code_hash', '=', codeHash)
        .where('stage', '=', stage)
        .where('attempts', '<', perCode)
        .where('total_attempts', '<', perRequest)
        .returning(['attempts', 'total_attempts'])
        .executeTakeFirst(),
    async spend(id, codeHash) {
      const { numUpdatedRows } = await db
        .updateTable(table)
        .set({ code_hash: null, attempts: sql`attempts - 1`, total_attempts: sql`total_attempts - 1` })
        .where('id', '=', id)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },
    async finish(id) {
      await db.updateTable(table).set({ stage: 'done', code_hash: null }).where('id', '=', id).execute();
    },
  };
}
