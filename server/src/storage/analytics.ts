/**
 * The analytics repository (`app.analytics`): events stored once per (project, event id) by one
 * INSERT ... ON CONFLICT DO NOTHING, and the retention of ../analytics-retention.ts (events past
 * `retentionDays` deleted, at most `maxEventsPerProject` kept per project, the newest), on either
 * engine. Trimming keeps the newest events whatever another instance did meanwhile, so counts
 * kept per process only decide when to trim.
 */
import type { AnalyticsEvent } from '../../../src/wire/provider-api.js';
import { DEFAULT_ANALYTICS_RETENTION, type AnalyticsRetention } from '../analytics-retention.js';
import type { Storage } from './engine.js';

export interface AnalyticsRepository {
  /** Stores an event once per (project, event id); a repeated one is ignored (false). */
  record(projectId: string, event: AnalyticsEvent, sdk: { type: string | undefined; version: string | undefined }): Promise<boolean>;
  /** Deletes events past the retention and every project's events past the cap; returns how many. */
  prune(now?: number): Promise<number>;
  /** A project's stored events, oldest first (in the order they were stored). */
  events(projectId: string): Promise<StoredAnalyticsEvent[]>;
}

/** An event as stored: the event, its type and name (the columns kept beside its props), its SDK and when it was received (ms since the epoch). */
export interface StoredAnalyticsEvent extends AnalyticsEvent {
  type: string;
  event: string;
  sdkType: string | null;
  sdkVersion: string | null;
  receivedAt: number;
}

const DAY_MS = 86_400_000;

/** `now` is the clock events are received by (and pruned at, by default). */
export function analyticsRepository(
  { db, engine }: Storage,
  retention: AnalyticsRetention = DEFAULT_ANALYTICS_RETENTION,
  now: () => number = Date.now,
): AnalyticsRepository {
  const { retentionDays, maxEventsPerProject: max } = retention;
  /** Events per project as last counted (a project is counted once, then kept up to date). */
  const counts = new Map<string, number>();
  const countOf = async (projectId: string) =>
    Number(
      (
        await db
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  // The newest `max` events stay: everything at or before the (max + 1)-th newest goes.
  const trim = async (projectId: string) => {
    const older = db
      .selectFrom('analytics_events')
      .select('seq')
      .where('project_id', '=', projectId)
      .orderBy('received_at', 'desc')
      .orderBy('seq', 'desc');
    // SQLite needs a LIMIT before an OFFSET (-1: none).
    const skipped = engine === 'sqlite' ? older.limit(-1).offset(max) : older.offset(max);
    const { numDeletedRows } = await db
      .deleteFrom('analytics_events')
      .where('project_id', '=', projectId)
      .where('seq', 'in', skipped)
      .executeTakeFirst();
    return Number(numDeletedRows);
  };
  return {
    async record(projectId, { eventId, url, domain, timestamp, props }, sdk) {
      const stored = await db
        .insertInto('analytics_events')
        .values({
          project_id: projectId,
          event_id: eventId.toLowerCase(),
          url,
          domain,
          timestamp,
          type: props.type,
          event: props.event,
          props: JSON.stringify(props),
          sdk_type: sdk.type ?? null,
          sdk_version: sdk.version ?? null,
          received_at: now(),
        })
        .onConflict((oc) => oc.columns(['project_id', 'event_id']).doNothing())
        .returning('seq')
        .executeTakeFirst();
      if (!stored) return false;
      const known = counts.get(projectId);
      let count = known === undefined ? await countOf(projectId) : known + 1;
      if (count > max) {
        await trim(projectId);
        count = max;
      }
      counts.set(projectId, count);
      return true;
    },
    async prune(at = now()) {
      const old = await db
        .deleteFrom('analytics_events')
        .where('received_at', '<', at - retentionDays * DAY_MS)
        .executeTakeFirst();
      let deleted = Number(old.numDeletedRows);
      const over = await db
        .selectFrom('analytics_events')
        .select('project_id')
        .groupBy('project_id')
        .having((eb) => eb.fn.countAll(), '>', max)
        .execute();
      for (const { project_id } of over) deleted += await trim(project_id);
      counts.clear();
      return deleted;
    },
    async events(projectId) {
      const rows = await db.selectFrom('analytics_events').selectAll().where('project_id', '=', projectId).orderBy('seq').execute();
      return rows.map((r) => ({
        eventId: r.event_id,
        url: r.url,
        domain: r.domain,
        timestamp: Number(r.timestamp),
        props: JSON.parse(r.props) as AnalyticsEvent['props'],
        type: r.type,
        event: r.event,
        sdkType: r.sdk_type,
        sdkVersion: r.sdk_version,
        receivedAt: Number(r.received_at),
      }));
    },
  };
}
