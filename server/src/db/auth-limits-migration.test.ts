import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './open.js';
import { migrations } from './migrations.js';
import { authLimitsMigration } from './auth-limits-migration.js';

describe('migration 12 (e-mail login limits)', () => {
  it('brings stored addresses to the one normalized form, keeping one whose form is taken', () => {
    const db = openDatabase(undefined, { migrations: migrations.filter((m) => m.version < authLimitsMigration.version) });
    const user = db.prepare('INSERT INTO auth_users (id, email, created_at) VALUES (?, ?, 0)');
    user.run('user-idn-0001', 'me@bücher.example');
    user.run('user-idn-0002', 'you@xn--bcher-kva.example');
    user.run('user-idn-0003', 'you@bücher.example');
    user.run('user-list-004', 'victim@x.io,evil');
    db.prepare("INSERT INTO auth_devices (email, device_hash, approved_at) VALUES ('me@bücher.example', 'h', 0)").run();
    migrate(db, migrations);
    const emails = db.prepare('SELECT id, email FROM auth_users ORDER BY id').all();
    expect(emails).toEqual([
      { id: 'user-idn-0001', email: 'me@xn--bcher-kva.example' },
      { id: 'user-idn-0002', email: 'you@xn--bcher-kva.example' },
      { id: 'user-idn-0003', email: 'you@bücher.example' },
      { id: 'user-list-004', email: 'victim@x.io,evil' },
    ]);
    expect(db.prepare('SELECT email FROM auth_devices').all()).toEqual([{ email: 'me@xn--bcher-kva.example' }]);
    db.close();
  });
});
