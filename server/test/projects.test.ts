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

  it('keeps the sign-in chains: null (the default) unless set, a list of CAIP-2 ids once set', () => {
    expect(createProject(db, { id: 'a', name: 'A' }).siwxChains).toBeNull();
    const set = updateProject(db, 'a', {
      siwxChains: [' eip155:1', 'eip155:31337', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    });
    expect(set.siwxChains).toEqual(['eip155:1', 'eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']);
    expect(getProject(db, 'a')!.siwxChains).toEqual(set.siwxChains);
    expect(updateProject(db, 'a', { name: 'A2' }).siwxChains).toEqual(set.siwxChains);
    expect(updateProject(db, 'a', { siwxChains: null }).siwxChains).toBeNull();
    expect(createProject(db, { id: 'b', name: 'B', siwxChains: ['eip155:4503599627370476'] }).siwxChains).toEqual([
      'eip155:4503599627370476',
    ]);
  });

  it('refuses bad sign-in chains, naming the entry', () => {
    createProject(db, { id: 'a', name: 'A', siwxChains: ['eip155:1'] });
    const bad: [unknown, RegExp][] = [
      ['eip155:1', /must be a list/],
      [[], /at least one chain/],
      [Array.from({ length: 201 }, (_, i) => `eip155:${i + 1}`), /at most 200 chains/],
      [['eip155:1', 'eip155:0'], /siwxChains\[1\] "eip155:0": must be a CAIP-2 chain id/],
      [['eip155:01'], /siwxChains\[0\] "eip155:01"/],
      [['eip155:4503599627370477'], /siwxChains\[0\] "eip155:4503599627370477"/],
      [['eip155:999999999999999999999'], /siwxChains\[0\]/],
      [['1'], /siwxChains\[0\] "1"/],
      [['bip122:000000000019D6689C085AE165831E93'], /siwxChains\[0\] "bip122:/],
      [['solana:mainnet'], /siwxChains\[0\] "solana:mainnet"/],
      [['solana:0eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], /siwxChains\[0\]/],
      [[42], /siwxChains\[0\] 42/],
    ];
    for (const [siwxChains, message] of bad) {
      expect(
        inputErrorField(() => updateProject(db, 'a', { siwxChains: siwxChains as string[] })),
        JSON.stringify(siwxChains),
      ).toBe('siwxChains');
      expect(() => updateProject(db, 'a', { siwxChains: siwxChains as string[] })).toThrow(message);
      expect(inputErrorField(() => createProject(db, { id: 'b', name: 'B', siwxChains: siwxChains as string[] }))).toBe('siwxChains');
    }
    expect(getProject(db, 'a')!.siwxChains).toEqual(['eip155:1']);
    expect(getProject(db, 'b')).toBeUndefined();
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
      siwxChains: null,
    });
    updateProject(db, DEV_PROJECT_ID, { analytics: true });
    expect(seedDevProject(db).analytics).toBe(true);
    expect(listProjects(db)).toHaveLength(1);
  });
});
