/** The analytics repository on both engines: an event stored once, the per-project cap and the retention. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { analyticsRepository } from './analytics.js';
import { projectsRepository } from './projects.js';
import type { Storage } from './engine.js';

const event = (n: number) => ({
  eventId: `ABCDEF00-0000-4000-8000-${String(n).padStart(12, '0')}`,
  url: 'https://a.example',
  domain: 'a.example',
  timestamp: n,
  props: { type: 'track' as const, event: `e${n}` },
});
const sdk = { type: 'w3kit', version: undefined };
const events = async (storage: Storage) =>
  (await sql<{ event: string }>`SELECT event FROM analytics_events ORDER BY seq`.execute(storage.db)).rows.map((r) => r.event);

describe.each(ENGINES)('the analytics repository on %s', (engine) => {
  it('stores an event once per id, keeps the newest events per project and drops old ones', async () => {
    const storage = await freshStorage(engine);
    await projectsRepository(storage).seedDev();
    const analytics = analyticsRepository(storage, { retentionDays: 1, maxEventsPerProject: 3 });
    expect(await analytics.record('w3kit-dev', event(1), sdk)).toBe(true);
    expect(await analytics.record('w3kit-dev', { ...event(1), eventId: event(1).eventId.toLowerCase() }, sdk)).toBe(false);
    expect(await events(storage)).toEqual(['e1']);
    for (let n = 2; n <= 5; n++) await analytics.record('w3kit-dev', event(n), sdk);
    expect(await events(storage)).toEqual(['e3', 'e4', 'e5']);
    // Another process's counts start over: the cap still holds.
    const other = analyticsRepository(storage, { retentionDays: 1, maxEventsPerProject: 3 });
    await other.record('w3kit-dev', event(6), sdk);
    expect(await events(storage)).toEqual(['e4', 'e5', 'e6']);
    expect(await analytics.prune(Date.now())).toBe(0);
    expect(await analytics.prune(Date.now() + 2 * 86_400_000)).toBe(3);
    expect(await events(storage)).toEqual([]);
  });
});

describe('the analytics repository, two instances on one Postgres', () => {
  it('stores an event once when both receive it at the same time', async () => {
    const url = await postgresUrl();
    const [one, two] = [await openAgain(url), await openAgain(url)];
    await projectsRepository(one).seedDev();
    const [a, b] = [analyticsRepository(one), analyticsRepository(two)];
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).record('w3kit-dev', event(7), sdk)));
    expect(await events(one)).toEqual(['e7']);
  });
});
