/** Publishes per second per client id: a fixed one-second window. */
export class PublishRate {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `n` publishes of `clientId`; false (nothing counted) when that would pass the limit. */
  take(clientId: string, n = 1): boolean {
    const now = this.now();
    let w = this.windows.get(clientId);
    if (!w || now - w.start >= 1000) {
      w = { start: now, count: 0 };
      this.windows.set(clientId, w);
    }
    if (w.count + n > this.max) return false;
    w.count += n;
    return true;
  }

  /** Forgets windows older than a second. */
  sweep(): void {
    const now = this.now();
    for (const [id, w] of this.windows) if (now - w.start >= 1000) this.windows.delete(id);
  }
}
