/**
 * Migration 22 (shared, both engines): the smart-account sessions (ERC-7715) a wallet registered,
 * one row per pci (unique), listed by account (../../storage/smart-sessions.ts).
 */
import { sql } from 'kysely';
import type { SharedMigration } from '../migrations.js';

export const smartSessionsMigration: SharedMigration = {
  version: 22,
  name: 'smart-account sessions (ERC-7715) by pci, listed by account',
  statements: (db, engine) => {
    const int = engine === 'sqlite' ? sql`INTEGER` : 'bigint';
    const text = engine === 'sqlite' ? sql`TEXT` : 'text';
    return [
      db.schema
        .createTable('smart_sessions')
        .addColumn('pci', text, (c) => c.primaryKey())
        .addColumn('chain_id', text, (c) => c.notNull())
        .addColumn('account', text, (c) => c.notNull())
        .addColumn('origin', text, (c) => c.notNull())
        .addColumn('roles', text, (c) => c.notNull())
        .addColumn('role_key', text, (c) => c.notNull())
        .addColumn('session_account', text, (c) => c.notNull())
        .addColumn('permissions', text, (c) => c.notNull())
        .addColumn('expiry', int, (c) => c.notNull())
        .addColumn('revoke_op', text, (c) => c.notNull())
        .addColumn('status', text, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('ended_at', int),
      db.schema.createIndex('smart_sessions_by_account').on('smart_sessions').columns(['account', 'created_at']),
      db.schema.createIndex('smart_sessions_by_expiry').on('smart_sessions').columns(['status', 'expiry']),
    ];
  },
};
