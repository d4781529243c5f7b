/**
 * How long analytics events are kept: events received more than `retentionDays` ago are
 * deleted when the server starts and every `pruneIntervalMs` (an hour), and a project keeps at
 * most `maxEventsPerProject` events: past that, each new event drops the oldest.
 */
import type { Database } from './db/open.js';

export interface AnalyticsRetention {
  /** Days an event is kept after it was received (default 90). */
  retentionDays: number;
  /** Events kept per project, the newest (default 100,000). */
  maxEventsPerProject: number;
  /** How often old events are deleted (default an hour). */
  pruneIntervalMs?: number;
}

export const DEFAULT_ANALYTICS_RETENTION = { retentionDays: 90, maxEventsPerProject: 100_000, pruneIntervalMs: 3_600_000 } as const;

const DAY_MS = 86_400_000;

export interface AnalyticsPruner {
  /** After an event of `projectId` was stored: drops the project's oldest events past the cap. */
  stored(projectId: string): void;
  /** Deletes events past the retention and every project's events past the cap; returns how many. */
  prune(now?: number): number;
}

export function analyticsPruner(db: Database, retention: AnalyticsRetention): AnalyticsPruner {
  const { retentionDays, maxEventsPerProject: max } = retention;
  const deleteOld = db.prepare('DELETE FROM analytics_events WHERE received_at < ?');
  const countOf = db.prepare('SELECT COUNT(*) AS n FROM analytics_events WHERE project_id = ?');
  const overCap = db.prepare('SELECT project_id AS id FROM analytics_events GROUP BY project_id HAVING COUNT(*) > ?');
  // The newest `max` events stay: everything at or before the (max + 1)-th newest goes.
  const trim = db.prepare(
    `DELETE FROM analytics_events WHERE project_id = @project AND seq IN (
       SELECT seq FROM analytics_events WHERE project_id = @project ORDER BY received_at DESC, seq DESC LIMIT -1 OFFSET @keep)`,
  );
  /** Events per project as last counted (a project is counted once, then kept up to date). */
  const counts = new Map<string, number>();

  return {
    stored(projectId) {
      let count = counts.get(projectId);
      count = count === undefined ? (countOf.get(projectId) as { n: number }).n : count + 1;
      if (count > max) {
        trim.run({ project: projectId, keep: max });
        count = max;
      }
      counts.set(projectId, count);
    },
    prune(now = Date.now()) {
      let deleted = deleteOld.run(now - retentionDays * DAY_MS).changes;
      for (const { id } of overCap.all(max) as { id: string }[]) deleted += trim.run({ project: id, keep: max }).changes;
      counts.clear();
      return deleted;
    },
  };
}
