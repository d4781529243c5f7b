/** The projects repository on both engines: the same behaviour on SQLite and on a real Postgres. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { InputError, NotFoundError } from '../errors.js';
import { DEV_PROJECT_ID } from '../project-rules.js';
import { projectsRepository } from './projects.js';

const fieldOf = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputError);
  return (err as InputError).field;
};

describe.each(ENGINES)('the projects repository on %s', (engine) => {
  it('creates, reads, lists, updates and removes projects', async () => {
    const projects = projectsRepository(await freshStorage(engine));
    const created = await projects.create({
      id: 'app',
      name: ' My App ',
      allowedOrigins: ['https://app.example.com', 'https://app.example.com', 'http://localhost:*'],
      features: { email: true },
      analytics: true,
    });
    expect(created).toMatchObject({
      id: 'app',
      name: 'My App',
      allowedOrigins: ['https://app.example.com', 'http://localhost:*'],
      features: { email: true },
      analytics: true,
      siwxChains: null,
    });
    expect(await projects.get('app')).toEqual(created);
    await projects.create({ id: 'another', name: 'Another', siwxChains: ['eip155:1'] });
    expect((await projects.list()).map((p) => p.id)).toEqual(['another', 'app']);
    const updated = await projects.update('app', { analytics: false, allowedOrigins: ['*'] });
    expect(updated).toMatchObject({ analytics: false, allowedOrigins: ['*'], features: { email: true } });
    expect((await projects.update('another', { siwxChains: null })).siwxChains).toBeNull();
    expect(await projects.remove('app')).toBe(true);
    expect(await projects.remove('app')).toBe(false);
    expect(await projects.get('app')).toBeUndefined();
    await expect(projects.update('app', { name: 'Ghost' })).rejects.toThrow(NotFoundError);
  });

  it('refuses invalid fields and a taken id by field name, storing nothing', async () => {
    const projects = projectsRepository(await freshStorage(engine));
    expect(await fieldOf(projects.create({ id: '', name: 'Empty' }))).toBe('id');
    expect(await fieldOf(projects.create({ id: 'a', name: 'A', allowedOrigins: ['ftp://nope'] }))).toBe('allowedOrigins');
    expect(await fieldOf(projects.create({ id: 'a', name: 'A', features: { colour: true } as never }))).toBe('features.colour');
    await projects.create({ id: 'a', name: 'A' });
    expect(await fieldOf(projects.create({ id: 'a', name: 'Again' }))).toBe('id');
    expect(await fieldOf(projects.update('a', { allowedOrigins: ['not an origin'] }))).toBe('allowedOrigins');
    expect(await projects.get('a')).toMatchObject({ name: 'A', allowedOrigins: [] });
  });

  it('seeds the development project once and leaves an existing one as it is', async () => {
    const projects = projectsRepository(await freshStorage(engine));
    expect((await projects.seedDev()).allowedOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    await projects.update(DEV_PROJECT_ID, { analytics: true });
    expect((await projects.seedDev()).analytics).toBe(true);
    expect(await projects.list()).toHaveLength(1);
  });

  it('removes what hangs on a project with it (analytics events)', async () => {
    const storage = await freshStorage(engine);
    const projects = projectsRepository(storage);
    await projects.create({ id: 'stats', name: 'Stats', analytics: true });
    await sql`INSERT INTO analytics_events (project_id, event_id, url, domain, timestamp, type, event, props, received_at)
      VALUES ('stats', 'e1', 'https://a.example', 'a.example', 1, 'track', 'x', '{}', 1)`.execute(storage.db);
    await projects.remove('stats');
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM analytics_events`.execute(storage.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe('the projects repository, two instances on one Postgres', () => {
  it('creates an id once when both create it at the same time, and both see every project', async () => {
    const url = await postgresUrl();
    const [a, b] = [projectsRepository(await openAgain(url)), projectsRepository(await openAgain(url))];
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).create({ id: 'race', name: `Racer ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as InputError).field).toBe('id');
    await Promise.all([a.seedDev(), b.seedDev(), a.seedDev()]);
    expect((await b.list()).map((p) => p.id)).toEqual(['race', DEV_PROJECT_ID]);
  });
});
