/**
 * Passkeys on either engine (`ctx.passkeys`; the rules are ../auth/passkeys/store.ts's):
 * WebAuthn challenges and credentials. A challenge is stored under the live cap (./live-cap.ts:
 * counted and inserted in one transaction, so instances racing never pass it), and taken by one DELETE ... RETURNING, so of
 * two responses racing with it, on one instance or several, one gets it. A passkey is added under
 * its user's cap the same way (./live-cap.ts's owner cap). Adding a passkey that
 * holds the recovery share drops the sealed copy in the same transaction; removing the last one
 * that holds it seals the share again in the same transaction.
 */
import type { Insertable, Selectable } from 'kysely';
import type { AuthPasskeyChallengesTable, AuthPasskeysTable } from './auth-schema.js';
import type { Storage } from './engine.js';
import { belowLiveCap, belowOwnerCap, liveCapLock, ownerCapLock } from './live-cap.js';
import { step, stepRunner } from './steps.js';

export type PasskeyRow = Selectable<AuthPasskeysTable>;
export type PasskeyChallengeRow = Selectable<AuthPasskeyChallengesTable>;

export interface ChallengeLimits {
  /** Live challenges in all, past which none is stored. */
  maxLive: number;
  /** Live challenges kept per user (registration) or per IP (login). */
  keepPerKey: number;
}

export interface PasskeysRepository {
  /**
   * Deletes lapsed challenges, stores this one unless `maxLive` are live (then false), and keeps
   * the newest `keepPerKey` of its user (registration) or IP (login).
   */
  saveChallenge(row: PasskeyChallengeRow, now: number, limits: ChallengeLimits): Promise<boolean>;
  /** Deletes and returns a challenge: a login one by id, a registration one by value and user. */
  takeChallenge(
    where: { kind: 'login'; id: string } | { kind: 'register'; challenge: string; userId: string },
  ): Promise<Pick<PasskeyChallengeRow, 'challenge' | 'expires_at'> | undefined>;
  /** The ids of the stored challenges (of one kind, when given), lapsed ones until the next save deletes them. */
  challengeIds(kind?: PasskeyChallengeRow['kind']): Promise<string[]>;
  ofUser(userId: string): Promise<PasskeyRow[]>;
  byId(id: string): Promise<PasskeyRow | undefined>;
  /** The user's passkeys holding a wrapped recovery share, oldest first. */
  wrappedShares(userId: string): Promise<{ credentialId: string; share: string }[]>;
  /** Stores the passkey; with `dropSealedShare`, the user's KEK-sealed recovery share goes in the same transaction. */
  add(row: Insertable<AuthPasskeysTable>, dropSealedShare: boolean): Promise<void>;
  /**
   * `add` unless its user holds `maxPerUser` passkeys already (then false): counted and inserted
   * in one transaction under the user's lock, so registrations racing on one instance or several
   * never pass it.
   */
  addUnder(row: Insertable<AuthPasskeysTable>, dropSealedShare: boolean, maxPerUser: number): Promise<boolean>;
  markUsed(id: string, counter: number, now: number): Promise<void>;
  /** Deletes the passkey; with `reseal`, the user's recovery share is sealed again in the same transaction. */
  remove(id: string, reseal?: { userId: string; sealed: string }): Promise<void>;
}

export function passkeysRepository(storage: Storage): PasskeysRepository {
  const { db } = storage;
  const run = stepRunner(storage);
  const challenges = 'auth_passkey_challenges' as const;
  const passkeys = 'auth_passkeys' as const;
  const addUnder = (row: Insertable<AuthPasskeysTable>, dropSealedShare: boolean, maxPerUser: number): Promise<boolean> =>
    run.transact(
      function* () {
        if (maxPerUser !== Infinity && !(yield* belowOwnerCap(db, passkeys, 'user_id', row.user_id, maxPerUser))) return false;
        yield* step(db.insertInto(passkeys).values(row).compile());
        // Only once the wrapped copy is stored may the server's own copy go.
        if (dropSealedShare)
          yield* step(db.updateTable('auth_users').set({ recovery_share: null }).where('id', '=', row.user_id).compile());
        return true;
      },
      [ownerCapLock(passkeys, row.user_id)],
    );
  return {
    saveChallenge: (row, now, { maxLive, keepPerKey }) =>
      run.transact(
        function* () {
          if (!(yield* belowLiveCap(db, challenges, maxLive, now))) return false;
          const [column, key] = row.kind === 'register' ? (['user_id', row.user_id] as const) : (['ip', row.ip] as const);
          const ofKey = db
            .selectFrom(challenges)
            .select('id')
            .where('kind', '=', row.kind)
            .where(column, '=', key)
            .orderBy('expires_at', 'desc')
            .limit(keepPerKey - 1);
          yield* step(
            db.deleteFrom(challenges).where('kind', '=', row.kind).where(column, '=', key).where('id', 'not in', ofKey).compile(),
          );
          yield* step(db.insertInto(challenges).values(row).compile());
          return true;
        },
        [liveCapLock(challenges)],
      ),
    takeChallenge: (where) =>
      (where.kind === 'login'
        ? db.deleteFrom(challenges).where('id', '=', where.id).where('kind', '=', 'login')
        : db
            .deleteFrom(challenges)
            .where('challenge', '=', where.challenge)
            .where('user_id', '=', where.userId)
            .where('kind', '=', 'register')
      )
        .returning(['challenge', 'expires_at'])
        .executeTakeFirst(),
    async challengeIds(kind) {
      let query = db.selectFrom(challenges).select('id').orderBy('id');
      if (kind) query = query.where('kind', '=', kind);
      return (await query.execute()).map((row) => row.id);
    },
    ofUser: (userId) => db.selectFrom(passkeys).selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    byId: (id) => db.selectFrom(passkeys).selectAll().where('id', '=', id).executeTakeFirst(),
    wrappedShares: async (userId) =>
      (
        await db
          .selectFrom(passkeys)
          .select(['id', 'wrapped_recovery_share'])
          .where('user_id', '=', userId)
          .where('wrapped_recovery_share', 'is not', null)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      ).map((row) => ({ credentialId: row.id, share: row.wrapped_recovery_share! })),
    add: async (row, dropSealedShare) => void (await addUnder(row, dropSealedShare, Infinity)),
    addUnder,

    async markUsed(id, counter, now) {
      await db.updateTable(passkeys).set({ counter, last_used_at: now }).where('id', '=', id).execute();
    },
    remove: (id, reseal) =>
      db.transaction().execute(async (trx) => {
        if (reseal) await trx.updateTable('auth_users').set({ recovery_share: reseal.sealed }).where('id', '=', reseal.userId).execute();
        await trx.deleteFrom(passkeys).where('id', '=', id).execute();
      }),
  };
}
