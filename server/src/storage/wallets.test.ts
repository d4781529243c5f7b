/** The wallets and images repositories on both engines: the same getWallets replies, imports all or nothing, cached reads dropped by writes. */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage } from '../../test/engines.js';
import { seedWalletEntries } from '../wallets/seed.js';
import { queryWallets } from './wallets-sync.js';
import { imagesRepository } from './images.js';
import { walletsRepository } from './wallets.js';
import { sqliteStorage } from './engine.js';

const QUERIES = [
  {},
  { page: 2, entries: 7 },
  { chains: ['eip155'] },
  { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122'], entries: 50 },
  { search: 'Meta' },
  { search: 'wallet', entries: 5, page: 2 },
  { include: ['phantom', 'metamask', 'nope'] },
  { include: [] },
  { exclude: ['metamask'], badge_type: 'certified' as const },
];

describe.each(ENGINES)('the wallets repository on %s', (engine) => {
  it('answers getWallets as the SQLite registry does, stores all or nothing, and drops cached replies on a write', async () => {
    const storage = await freshStorage(engine);
    const wallets = walletsRepository(storage);
    const seed = seedWalletEntries();
    expect(await wallets.store(seed, 'ignore')).toBe(seed.length);
    // The reference: the same wallets in SQLite, read by the synchronous queries.
    const reference = await freshStorage('sqlite');
    await walletsRepository(reference).store(seed, 'ignore');
    for (const query of QUERIES) expect(await wallets.query(query), JSON.stringify(query)).toEqual(queryWallets(reference.sqlite!, query));
    expect((await wallets.query({ search: 'Meta' })).data[0]!.id).toBe('metamask');

    const metamask = (await wallets.get('metamask'))!;
    const before = await wallets.query({ include: ['metamask'] });
    await wallets.store([{ entry: { ...metamask, name: 'MetaMask (edited)' }, image: undefined }], 'upsert');
    expect((await wallets.query({ include: ['metamask'] })).data[0]!.name).toBe('MetaMask (edited)');
    expect(before.data[0]!.name).toBe('MetaMask');
    await expect(
      wallets.store([{ entry: { ...metamask, id: 'broken', badge_type: 'bogus' as never }, image: undefined }], 'upsert', {
        replace: true,
      }),
    ).rejects.toThrow();
    expect(await wallets.count()).toBe(seed.length);
    expect(
      await wallets.store([{ entry: { ...metamask, id: 'only', image_id: 'only-img' }, image: undefined }], 'upsert', { replace: true }),
    ).toBe(1);
    expect((await wallets.query({})).data.map((w) => w.id)).toEqual(['only']);
    const images = imagesRepository(storage);
    expect(await images.get('wallet', 'metamask')).toBeUndefined();
    expect((await images.get('wallet', (await wallets.get('only'))!.image_id))?.contentType).toBe('image/svg+xml');
  });

  it('finds an image in any case, the exact one first, and keeps one when asked not to overwrite', async () => {
    const images = imagesRepository(await freshStorage(engine));
    const svg = (text: string) => ({ contentType: 'image/svg+xml', body: Buffer.from(`<svg>${text}</svg>`) });
    await images.put('token', 'ETH', svg('upper'));
    await images.put('token', 'eth', svg('lower'));
    expect((await images.get('token', 'eth'))!.body.toString()).toBe('<svg>lower</svg>');
    expect((await images.get('token', 'Eth'))!.body.toString()).toBe('<svg>upper</svg>');
    await images.put('token', 'ETH', svg('kept?'), { overwrite: false });
    expect((await images.get('token', 'ETH'))!.body.toString()).toBe('<svg>upper</svg>');
    await images.put('token', 'ETH', svg('new'));
    const stored = (await images.get('token', 'ETH'))!;
    expect(stored.body.toString()).toBe('<svg>new</svg>');
    expect(stored.etag).toMatch(/^"[\w-]{32}"$/);
    expect(await images.get('asset', 'ETH')).toBeUndefined();
  });
});

it('a write on the raw SQLite handle drops the cached replies of the app on it', async () => {
  const storage = await freshStorage('sqlite');
  const wallets = walletsRepository(storage);
  expect((await wallets.query({})).count).toBe(0);
  const { writeWallets } = await import('./wallets-sync.js');
  writeWallets(storage.sqlite!, [seedWalletEntries()[0]!.entry]);
  expect(sqliteStorage(storage.sqlite!)).toBe(storage);
  expect((await wallets.query({})).count).toBe(1);
});
