/**
 * Migration 19, the first shared one (both engines): an on-ramp claim names its owner (the
 * claiming instance's random id) and its time, so an instance that starts gives back only the
 * claims left stale by a dead one, never a claim another live instance is about to sign
 * (../../storage/onramp-sessions.ts). Rows claimed before it have neither: they count as stale.
 * SQLite adds one column per ALTER TABLE and keeps its declared types upper-case (as 1-18 did).
 */
import { sql } from 'kysely';
import type { SharedMigration } from '../migrations.js';

export const onrampClaimsMigration: SharedMigration = {
  version: 19,
  name: 'sandbox on-ramp: a claim names its instance and time',
  statements: (db, engine) => [
    db.schema.alterTable('onramp_sessions').addColumn('claimed_by', engine === 'sqlite' ? sql`TEXT` : 'text'),
    db.schema.alterTable('onramp_sessions').addColumn('claimed_at', engine === 'sqlite' ? sql`INTEGER` : 'bigint'),
  ],
};
