/**
 * Migration 20 (shared, both engines): an approved device keeps its name (from the User-Agent of
 * the login that approved it, ../../auth/device-name.ts) and when it was last used, for the
 * Devices view; a login says whether it began for an address with no account yet (a new account
 * gets its code at once, no approval mail: ../../auth/logins.ts) and the locale its mails and
 * approval page speak (one of the 20, else null: English). Devices approved before it have
 * no name and were last used when approved; older logins count as known accounts.
 */
import { sql } from 'kysely';
import type { SharedMigration } from '../migrations.js';

export const devicesMigration: SharedMigration = {
  version: 20,
  name: 'auth devices: name and last use; a login may open a new account, and has a locale',
  statements: (db, engine) => [
    db.schema.alterTable('auth_devices').addColumn('name', engine === 'sqlite' ? sql`TEXT` : 'text'),
    db.schema.alterTable('auth_devices').addColumn('last_used_at', engine === 'sqlite' ? sql`INTEGER` : 'bigint'),
    db.schema
      .alterTable('auth_logins')
      .addColumn('new_account', engine === 'sqlite' ? sql`INTEGER` : 'bigint', (c) => c.notNull().defaultTo(0)),
    db.schema.alterTable('auth_logins').addColumn('locale', engine === 'sqlite' ? sql`TEXT` : 'text'),
  ],
};
