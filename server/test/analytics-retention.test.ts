/**
 * Analytics events are not kept forever: events past the retention are deleted at start and on
 * a timer, and a project keeps at most its cap of events, the oldest dropped first.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { analyticsRepository } from '../src/storage/analytics.js';
import type { Storage } from '../src/storage/engine.js';
import { projectsRepository } from '../src/storage/projects.js';
import { openServerStorage } from '../src/storage/server-storage.js';
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

/** Stores an event of `project` as received at `receivedAt` (checking it was stored); its id. */
async function insert(storage: Storage, project: string, receivedAt: number, eventId = randomUUID()): Promise<string> {
  const event = {
    eventId,
    url: 'https://a.example/',
    domain: 'a.example',
    timestamp: 0,
    props: { type: 'track', event: 'MODAL_OPEN' },
  } as const;
  const stored = await analyticsRepository(storage, undefined, () => receivedAt).record(project, event, {
    type: undefined,
    version: undefined,
  });
  expect(stored).toBe(true);
  return eventId;
}

const ids = async (storage: Storage, project: string) => (await analyticsRepository(storage).events(project)).map((e) => e.eventId);

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
    // The storage a server on this data folder opens (the same Postgres database in the engines' run).
    const before = await openServerStorage(undefined, dir);
    await projectsRepository(before).create({ id: 'stats', name: 'Stats', allowedOrigins: [], analytics: true });
    const now = Date.now();
    await insert(before, 'stats', now - 31 * DAY);
    const recent = await insert(before, 'stats', now - 29 * DAY);
    await before.close();

    server = await start({ dataDir: dir, relayPort: false, analyticsRetention: { retentionDays: 30, pruneIntervalMs: 50 } });
    expect(await ids(server.storage, 'stats')).toEqual([recent]);

    // Stored (insert checks it), then deleted by the timer, which may already have run by the next read.
    const later = await insert(server.storage, 'stats', now - 40 * DAY);
    await waitFor('the timer to delete the old event', async () =>
      (await ids(server!.storage, 'stats')).includes(later) ? undefined : true,
    );
    expect(await ids(server.storage, 'stats')).toEqual([recent]);
  });

  it('keeps at most the cap of events per project, dropping the oldest, without touching other projects', async () => {
    server = await start({ relayPort: false, analyticsRetention: { maxEventsPerProject: 3 } });
    await server.projects.create({ id: 'a', name: 'A', allowedOrigins: [], analytics: true });
    await server.projects.create({ id: 'b', name: 'B', allowedOrigins: [], analytics: true });
    const other = [randomUUID(), randomUUID()];
    for (const id of other) expect((await post('b', id)).status).toBe(202);
    const sent = Array.from({ length: 5 }, () => randomUUID());
    for (const id of sent) expect((await post('a', id)).status).toBe(202);
    expect(await ids(server.storage, 'a')).toEqual(sent.slice(2));
    expect(await ids(server.storage, 'b')).toEqual(other);
    // A repeated event id is not a new event: nothing is dropped for it.
    expect((await post('a', sent[4]!)).status).toBe(202);
    expect(await ids(server.storage, 'a')).toEqual(sent.slice(2));
  });
});
