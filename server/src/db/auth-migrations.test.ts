import { describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { migrations } from './migrations.js';
import { appliedMigrations, migrate } from './open.js';

describe('migrations 5 and 6 on a database at version 4', () => {
  it('keep the users and sessions, make the e-mail optional, and add the social tables', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      migrations.filter((m) => m.version <= 4),
    );
    db.prepare('INSERT INTO auth_users (id, email, evm_address, server_share, created_at) VALUES (?, ?, ?, ?, ?)').run(
      'user-1',
      'old@example.com',
      '0x0000000000000000000000000000000000000001',
      'share',
      1,
    );
    db.prepare('INSERT INTO auth_sessions (token_hash, user_id, device_hash, device_verified, expires_at) VALUES (?, ?, ?, ?, ?)').run(
      'token-hash',
      'user-1',
      'device-hash',
      1,
      99,
    );
    expect(migrate(db, migrations)).toEqual(migrations.filter((m) => m.version > 4).map((m) => m.version));
    expect(appliedMigrations(db).map((m) => m.version)).toContain(6);
    expect(db.prepare('SELECT id, email, evm_address, server_share FROM auth_users').all()).toEqual([
      { id: 'user-1', email: 'old@example.com', evm_address: '0x0000000000000000000000000000000000000001', server_share: 'share' },
    ]);
    expect(db.prepare('SELECT user_id, social_provider, user_name FROM auth_sessions').all()).toEqual([
      { user_id: 'user-1', social_provider: null, user_name: null },
    ]);
    db.prepare('INSERT INTO auth_users (id, email, created_at) VALUES (?, NULL, ?)').run('user-2', 2);
    db.prepare(
      `INSERT INTO auth_social_logins (state_hash, social_id_hash, provider, project_id, device_hash, origin, created_at, expires_at)
       VALUES ('s', 'i', 'google', 'p', 'd', 'https://a.example', 1, 2)`,
    ).run();
    expect(() => db.prepare("UPDATE auth_social_logins SET status = 'bogus'").run()).toThrow(/CHECK/);
    // The session still points at its user: deleting the user cascades as before.
    db.prepare("DELETE FROM auth_users WHERE id = 'user-1'").run();
    expect(db.prepare('SELECT count(*) AS n FROM auth_sessions').get()).toEqual({ n: 0 });
    db.close();
  });
});
