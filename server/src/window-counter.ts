/**
 * A fixed-window counter behind one small interface: in this process (FixedWindowCounter, the
 * default) or in Redis when instances share one (redis/window-counter.ts, with `--redis`), so a
 * limit counts one window across every instance rather than one per process.
 */
import { FixedWindowCounter, type WindowVerdict } from './fixed-window.js';

export interface WindowCounter {
  /** Counts `n` events of `key` (default 1); when that would pass the limit, counts nothing and says how long until the window resets. */
  take(key: string, n?: number): Promise<WindowVerdict>;
  /** Forgets the windows of this process that have ended. */
  sweep(): void;
}

/** The in-process counter (today's behaviour). */
export function inProcessCounter(max: number, windowMs: number, now: () => number = Date.now, maxKeys = Infinity): WindowCounter {
  const counter = new FixedWindowCounter(max, windowMs, now, maxKeys);
  return {
    take: (key, n) => Promise.resolve(counter.take(key, n)),
    sweep: () => counter.sweep(),
  };
}
