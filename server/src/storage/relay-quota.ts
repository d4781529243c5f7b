/**
 * The relay's hourly quota windows on either engine (`relay_quota_windows`): one row per counter
 * and key (an address's quota key, or '*' for all addresses) holding what was counted in the
 * key's current window and when it ends; the quotas themselves are ../relay/quota.ts's. A take
 * adds to its windows first, in one upsert (one statement, its own transaction) that returns the
 * new counts, and the caller's verdict judges them: a refusal gives its counts back. Takes from
 * several instances are therefore counted one after the other by the rows' locks, held for one
 * statement only (the all-addresses row is in every take), and a quota is never passed by a race;
 * a take racing one that is being given back may be refused where it would have fit, never the
 * reverse. Rows of ended windows are swept, with at most `maxKeys` rows kept per counter (the
 * oldest windows dropped first).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Storage } from './engine.js';
import { prepared, preparedByShape, stepRunner } from './steps.js';

export interface WindowCount {
  /** What was counted in the current window (0 when the key has none). */
  count: number;
  /** When the current window ends (ms since the epoch); a window not yet started ends `windowMs` from now. */
  resetAt: number;
}

export type WindowKey = readonly [counter: string, key: string];

export interface RelayQuotaRepository {
  /** The current windows of `keys`, in their order (one query). */
  read(keys: readonly WindowKey[], now: number): Promise<WindowCount[]>;
  /**
   * Adds `n` to each window, starting a window now where the last one ended, all or nothing:
   * `verdict` sees the windows before the addition and may throw, which gives the counts back.
   */
  take(
    counts: readonly (readonly [counter: string, key: string, n: number])[],
    now: number,
    verdict: (before: WindowCount[]) => void,
  ): Promise<void>;
  /** Deletes ended windows, and the oldest ones of a counter past `maxKeys`. */
  sweep(now: number): Promise<void>;
  /**
   * Sets windows to what one instance counted in memory (../relay/quota-windows.ts writes them
   * back), in one statement.
   */
  save(windows: readonly (readonly [counter: string, key: string, count: number, resetAt: number])[]): Promise<void>;
  /**
   * A number drawn once per database (kept as a row that never ends and is never swept): the
   * namespace of its windows in Redis, so databases sharing one Redis keep apart windows.
   */
  namespace(): Promise<number>;
}

/** The row holding the database's namespace in Redis. */
const NAMESPACE: WindowKey = ['redis-namespace', '*'];

/** Windows written back by one statement at most. */
const SAVE_BATCH = 200;

