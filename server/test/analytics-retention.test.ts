/**
 * Analytics events are not kept forever: events past the retention are deleted at start and on
 * a timer, and a project keeps at most its cap of events, the oldest dropped first.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createProject, openDatabase, type Database, type RunningServer } from '../src/index.js';
import { waitFor } from './blockchain-helpers.js';
import { getJson, start, tempDir } from './helpers.js';

let server: RunningServer | undefined;
let cleanup: (() => void) | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  cleanup?.();
  cleanup = undefined;
});

const DAY = 86_400_000;

function insert(db: Database, project: string, receivedAt: number, eventId = randomUUID()): string {
  db.prepare(
    `INSERT INTO analytics_events (project_id, event_id, url, domain, timestamp, type, event, props, received_at)
     VALUES (?, ?, 'https://a.example/', 'a.example', 0, 'track', 'MODAL_OPEN', '{}', ?)`,
  ).run(project, eventId, receivedAt);
  return eventId;
}

const ids = (db: Database, project: string) =>
  (db.prepare('SELECT event_id FROM analytics_events WHERE project_id = ? ORDER BY seq').all(project) as { event_id: string }[]).map(
    (r) => r.event_id,
  );

const post = (project: string, eventId: string) =>
  getJson(server!, `/e?projectId=${project}&st=w3kit&sv=w3kit-0.1.0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      eventId,
      url: 'https://a.example/',
      domain: 'a.example',
      timestamp: 1_760_000_000_000,
      props: { type: 'track', event: 'MODAL_OPEN' },
    }),
  });

describe('analytics retention', () => {
  it('deletes events older than the retention when the server starts, and then on its timer', async () => {
    const { dir, remove } = tempDir();
    cleanup = remove;
    const db = openDatabase(dir);
    createProject(db, { id: 'stats', name: 'Stats', allowedOrigins: [], analytics: true });
    const now = Date.now();
    insert(db, 'stats', now - 31 * DAY);
    const recent = insert(db, 'stats', now - 29 * DAY);
    db.close();

    server = await start({ dataDir: dir, relayPort: false, analyticsRetention: { retentionDays: 30, pruneIntervalMs: 50 } });
    expect(ids(server.db, 'stats')).toEqual([recent]);

    const later = insert(server.db, 'stats', now - 40 * DAY);
    expect(ids(server.db, 'stats')).toContain(later);
    await waitFor('the timer to delete the old event', async () => (ids(server!.db, 'stats').includes(later) ? undefined : true));
    expect(ids(server.db, 'stats')).toEqual([recent]);
  });

  it('keeps at most the cap of events per project, dropping the oldest, without touching other projects', async () => {
    server = await start({ relayPort: false, analyticsRetention: { maxEventsPerProject: 3 } });
    createProject(server.db, { id: 'a', name: 'A', allowedOrigins: [], analytics: true });
    createProject(server.db, { id: 'b', name: 'B', allowedOrigins: [], analytics: true });
    const other = [randomUUID(), randomUUID()];
    for (const id of other) expect((await post('b', id)).status).toBe(202);
    const sent = Array.from({ length: 5 }, () => randomUUID());
    for (const id of sent) expect((await post('a', id)).status).toBe(202);
    expect(ids(server.db, 'a')).toEqual(sent.slice(2));
    expect(ids(server.db, 'b')).toEqual(other);
    // A repeated event id is not a new event: nothing is dropped for it.
    expect((await post('a', sent[4]!)).status).toBe(202);
    expect(ids(server.db, 'a')).toEqual(sent.slice(2));
  });
});
