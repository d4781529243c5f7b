/**
 * How long analytics events are kept: events received more than `retentionDays` ago are
 * deleted when the server starts and every `pruneIntervalMs` (an hour), and a project keeps at
 * most `maxEventsPerProject` events: past that, each new event drops the oldest. The analytics
 * repository (`app.analytics`, storage/analytics.ts) applies it on either engine.
 */
export interface AnalyticsRetention {
  /** Days an event is kept after it was received (default 90). */
  retentionDays: number;
  /** Events kept per project, the newest (default 100,000). */
  maxEventsPerProject: number;
  /** How often old events are deleted (default an hour). */
  pruneIntervalMs?: number;
}

export const DEFAULT_ANALYTICS_RETENTION = { retentionDays: 90, maxEventsPerProject: 100_000, pruneIntervalMs: 3_600_000 } as const;
