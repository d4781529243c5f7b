/** The names repository on both engines, and two instances racing for one name on one Postgres. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { NameConflictError } from '../names/conflict.js';
import { suggestNames } from '../names/registry.js';
import { namesRepository, type NewName } from './names.js';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const entry = (name: string, address: string, now = 1): NewName => ({
  name,
  zone: 'w3kit.id',
  address,
  attributes: {},
  message: `{"name":"${name}"}`,
  signature: '0x01',
  now,
});
const conflictOf = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NameConflictError);
  return (err as NameConflictError).field;
};

describe.each(ENGINES)('the names repository on %s', (engine) => {
  it('registers a name once in any case, one per address and zone, and finds it in any case', async () => {
    const names = namesRepository(await freshStorage(engine));
    const alice = await names.register(entry('Alice.w3kit.id', ALICE.toLowerCase(), 5));
    expect(alice).toEqual({ name: 'Alice.w3kit.id', zone: 'w3kit.id', address: ALICE, attributes: {}, createdAt: 5 });
    expect(await names.find('ALICE.W3KIT.ID')).toEqual(alice);
    expect(await names.find('bob.w3kit.id')).toBeUndefined();
    expect(await conflictOf(names.register(entry('alice.w3kit.id', BOB)))).toBe('name');
    expect(await conflictOf(names.register(entry('other.w3kit.id', ALICE)))).toBe('address');
    await names.register({ ...entry('alice.other.id', ALICE, 9), zone: 'other.id' });
    expect((await names.namesOf(ALICE)).map((n) => n.name)).toEqual(['alice.other.id', 'Alice.w3kit.id']);
    expect((await names.namesOf(ALICE, 'w3kit.id')).map((n) => n.name)).toEqual(['Alice.w3kit.id']);
    expect(await names.namesOf(BOB)).toEqual([]);
  });

  it('counts an operator-set identity name as taken, in any case, and suggests free names', async () => {
    const storage = await freshStorage(engine);
    const names = namesRepository(storage);
    await sql`INSERT INTO identities (address, name, avatar, updated_at) VALUES (${BOB.toLowerCase()}, 'Operator.w3kit.id', NULL, 'now')`.execute(
      storage.db,
    );
    await names.register(entry('alice1.w3kit.id', ALICE));
    expect(await conflictOf(names.register(entry('operator.W3KIT.id', ALICE.replace('7', '8'))))).toBe('name');
    expect([...(await names.taken(['OPERATOR.w3kit.id', 'Alice1.w3kit.id', 'free.w3kit.id']))].sort()).toEqual([
      'alice1.w3kit.id',
      'operator.w3kit.id',
    ]);
    const suggestions = await suggestNames(names, 'alice', 'w3kit.id');
    expect(suggestions[0]).toEqual({ name: 'alice.w3kit.id', registered: false });
    expect(suggestions.map((s) => s.name)).not.toContain('alice1.w3kit.id');
    expect(suggestions).toHaveLength(6);
    expect((await suggestNames(names, 'Operator', 'w3kit.id'))[0]).toEqual({ name: 'Operator.w3kit.id', registered: true });
  });
});

describe('the names repository, two instances on one Postgres', () => {
  it('registers a name once when both take it at the same time in different cases', async () => {
    const url = await postgresUrl();
    const [a, b] = [namesRepository(await openAgain(url)), namesRepository(await openAgain(url))];
    const addresses = Array.from({ length: 8 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`);
    const results = await Promise.allSettled(
      addresses.map((address, i) => (i % 2 ? a : b).register(entry(i % 2 ? 'RACE.w3kit.id' : 'race.w3kit.id', address))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as NameConflictError).field).toBe('name');
    const winner = await b.find('Race.W3kit.Id');
    expect(winner).toBeDefined();
  });

  it('gives an address one name per zone when both register it at the same time', async () => {
    const url = await postgresUrl();
    const [a, b] = [namesRepository(await openAgain(url)), namesRepository(await openAgain(url))];
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).register(entry(`racer${i}.w3kit.id`, ALICE))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as NameConflictError).field).toBe('address');
    expect(await a.namesOf(ALICE)).toHaveLength(1);
  });
});
