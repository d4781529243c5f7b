/**
 * Migration 11: the name registry (issue 19). One row per registered name: the name as
 * registered (unique in any case), its zone, the address holding it (lower-case; one name per
 * address in a zone), its attributes (JSON), and the signed message and signature that
 * registered it; times are unix milliseconds.
 */
import type { Database } from 'better-sqlite3';

export const namesMigration = {
  version: 11,
  name: 'name registry: registered names',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE registered_names (
        name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
        zone TEXT NOT NULL,
        address TEXT NOT NULL,
        attributes TEXT NOT NULL DEFAULT '{}',
        message TEXT NOT NULL,
        signature TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (zone, address)
      );
      CREATE INDEX registered_names_by_address ON registered_names (address, created_at);
    `);
  },
};
