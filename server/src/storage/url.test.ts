/** `--db URL` / W3KIT_DB_URL / config key `db`: Postgres URLs taken, anything else refused by the flag's name, passwords never shown. */
import { describe, expect, it } from 'vitest';
import { expectReadInOrder, inputRefusal } from '../../test/url-settings.js';
import { resolveConfig } from '../config.js';
import { parseDbUrl, redactDbUrl, storageTarget } from './url.js';

const URL_WITH_SECRET = 'postgres://w3kit:s3cret-pw@db.example:5432/w3kit';

describe('the --db URL', () => {
  it('takes postgres:// and postgresql:// URLs with a host and a database', () => {
    expect(parseDbUrl(URL_WITH_SECRET)).toBe(URL_WITH_SECRET);
    expect(parseDbUrl(' postgresql://u@localhost/app_db ')).toBe('postgresql://u@localhost/app_db');
    expect(parseDbUrl('postgres://u:p@10.0.0.5/w3kit?sslmode=require')).toBeDefined();
    for (const bad of [
      'mysql://u:p@h/db',
      'sqlite:///tmp/x.sqlite',
      'http://h/db',
      'postgres://h',
      'postgres://h/a/b',
      'postgres:///db',
      'not a url',
      42,
    ])
      expect(parseDbUrl(bad), String(bad)).toBeUndefined();
  });

  it('shows a URL with its password and query values as ***', () => {
    expect(redactDbUrl(URL_WITH_SECRET)).toBe('postgres://w3kit:***@db.example:5432/w3kit');
    expect(redactDbUrl('postgres://u:p@h/db?password=x')).toBe('postgres://u:***@h/db?password=***');
    expect(storageTarget(URL_WITH_SECRET, '/data')).toEqual({
      engine: 'postgres',
      url: URL_WITH_SECRET,
      shown: 'postgres://w3kit:***@db.example:5432/w3kit',
    });
    expect(storageTarget(undefined, '/data')).toEqual({ engine: 'sqlite', dataDir: '/data' });
  });

  it('is read from the flag, then W3KIT_DB_URL, then the config key db; absent, SQLite', () => {
    expectReadInOrder({
      key: 'db',
      env: 'W3KIT_DB_URL',
      urls: {
        file: 'postgres://file@h/file',
        env: 'postgres://env@h/env',
        flag: 'postgres://flag@h/flag',
        refused: 'mysql://root:s3cret-pw@h/db',
      },
    });
  });

  it('refuses another scheme with a sentence naming the flag or variable, never the password', () => {
    const flag = inputRefusal(() => resolveConfig({ db: 'mysql://root:s3cret-pw@db.example/w3kit' }, {}, '/'));
    expect(flag.field).toBe('--db');
    expect(flag.message).toBe(
      'Invalid --db "mysql://root:***@db.example/w3kit": must be a postgres://user:password@host:port/database URL (leave it unset for SQLite in --data)',
    );
    const env = inputRefusal(() => resolveConfig({}, { W3KIT_DB_URL: 'sqlite:///srv/w3kit.sqlite' }, '/'));
    expect(env.field).toBe('W3KIT_DB_URL');
    expect(env.message).toMatch(/^Invalid W3KIT_DB_URL "sqlite:\/\/\/srv\/w3kit.sqlite": must be a postgres:\/\//);
  });
});
