/**
 * The name registry's repository (`app.names`): names registered through POST
 * /v1/profile/account, in `registered_names`, on either engine. A name is unique in any case
 * (ASCII) across registered names and the operator's identities; an address holds at most one
 * name per zone. Both rules hold under concurrency through the table's unique keys (COLLATE
 * NOCASE on SQLite, a unique index on lower(name) on Postgres): the insert is one statement
 * that does nothing on a conflict, so of two racing registrations exactly one is stored.
 */
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { getAddress } from 'viem';
import { NameConflictError } from '../names/conflict.js';
import type { Storage } from './engine.js';
import type { RegisteredNamesTable } from './feature-schema.js';
import type { StorageSchema } from './schema.js';
import type { Engine } from './url.js';

export interface RegisteredName {
  name: string;
  zone: string;
  /** Checksummed. */
  address: string;
  attributes: Record<string, string>;
  createdAt: number;
}

export interface NewName {
  /** `<label>.<zone>`, as registered. */
  name: string;
  zone: string;
  address: string;
  attributes: Record<string, string>;
  message: string;
  signature: string;
  now: number;
}

export interface NamesRepository {
  /** The registered name `name` (any case), if any. */
  find(name: string): Promise<RegisteredName | undefined>;
  /** The names registered to `address` (any zone, `zone` alone when given), newest first. */
  namesOf(address: string, zone?: string): Promise<RegisteredName[]>;
  /** Which of `names` are taken (registered, or an operator-set identity's name), lower-cased. */
  taken(names: readonly string[]): Promise<Set<string>>;
  /** Registers a name; NameConflictError when the name is taken in any case or the address has a name in the zone. */
  register(entry: NewName): Promise<RegisteredName>;
}

export const nameFromRow = (row: Selectable<RegisteredNamesTable>): RegisteredName => ({
  name: row.name,
  zone: row.zone,
  address: getAddress(row.address),
  attributes: JSON.parse(row.attributes) as Record<string, string>,
  createdAt: row.created_at,
});

type Names = ExpressionBuilder<StorageSchema, 'registered_names'>;

/** The queries of the repository, for both engines (and names-sync.ts on a raw SQLite handle). */
export function nameQueries(db: Kysely<StorageSchema>, engine: Engine) {
  // SQLite's column is COLLATE NOCASE (its primary key answers); Postgres compares lower(name) (its unique index answers).
  const sameName = (eb: Names, name: string) =>
    engine === 'sqlite' ? eb('name', '=', name) : eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)]));
  const names = db.selectFrom('registered_names').selectAll();
  return {
    find: (name: string) => names.where((eb) => sameName(eb, name)),
    namesOf(address: string, zone?: string) {
      const lower = address.toLowerCase();
      if (zone !== undefined) return names.where('address', '=', lower).where('zone', '=', zone).orderBy('created_at', 'desc');
      // The newest first; one address's names registered in the same millisecond, the last registered first.
      const held = names.where('address', '=', lower).orderBy('created_at', 'desc');
      return engine === 'sqlite' ? held.orderBy(db.dynamic.ref('rowid'), 'desc') : held.orderBy('name', 'desc');
    },
    registeredAmong: (lowered: readonly string[]) =>
      db
        .selectFrom('registered_names')
        .select((eb) => eb.fn<string>('lower', ['name']).as('lower'))
        .where((eb) => eb(eb.fn('lower', ['name']), 'in', lowered)),
    identitiesAmong: (lowered: readonly string[]) =>
      db
        .selectFrom('identities')
        .select((eb) => eb.fn<string>('lower', ['name']).as('lower'))
        .where((eb) => eb(eb.fn('lower', ['name']), 'in', lowered)),
    insert: (entry: NewName) =>
      db
        .insertInto('registered_names')
        .values({
          name: entry.name,
          zone: entry.zone,
          address: entry.address.toLowerCase(),
          attributes: JSON.stringify(entry.attributes),
          message: entry.message,
          signature: entry.signature,
          created_at: entry.now,
        })
        // Either unique key (the name in any case, or the zone and address) makes it do nothing.
        .onConflict((oc) => oc.doNothing())
        .returningAll(),
  };
}

export function namesRepository({ db, engine }: Storage): NamesRepository {
  const q = nameQueries(db, engine);
  const namesOf = async (address: string, zone?: string) => (await q.namesOf(address, zone).execute()).map(nameFromRow);
  const taken = async (names: readonly string[]) => {
    const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
    if (lowered.length === 0) return new Set<string>();
    const [registered, identities] = await Promise.all([q.registeredAmong(lowered).execute(), q.identitiesAmong(lowered).execute()]);
    return new Set([...registered, ...identities].map((r) => r.lower));
  };
  const addressHeld = async (entry: NewName) => {
    const held = (await namesOf(entry.address, entry.zone))[0];
    if (held) throw new NameConflictError('address', `This address already has a name in ${entry.zone}: ${held.name}`);
  };
  return {
    async find(name) {
      const row = await q.find(name).executeTakeFirst();
      return row && nameFromRow(row);
    },
    namesOf,
    taken,
    async register(entry) {
      await addressHeld(entry);
      const nameTaken = () => new NameConflictError('name', `The name ${entry.name} is already taken`);
      if ((await taken([entry.name])).size > 0) throw nameTaken();
      const row = await q.insert(entry).executeTakeFirst();
      if (row) return nameFromRow(row);
      // Another registration won the race: say which rule it broke, the address's first as before.
      await addressHeld(entry);
      throw nameTaken();
    },
  };
}
