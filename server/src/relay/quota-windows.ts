/**
 * The relay's hourly quota windows, kept in SQLite (`relay_quota_windows`) so a restart does not
 * reset them: one row per counter and key (an address's quota key, or '*' for all addresses)
 * holding what was counted in the key's current window and when that window ends. This is the
 * one place the windows are read and written, so they can move to Redis (INCRBY with an expiry)
 * when instances share them. Rows of ended windows are deleted by `sweep`, which also keeps at
 * most `maxKeys` rows per counter (the oldest windows dropped first).
 */
import type { Database, Statement } from 'better-sqlite3';

export interface WindowCount {
  /** What was counted in the current window (0 when the key has none). */
  count: number;
  /** When the current window ends (ms since the epoch); a window not yet started ends `windowMs` from now. */
  resetAt: number;
}

export class QuotaWindows {
  private readonly readQuery: Statement;
  private readonly addUpsert: Statement;
  private readonly sweepEnded: Statement;
  private readonly countersQuery: Statement;
  private readonly trimOldest: Statement;

  private readonly addMany: (counts: readonly (readonly [counter: string, key: string, n: number])[]) => void;

  constructor(
    db: Database,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys: number = Infinity,
  ) {
    this.readQuery = db.prepare(
      `SELECT counter, key, count, reset_at AS resetAt FROM relay_quota_windows
       WHERE (counter, key) IN (VALUES (?, ?), (?, ?), (?, ?), (?, ?)) AND reset_at > ?`,
    );
    this.addUpsert = db.prepare(
      `INSERT INTO relay_quota_windows (counter, key, count, reset_at) VALUES (@counter, @key, @n, @resetAt)
       ON CONFLICT (counter, key) DO UPDATE SET
         count = CASE WHEN reset_at > @now THEN count + excluded.count ELSE excluded.count END,
         reset_at = CASE WHEN reset_at > @now THEN reset_at ELSE excluded.reset_at END`,
    );
    this.addMany = db.transaction((counts: readonly (readonly [string, string, number])[]) => {
      const t = this.now();
      for (const [counter, key, n] of counts) if (n > 0) this.addUpsert.run({ counter, key, n, resetAt: t + this.windowMs, now: t });
    });
    this.sweepEnded = db.prepare('DELETE FROM relay_quota_windows WHERE reset_at <= ?');
    this.countersQuery = db.prepare('SELECT counter, count(*) AS n FROM relay_quota_windows GROUP BY counter');
    this.trimOldest = db.prepare(
      `DELETE FROM relay_quota_windows WHERE counter = ? AND key IN (
         SELECT key FROM relay_quota_windows WHERE counter = ? ORDER BY reset_at LIMIT ?)`,
    );
  }

  /** The current windows of up to four counters and keys (one query), in their order. */
  read(...pairs: (readonly [counter: string, key: string])[]): WindowCount[] {
    if (pairs.length > 4) throw new RangeError('QuotaWindows.read takes at most four windows');
    const t = this.now();
    const padded = [...pairs, ...Array<readonly [string, string]>(4 - pairs.length).fill(['', ''])];
    const rows = this.readQuery.all(...padded.flat(), t) as (WindowCount & { counter: string; key: string })[];
    return pairs.map(([counter, key]) => {
      const row = rows.find((r) => r.counter === counter && r.key === key);
      return row ? { count: row.count, resetAt: row.resetAt } : { count: 0, resetAt: t + this.windowMs };
    });
  }

  /** Counts `n` more for each `key` in its `counter` (one transaction), starting a window now where the last one ended. */
  add(...counts: (readonly [counter: string, key: string, n: number])[]): void {
    this.addMany(counts);
  }

  /** Deletes ended windows, and the oldest ones of a counter past `maxKeys`. */
  sweep(): void {
    this.sweepEnded.run(this.now());
    if (this.maxKeys === Infinity) return;
    for (const { counter, n } of this.countersQuery.all() as { counter: string; n: number }[]) {
      if (n > this.maxKeys) this.trimOldest.run(counter, counter, n - this.maxKeys);
    }
  }
}
