/**
 * Counts events per key in fixed windows: the per-IP limit of the HTTP routes and the relay's
 * publishes per client id both use it.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `n` events of `key`; when that would pass `max`, counts nothing and says how long until the window resets. */
  take(key: string, n = 1): { ok: true } | { ok: false; retryInMs: number } {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + this.windowMs };
      this.windows.set(key, w);
    }
    if (w.count + n > this.max) return { ok: false, retryInMs: w.resetAt - t };
    w.count += n;
    return { ok: true };
  }

  /** Forgets the windows that have ended. */
  sweep(): void {
    const t = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= t) this.windows.delete(key);
  }
}
