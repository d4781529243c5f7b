/**
 * A cap on the live rows of a table (sign-ins in progress, WebAuthn challenges), held across
 * instances: the caller counts and inserts in one StepRunner transaction whose advisory lock is
 * the table's name (liveCapLock), so on Postgres two instances opening at once take turns and the
 * second sees the first's row; on SQLite the transaction is synchronous. The count reads at most
 * `max` rows.
 */
import { sql, type Kysely } from 'kysely';
import type { StorageSchema } from './schema.js';
import { step, type Steps } from './steps.js';

/** The advisory lock key of `table`'s live cap (one per table). */
export const liveCapLock = (table: LiveCapTable): string => `live-cap:${table}`;

/** The tables under a live cap: rows that lapse at `expires_at`. */
export type LiveCapTable = 'auth_farcaster_channels' | 'auth_social_logins' | 'auth_passkey_challenges';

/** Steps of a transaction: with `now`, deletes the rows lapsed by then; true while `table` holds fewer than `max` rows. */
export function* belowLiveCap(db: Kysely<StorageSchema>, table: LiveCapTable, max: number, now?: number): Steps<boolean> {
  if (now !== undefined) yield* step(db.deleteFrom(table).where('expires_at', '<=', now).compile());
  const count = sql<{ n: number | string }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.table(table)} LIMIT ${max}) AS live`;
  const { rows } = yield* step(count.compile(db));
  return Number(rows[0]!.n) < max;
}

/** The advisory lock key of one owner's rows in `table` (e.g. one user's passkeys): callers adding under a per-owner cap take it. */
export const ownerCapLock = (table: string, owner: string): string => `owner-cap:${table}:${owner}`;

/** Steps of a transaction: true while `table` holds fewer than `max` rows whose `column` is `value` (reads at most `max`). */
export function* belowOwnerCap(
  db: Kysely<StorageSchema>,
  table: 'auth_passkeys',
  column: 'user_id',
  value: string,
  max: number,
): Steps<boolean> {
  const count = sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value} LIMIT ${max}) AS owned`;
  const { rows } = yield* step(count.compile(db));
  return Number(rows[0]!.n) < max;
}
