/**
 * Counts events per key in fixed windows: the per-IP limit of the HTTP routes, the relay's
 * publishes per client id and its hourly quotas per IP all use it. With `maxKeys` the counter
 * holds at most that many windows: a new key past it first drops the ended windows, then the
 * oldest one, so an attacker with many keys cannot grow it without bound.
 */
export type WindowVerdict = { ok: true } | { ok: false; retryInMs: number };

interface Window {
  count: number;
  resetAt: number;
}

export class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys: number = Infinity,
  ) {}

  /** Whether `n` more events of `key` fit in its window, counting nothing. */
  check(key: string, n = 1): WindowVerdict {
    const t = this.now();
    const w = this.windows.get(key);
    const count = w && w.resetAt > t ? w.count : 0;
    if (count + n > this.max) return { ok: false, retryInMs: w && w.resetAt > t ? w.resetAt - t : this.windowMs };
    return { ok: true };
  }

  /** Counts `n` events of `key`; when that would pass `max`, counts nothing and says how long until the window resets. */
  take(key: string, n = 1): WindowVerdict {
    const verdict = this.check(key, n);
    if (!verdict.ok) return verdict;
    if (n > 0) this.window(key).count += n;
    return verdict;
  }

  /** Keys that have a window (ended ones included until the next sweep). */
  get size(): number {
    return this.windows.size;
  }

  /** Forgets the windows that have ended (the map is in order of window start: they come first). */
  sweep(): void {
    const t = this.now();
    for (const [key, w] of this.windows) {
      if (w.resetAt > t) break;
      this.windows.delete(key);
    }
  }

  /** The current window of `key`, started now when it has none or its last one ended. */
  private window(key: string): Window {
    const t = this.now();
    const current = this.windows.get(key);
    if (current && current.resetAt > t) return current;
    // Re-inserted, so the map stays in order of window start and its first key is the oldest.
    this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) {
      this.sweep();
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    }
    const w = { count: 0, resetAt: t + this.windowMs };
    this.windows.set(key, w);
    return w;
  }
}
