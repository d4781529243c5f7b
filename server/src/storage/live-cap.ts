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
export const liveCapLock = (table: keyof StorageSchema & string): string => `live-cap:${table}`;

/** One step of a transaction: true while `table` holds fewer than `max` rows. */
export function* belowLiveCap(db: Kysely<StorageSchema>, table: keyof StorageSchema & string, max: number): Steps<boolean> {
  const count = sql<{ n: number | string }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.table(table)} LIMIT ${max}) AS live`;
  const { rows } = yield* step(count.compile(db));
  return Number(rows[0]!.n) < max;
}
