/**
 * Whether the EVM indexer is stuck: a round that leaves it behind the node's head without
 * indexing anything starts (or continues) a stall, a round that indexes ends it. A stall is
 * reported (on /health and in the log) once it has lasted `afterMs`, with the last problem.
 */

/** How long the indexer may stay behind without indexing a block before it reports a stall. */
export const DEFAULT_STALL_AFTER_MS = 30_000;

export interface StallState {
  /** True when no block was indexed for `afterMs` while the node had more. */
  stalled: boolean;
  /** When the rounds without progress began (ISO 8601), while stalled. */
  stalledSince: string | null;
  /** The last problem of a round that indexed nothing, until a round indexes again. */
  lastError: string | null;
}

export class StallWatch {
  private since: number | undefined;
  private error: string | undefined;
  private reported = false;

  constructor(
    private readonly afterMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A round that indexed (or had nothing to index). True when it ends a reported stall. */
  progress(): boolean {
    const ended = this.reported;
    this.since = undefined;
    this.error = undefined;
    this.reported = false;
    return ended;
  }

  /** A round that left blocks waiting. True when the stall becomes reportable with it. */
  failed(error: string): boolean {
    this.since ??= this.now();
    this.error = error;
    if (this.reported || this.now() - this.since < this.afterMs) return false;
    this.reported = true;
    return true;
  }

  state(): StallState {
    return {
      stalled: this.reported,
      stalledSince: this.reported && this.since !== undefined ? new Date(this.since).toISOString() : null,
      lastError: this.error ?? null,
    };
  }
}
