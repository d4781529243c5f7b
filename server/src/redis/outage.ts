/**
 * What an instance says when Redis stops answering and when it answers again: one line each per
 * outage (`redis_unreachable` with what it does meanwhile, then `redis_recovered`), however many
 * commands failed or succeeded in between, so an outage under load does not flood the log.
 */

export interface RedisOutage {
  /** A command failed: the first failure of an outage is logged, with what the instance does meanwhile (ON_ITS_OWN). */
  failed(err: unknown): void;
  /** A command succeeded (or a connection is ready again): the first success after an outage is logged. */
  ok(): void;
  /** Whether the last command failed. */
  readonly down: boolean;
}

/** What an instance does while Redis does not answer. */
export const ON_ITS_OWN =
  "on its own: the relay's quotas counted by this instance alone, messages pushed to its own sockets (the other instances' clients get them from the database on their next flush or fetch)";

export function redisOutage(log: (entry: Record<string, unknown>) => void): RedisOutage {
  let down = false;
  return {
    failed(err) {
      if (down) return;
      down = true;
      log({ event: 'redis_unreachable', error: (err as Error)?.message ?? String(err), fallback: ON_ITS_OWN });
    },
    ok() {
      if (!down) return;
      down = false;
      log({ event: 'redis_recovered' });
    },
    get down() {
      return down;
    },
  };
}
