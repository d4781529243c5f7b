/**
 * E-mail logins in progress on either engine (`ctx.logins`; the rules are ../auth/logins.ts's
 * and ../auth/code-check.ts's). Every once-only step is one conditional statement, so it holds
 * on one instance or several: a code's attempt is claimed by one UPDATE ... RETURNING (only while
 * attempts are left), a right code is spent by one UPDATE (of two racing, one changes the row),
 * an approval link works once (one UPDATE clearing it). A spent code ends the login, creates the
 * user, remembers the device and opens the session in one transaction.
 */
import { sql, type Selectable } from 'kysely';
import type { AuthLoginsTable } from './auth-schema.js';
import { userQueries, type SessionRow, type UserRow } from './auth-users.js';
import type { Storage } from './engine.js';

export type LoginRow = Selectable<AuthLoginsTable>;
export type NewLogin = Omit<LoginRow, 'attempts' | 'total_attempts' | 'done' | 'code_hash' | 'device_token_hash'>;

/** A code's counters after one more wrong attempt was claimed. */
export interface Claimed {
  attempts: number;
  total_attempts: number;
}

export interface AttemptLimits {
  perCode: number;
  perRequest: number;
}

export interface LoginsRepository {
  get(id: string): Promise<LoginRow | undefined>;
  byLinkHash(tokenHash: string): Promise<LoginRow | undefined>;
  /** Deletes the logins lapsed at `now`, then stores this one. */
  start(row: NewLogin, now: number): Promise<void>;
  remove(id: string): Promise<void>;
  /** A new code (hashed): its attempts start again, its expiry and the last mail move. */
  setCode(id: string, codeHash: string, expiresAt: number, now: number): Promise<void>;
  /** A new approval link (hashed), as above. */
  setLink(id: string, tokenHash: string, expiresAt: number, now: number): Promise<void>;
  /** Approves the device of the link's login; false when the link was used (or replaced) meanwhile. */
  approve(id: string, tokenHash: string): Promise<boolean>;
  /**
   * Counts one attempt at the code `codeHash` while it is current, the login open and attempts
   * are left; the login's last attempt ends it. Undefined when none was left.
   */
  claimAttempt(id: string, codeHash: string, limits: AttemptLimits): Promise<Claimed | undefined>;
  /**
   * Spends the right code once (giving its claimed attempt back) and, in the same transaction,
   * ends the login, ensures the user (`newUserId` when created), remembers the device and opens
   * `session`. Undefined when the code was spent meanwhile. A login begun for a new account
   * (`new_account`) must create the user: when the address has one already, nothing changes but
   * the login's end, and the answer is 'account-exists'.
   */
  finish(
    row: Pick<LoginRow, 'id' | 'code_hash' | 'email' | 'device_hash' | 'new_account' | 'device_name'>,
    newUserId: string,
    session: Omit<SessionRow, 'user_id'>,
    now: number,
  ): Promise<UserRow | 'account-exists' | undefined>;
}

export function loginsRepository({ db }: Storage): LoginsRepository {
  const table = 'auth_logins' as const;
  const set = async (id: string, values: Partial<LoginRow>) => {
    await db.updateTable(table).set(values).where('id', '=', id).execute();
  };
  return {
    get: (id) => db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst(),
    byLinkHash: (tokenHash) => db.selectFrom(table).selectAll().where('device_token_hash', '=', tokenHash).executeTakeFirst(),
    async start(row, now) {
      await db.deleteFrom(table).where('expires_at', '<=', now).execute();
      await db
        .insertInto(table)
        .values({ ...row, code_hash: null, device_token_hash: null, attempts: 0, total_attempts: 0, done: 0 })
        .execute();
    },
    async remove(id) {
      await db.deleteFrom(table).where('id', '=', id).execute();
    },
    setCode: (id, codeHash, expiresAt, now) => set(id, { code_hash: codeHash, attempts: 0, expires_at: expiresAt, last_sent_at: now }),
    setLink: (id, tokenHash, expiresAt, now) => set(id, { device_token_hash: tokenHash, expires_at: expiresAt, last_sent_at: now }),
    async approve(id, tokenHash) {
      const { numUpdatedRows } = await db
        .updateTable(table)
        .set({ approved: 1, device_token_hash: null })
        .where('id', '=', id)
        .where('device_token_hash', '=', tokenHash)
        .where('approved', '=', 0)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },
    claimAttempt: (id, codeHash, { perCode, perRequest }) =>
      db
        .updateTable(table)
        .set({
          attempts: sql`attempts + 1`,
          total_attempts: sql`total_attempts + 1`,
          done: sql`CASE WHEN total_attempts + 1 >= ${perRequest} THEN 1 ELSE 0 END`,
        })
        .where('id', '=', id)
        .where('code_hash', '=', codeHash)
        .where('done', '=', 0)
        .where('attempts', '<', perCode)
        .where('total_attempts', '<', perRequest)
        .returning(['attempts', 'total_attempts'])
        .executeTakeFirst(),
    async finish(row, newUserId, session, now) {
      try {
        return await finishIn(row, newUserId, session, now);
      } catch (err) {
        if (!(err instanceof AccountExists)) throw err;
        await set(row.id, { done: 1, code_hash: null });
        return 'account-exists';
      }
    },
  };

  function finishIn(...[row, newUserId, session, now]: Parameters<LoginsRepository['finish']>): Promise<UserRow | undefined> {
    return db.transaction().execute(async (trx) => {
      if (row.code_hash === null) return undefined;
      // The code is spent once: of two right codes racing, one ends the login.
      const { numUpdatedRows } = await trx
        .updateTable(table)
        .set({ done: 1, code_hash: null, attempts: sql`attempts - 1`, total_attempts: sql`total_attempts - 1` })
        .where('id', '=', row.id)
        .where('code_hash', '=', row.code_hash)
        .executeTakeFirst();
      if (numUpdatedRows !== 1n) return undefined;
      const users = userQueries(trx);
      const user = await users.ensure(row.email, newUserId, now);
      // Rolls the transaction back: the code stays unspent until the login is ended above.
      if (row.new_account === 1 && user.id !== newUserId) throw new AccountExists();
      await users.rememberDevice(row.email, row.device_hash, row.device_name, now);
      await users.createSession({ ...session, user_id: user.id }, now);
      return user;
    });
  }
}

/** A new account's login found the address taken at its end. */
class AccountExists extends Error {}
