/**
 * The e-mail login limits' storage on either engine (the rules are ../auth/mail-budget.ts's and
 * ../auth/code-failures.ts's): the log of login and code mails, and the wrong codes per account.
 * A mail is recorded only when its limits allow it, in one conditional INSERT: on SQLite one
 * statement is atomic; on Postgres it runs under a transaction-scoped advisory lock on the
 * mailbox, so two instances taking mails for one mailbox count them one after the other and a
 * cap is never passed by a race.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Storage } from './engine.js';
import type { StorageSchema } from './schema.js';

export interface MailEntry {
  email: string;
  requester: string;
  /** The hashed device id of a login; null for a signed-in user's code mail. */
  deviceHash: string | null;
}

/** What a mail is held to: no mail of the same requester, mailbox and device after `cooldownSince`; caps over mails after `since`. */
export interface MailLimits {
  cooldownSince?: number;
  caps?: { since: number; perRequester: number; perMailbox: number };
}

export interface AuthLimitsRepository {
  /** Records the mail unless its limits refuse it; returns a function forgetting it again, or undefined when refused. */
  recordMail(entry: MailEntry, now: number, limits: MailLimits): Promise<(() => Promise<void>) | undefined>;
  /** The last mail of this requester, mailbox and device (ms), if any. */
  lastMail(entry: MailEntry): Promise<number | undefined>;
  /** The oldest of the mailbox's (and the requester's, when given) last `n` mails after `since`, when there are `n` of them. */
  nthNewestMail(email: string, requester: string | undefined, since: number, n: number): Promise<number | undefined>;
  /** Forgets the mails sent at or before `before`. */
  forgetMails(before: number): Promise<void>;
  /** The oldest of the account's last `n` wrong codes after `since`, when there are `n` of them. */
  nthNewestFailure(account: string, since: number, n: number): Promise<number | undefined>;
  /** Counts one wrong code of the account, forgetting those at or before `forgetBefore`. */
  countFailure(account: string, now: number, forgetBefore: number): Promise<void>;
}

/** The mail log's rows of one requester, mailbox and device. */
const sameDevice = (e: MailEntry) =>
  sql`requester = ${e.requester} AND email = ${e.email} AND ${e.deviceHash === null ? sql`device_hash IS NULL` : sql`device_hash = ${e.deviceHash}`}`;

/** Fewer than `n` rows match `where` (reads at most `n` index entries). */
const fewerThan = (where: RawBuilder<unknown>, n: number) =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM auth_mail_log WHERE ${where} LIMIT ${n}) AS held) < ${n}`;

function insertMail(db: Kysely<StorageSchema>, e: MailEntry, now: number, limits: MailLimits) {
  const conditions: RawBuilder<unknown>[] = [];
  if (limits.cooldownSince !== undefined) {
    conditions.push(sql`NOT EXISTS (SELECT 1 FROM auth_mail_log WHERE ${sameDevice(e)} AND sent_at > ${limits.cooldownSince})`);
  }
  if (limits.caps) {
    const { since, perRequester, perMailbox } = limits.caps;
    conditions.push(fewerThan(sql`requester = ${e.requester} AND email = ${e.email} AND sent_at > ${since}`, perRequester));
    conditions.push(fewerThan(sql`email = ${e.email} AND sent_at > ${since}`, perMailbox));
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  return sql<{ email: string }>`INSERT INTO auth_mail_log (email, requester, device_hash, sent_at)
    SELECT CAST(${e.email} AS TEXT), CAST(${e.requester} AS TEXT), CAST(${e.deviceHash} AS TEXT), CAST(${now} AS BIGINT) ${where}
    RETURNING email`.execute(db);
}

export function authLimitsRepository({ db, engine }: Storage): AuthLimitsRepository {
  const rowKey = engine === 'sqlite' ? sql.raw('rowid') : sql.raw('ctid');
  const nth = async (table: 'auth_mail_log' | 'auth_code_failures', where: RawBuilder<unknown>, since: number, n: number) => {
    const column = table === 'auth_mail_log' ? sql.raw('sent_at') : sql.raw('failed_at');
    const { rows } = await sql<{ at: number }>`SELECT ${column} AS at FROM ${sql.table(table)} WHERE ${where} AND ${column} > ${since}
      ORDER BY ${column} DESC LIMIT 1 OFFSET ${n - 1}`.execute(db);
    return rows[0] === undefined ? undefined : Number(rows[0].at);
  };
  return {
    async recordMail(entry, now, limits) {
      const { rows } =
        engine === 'postgres'
          ? await db.transaction().execute(async (trx) => {
              await sql`SELECT pg_advisory_xact_lock(hashtext(${`w3kit-mail:${entry.email}`}))`.execute(trx);
              return insertMail(trx, entry, now, limits);
            })
          : await insertMail(db, entry, now, limits);
      if (rows.length === 0) return undefined;
      return async () => {
        await sql`DELETE FROM auth_mail_log WHERE ${rowKey} IN (SELECT ${rowKey} FROM auth_mail_log
          WHERE ${sameDevice(entry)} AND sent_at = ${now} LIMIT 1)`.execute(db);
      };
    },
    async lastMail(entry) {
      const { rows } = await sql<{ t: number | null }>`SELECT max(sent_at) AS t FROM auth_mail_log WHERE ${sameDevice(entry)}`.execute(db);
      return rows[0]?.t === null || rows[0] === undefined ? undefined : Number(rows[0].t);
    },
    nthNewestMail: (email, requester, since, n) =>
      nth('auth_mail_log', requester === undefined ? sql`email = ${email}` : sql`requester = ${requester} AND email = ${email}`, since, n),
    async forgetMails(before) {
      await db.deleteFrom('auth_mail_log').where('sent_at', '<=', before).execute();
    },
    nthNewestFailure: (account, since, n) => nth('auth_code_failures', sql`account = ${account}`, since, n),
    async countFailure(account, now, forgetBefore) {
      await db.deleteFrom('auth_code_failures').where('failed_at', '<=', forgetBefore).execute();
      await db.insertInto('auth_code_failures').values({ account, failed_at: now }).execute();
    },
  };
}
