/**
 * The relay's SQLite-only migrations (./relay-migrations.ts) on a SQLite file that predates them:
 * Postgres starts from a baseline that already has their schema, so this is SQLite's alone.
 */
import { describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations.js';
import { openDatabase } from '../db/open.js';
import { tempDir } from '../../test/helpers.js';
import { relaySubscriptionsMigration } from './relay-migrations.js';

describe('migration 14 (relay subscriptions per address)', () => {
  it('gives subscriptions stored before the migration their 30 days from subscribing, counted for no address', () => {
    const { dir: old, remove: removeOld } = tempDir('w3kit-relay-subs-old-');
    try {
      const before = openDatabase(old, { migrations: migrations.filter((m) => m.version < relaySubscriptionsMigration.version) });
      before.prepare("INSERT INTO relay_subscriptions (client_id, topic, id, subscribed_at) VALUES ('c', 't', 'i', 1000)").run();
      before.close();
      const after = openDatabase(old);
      expect(after.prepare('SELECT ip, expires_at FROM relay_subscriptions').all()).toEqual([
        { ip: '', expires_at: 1000 + 30 * 24 * 3600 * 1000 },
      ]);
      after.close();
    } finally {
      removeOld();
    }
  });
});