export function relayQuotaRepository(storage: Storage, windowMs: number, maxKeys = Infinity): RelayQuotaRepository {
  const { db } = storage;
  const run = stepRunner(storage);
  const keyOf = (counter: string, key: string) => `${counter}\n${key}`;
  // Built and compiled once per number of windows (./steps.ts): a publish reads and adds four.
  const readQuery = preparedByShape(8, (n) =>
    prepared(2 * n + 1, (...v: never[]) =>
      db
        .selectFrom('relay_quota_windows')
        .select(['counter', 'key', 'count', 'reset_at'])
        .where((eb) => eb.or(Array.from({ length: n }, (_, i) => eb.and([eb('counter', '=', v[2 * i]!), eb('key', '=', v[2 * i + 1]!)]))))
        .where('reset_at', '>', v[2 * n]!),
    ),
  );
  const addQuery = preparedByShape(8, (n) =>
    prepared(3 * n + 2, (...v: never[]) => {
      const [resetAt, now] = [v[3 * n]!, v[3 * n + 1]!];
      return db
        .insertInto('relay_quota_windows')
        .values(Array.from({ length: n }, (_, i) => ({ counter: v[3 * i]!, key: v[3 * i + 1]!, count: v[3 * i + 2]!, reset_at: resetAt })))
        .onConflict((oc) =>
          oc.columns(['counter', 'key']).doUpdateSet({
            count: sql`CASE WHEN relay_quota_windows.reset_at > ${now} THEN relay_quota_windows.count + excluded.count ELSE excluded.count END`,
            reset_at: sql`CASE WHEN relay_quota_windows.reset_at > ${now} THEN relay_quota_windows.reset_at ELSE excluded.reset_at END`,
          }),
        )
        .returning(['counter', 'key', 'count', 'reset_at']);
    }),
  );
  const giveBack = prepared(3, (n: number, counter: string, key: string) =>
    db
      .updateTable('relay_quota_windows')
      .set((eb) => ({ count: eb('count', '-', n) }))
      .where('counter', '=', counter)
      .where('key', '=', key),
  );
  return {
    async namespace() {
      const [counter, key] = NAMESPACE;
      const drawn = randomInt(1, 2 ** 31 - 1);
      await run.one(
        db
          .insertInto('relay_quota_windows')
          .values({ counter, key, count: drawn, reset_at: Number.MAX_SAFE_INTEGER })
          .onConflict((oc) => oc.columns(['counter', 'key']).doNothing())
          .compile(),
      );
      const { rows } = await run.one(
        db.selectFrom('relay_quota_windows').select('count').where('counter', '=', counter).where('key', '=', key).compile(),
      );
      return Number(rows[0]?.count ?? drawn);
    },
    async save(windows) {
      for (let i = 0; i < windows.length; i += SAVE_BATCH) {
        const rows = windows.slice(i, i + SAVE_BATCH).map(([counter, key, count, resetAt]) => ({ counter, key, count, reset_at: resetAt }));
        await run.one(
          db
            .insertInto('relay_quota_windows')
            .values(rows)
            .onConflict((oc) =>
              oc
                .columns(['counter', 'key'])
                .doUpdateSet((eb) => ({ count: eb.ref('excluded.count'), reset_at: eb.ref('excluded.reset_at') })),
            )
            .compile(),
        );
      }
    },
    async read(keys, now) {
      if (keys.length === 0) return [];
      const { rows } = await run.one(readQuery(keys.length)(...(keys.flat() as never[]), now as never));
      const found = new Map(rows.map((r) => [keyOf(r.counter, r.key), r]));
      return keys.map(([counter, key]) => {
        const row = found.get(keyOf(counter, key));
        return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : { count: 0, resetAt: now + windowMs };
      });
    },
    async take(counts, now, verdict) {
      const { rows } = await run.one(addQuery(counts.length)(...(counts.flat() as never[]), (now + windowMs) as never, now as never));
      const after = new Map(rows.map((r) => [keyOf(r.counter, r.key), r]));
      try {
        verdict(
          counts.map(([counter, key, n]) => {
            const row = after.get(keyOf(counter, key));
            return { count: Number(row?.count ?? n) - n, resetAt: Number(row?.reset_at ?? now + windowMs) };
          }),
        );
      } catch (refusal) {
        for (const [counter, key, n] of counts) await run.one(giveBack(n, counter, key));
        throw refusal;
      }
    },
    async sweep(now) {
      await run.one(db.deleteFrom('relay_quota_windows').where('reset_at', '<=', now).compile());
      if (maxKeys === Infinity) return;
      const { rows } = await run.one(
        db
          .selectFrom('relay_quota_windows')
          .select((eb) => ['counter', eb.fn.countAll<number>().as('n')])
          .groupBy('counter')
          .compile(),
      );
      for (const { counter, n } of rows) {
        if (Number(n) <= maxKeys) continue;
        const oldest = db
          .selectFrom('relay_quota_windows')
          .select('key')
          .where('counter', '=', counter)
          .orderBy('reset_at')
          .limit(Number(n) - maxKeys);
        await run.one(db.deleteFrom('relay_quota_windows').where('counter', '=', counter).where('key', 'in', oldest).compile());
      }
    },
  };
}
