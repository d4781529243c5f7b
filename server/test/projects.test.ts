/** Project functions: validation errors name the field; the dev project seed is idempotent. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createProject,
  deleteProject,
  DEV_PROJECT_ID,
  getProject,
  listProjects,
  NotFoundError,
  openDatabase,
  seedDevProject,
  updateProject,
  type Database,
} from '../src/index.js';
import { inputErrorField } from './helpers.js';

let db: Database;
beforeEach(() => {
  db = openDatabase(undefined);
});
afterEach(() => db.close());

describe('projects', () => {
  it('creates, reads, lists, updates and deletes', () => {
    const created = createProject(db, {
      id: 'app',
      name: 'My App',
      allowedOrigins: ['https://app.example.com', 'http://localhost:*'],
      features: { email: true, socials: false },
      analytics: true,
    });
    expect(created).toMatchObject({
      id: 'app',
      name: 'My App',
      allowedOrigins: ['https://app.example.com', 'http://localhost:*'],
      features: { email: true, socials: false },
      analytics: true,
    });
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(getProject(db, 'app')).toEqual(created);
    createProject(db, { id: 'another', name: 'Another' });
    expect(listProjects(db).map((p) => p.id)).toEqual(['another', 'app']);
    expect(getProject(db, 'another')).toMatchObject({ allowedOrigins: [], features: {}, analytics: false });

    const updated = updateProject(db, 'app', { analytics: false, allowedOrigins: ['*'] });
    expect(updated).toMatchObject({ name: 'My App', analytics: false, allowedOrigins: ['*'], features: { email: true, socials: false } });
    expect(updateProject(db, 'app', { features: { swaps: true } }).features).toEqual({ swaps: true });

    expect(deleteProject(db, 'app')).toBe(true);
    expect(deleteProject(db, 'app')).toBe(false);
    expect(getProject(db, 'app')).toBeUndefined();
  });

  it('accepts any non-empty id up to 128 characters', () => {
    expect(createProject(db, { id: 'c2a7f0b19e8d4f6a9b3e5d7c1a2b4c6d', name: 'Hex' }).id).toBe('c2a7f0b19e8d4f6a9b3e5d7c1a2b4c6d');
    expect(createProject(db, { id: 'x'.repeat(128), name: 'Long' }).id).toHaveLength(128);
    expect(inputErrorField(() => createProject(db, { id: '', name: 'Empty' }))).toBe('id');
    expect(inputErrorField(() => createProject(db, { id: 'x'.repeat(129), name: 'Too long' }))).toBe('id');
  });

  it('names the field of every validation error', () => {
    expect(inputErrorField(() => createProject(db, { id: 'a', name: '' }))).toBe('name');
    expect(inputErrorField(() => createProject(db, { id: 'a', name: 'A', allowedOrigins: ['https://ok.example.com', 'ftp://nope'] }))).toBe(
      'allowedOrigins',
    );
    expect(inputErrorField(() => createProject(db, { id: 'a', name: 'A', allowedOrigins: ['https://example.com/path'] }))).toBe(
      'allowedOrigins',
    );
    expect(inputErrorField(() => createProject(db, { id: 'a', name: 'A', features: { email: 'yes' } as never }))).toBe('features.email');
    expect(inputErrorField(() => createProject(db, { id: 'a', name: 'A', features: { colour: true } as never }))).toBe('features.colour');
    expect(inputErrorField(() => createProject(db, { id: 'a', name: 'A', analytics: 'on' as never }))).toBe('analytics');
    createProject(db, { id: 'a', name: 'A' });
    expect(inputErrorField(() => createProject(db, { id: 'a', name: 'Again' }))).toBe('id');
    expect(inputErrorField(() => updateProject(db, 'a', { allowedOrigins: ['not an origin'] }))).toBe('allowedOrigins');
    expect(getProject(db, 'a')!.allowedOrigins).toEqual([]);
  });

  it('reports the bad origin in the message', () => {
    expect(() => createProject(db, { id: 'a', name: 'A', allowedOrigins: ['https://ok.example.com', 'ftp://nope'] })).toThrow(
      /allowedOrigins\[1\] "ftp:\/\/nope"/,
    );
  });

  it('throws NotFoundError when updating an unknown project', () => {
    expect(() => updateProject(db, 'ghost', { name: 'Ghost' })).toThrow(NotFoundError);
  });

  it('seeds the dev project once', () => {
    const dev = seedDevProject(db);
    expect(dev).toMatchObject({
      id: DEV_PROJECT_ID,
      name: 'w3kit development',
      allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
      features: {},
      analytics: false,
    });
    updateProject(db, DEV_PROJECT_ID, { analytics: true });
    expect(seedDevProject(db).analytics).toBe(true);
    expect(listProjects(db)).toHaveLength(1);
  });
});
