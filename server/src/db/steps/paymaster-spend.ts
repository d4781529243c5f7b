/**
 * Migration 21 (shared, both engines): the gas the ERC-7677 paymaster service signed for, per
 * chain, smart account and UTC day, so a per-account daily budget holds across restarts and
 * instances (../../storage/paymaster-budget.ts). Old days are deleted as new ones are written.
 */
import { sql } from 'kysely';
import type { SharedMigration } from '../migrations.js';

export const paymasterSpendMigration: SharedMigration = {
  version: 21,
  name: 'paymaster service: gas sponsored per account and day',
  statements: (db, engine) => {
    const int = engine === 'sqlite' ? sql`INTEGER` : 'bigint';
    const text = engine === 'sqlite' ? sql`TEXT` : 'text';
    return [
      db.schema
        .createTable('paymaster_spend')
        .addColumn('chain_id', text, (c) => c.notNull())
        .addColumn('account', text, (c) => c.notNull())
        .addColumn('day', int, (c) => c.notNull())
        .addColumn('gas', int, (c) => c.notNull())
        .addPrimaryKeyConstraint('paymaster_spend_pkey', ['chain_id', 'account', 'day']),
      db.schema.createIndex('paymaster_spend_by_day').on('paymaster_spend').column('day'),
    ];
  },
};
