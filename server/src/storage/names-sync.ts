/**
 * The name registry's reads, synchronously on a raw SQLite handle: the queries of ./names.ts
 * compiled for SQLite, for the Blockchain API's identities (still on the handle).
 */
import type { Selectable } from 'kysely';
import type { Database } from '../db/open.js';
import { sqliteStorage } from './engine.js';
import type { RegisteredNamesTable } from './feature-schema.js';
import { nameFromRow, nameQueries, type RegisteredName } from './names.js';
import { runSync } from './sqlite-sync.js';

const queries = (db: Database) => nameQueries(sqliteStorage(db).db, 'sqlite');

/** The registered name `name` (any case), if any. */
export function findRegisteredName(db: Database, name: string): RegisteredName | undefined {
  return runSync<Selectable<RegisteredNamesTable>>(db, queries(db).find(name)).rows.map(nameFromRow)[0];
}

/** The names registered to `address` (any zone, `zone` alone when given), newest first. */
export function registeredNamesOf(db: Database, address: string, zone?: string): RegisteredName[] {
  return runSync<Selectable<RegisteredNamesTable>>(db, queries(db).namesOf(address, zone)).rows.map(nameFromRow);
}
