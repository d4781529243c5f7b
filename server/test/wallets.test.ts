/** The wallet registry: the seed file, generated wallets, seeding, importing and querying. */
import { walletEntry } from '../../src/test-utils/wallet-entry.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walletEntrySchema, type WalletEntry } from '../../src/wire/provider-api.js';
import { badgeSvg, escapeXml, initials } from '../src/images/svg.js';
import {
  countWallets,
  generatedWallets,
  getImage,
  getWallet,
  importWallets,
  openDatabase,
  queryWallets,
  seedWalletEntries,
  seedWallets,
  sqliteStorage,
  WalletImportError,
  type Database,
} from '../src/index.js';
import { tempDir } from './helpers.js';

let db: Database;
beforeEach(() => {
  db = openDatabase(undefined);
});
afterEach(() => db.close());

const entry = (id: string, extra: Partial<WalletEntry & { image: string }> = {}): WalletEntry & { image?: string } =>
  walletEntry(id, { homepage: `https://${id}.example`, order: 5, mobile_link: `${id.replace(/-/g, '')}://`, ...extra });

describe('server/data/wallets.json', () => {
  const real = seedWalletEntries().map((w) => w.entry);
  const byId = new Map(real.map((w) => [w.id, w]));

  it('holds at least 120 valid, uniquely named wallets', () => {
    expect(real.length).toBeGreaterThanOrEqual(120);
    expect(new Set(real.map((w) => w.id)).size).toBe(real.length);
    for (const w of real) expect(walletEntrySchema.safeParse(w).success, w.id).toBe(true);
  });

  it('has the well-known wallets with their real identifiers', () => {
    expect(byId.get('metamask')).toMatchObject({ rdns: 'io.metamask', badge_type: 'certified', mobile_link: 'metamask://' });
    expect(byId.get('phantom')!.chains).toEqual(expect.arrayContaining(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']));
    expect(byId.get('solflare')!.chains).toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(byId.get('coinbase')!.rdns).toBe('com.coinbase.wallet');
    expect(byId.get('okx')!.rdns).toBe('com.okex.wallet');
    expect(byId.get('trust')!.rdns).toBe('com.trustwallet.app');
    expect(byId.get('rainbow')!.rdns).toBe('me.rainbow');
    expect(byId.get('rabby')!.rdns).toBe('io.rabby');
    expect(byId.get('safe')!.webapp_link).toBe('https://app.safe.global');
    for (const id of [
      'ledger',
      'zerion',
      'uniswap',
      'argent',
      'brave',
      'exodus',
      'backpack',
      'bitget',
      'zengo',
      '1inch',
      'imtoken',
      'tokenpocket',
      'keplr',
      'frame',
      'taho',
    ]) {
      expect(byId.has(id), id).toBe(true);
    }
    expect(byId.get('metamask')!.injected).toEqual([{ namespace: 'eip155', injected_id: 'io.metamask' }]);
  });

  it('has the w3kit test and dev wallets for installed matching by rdns', () => {
    for (const [id, name, rdns] of [
      ['w3kit-test-wallet', 'w3kit Test Wallet', 'dev.w3kit.testwallet'],
      ['w3kit-dev-wallet', 'w3kit Dev Wallet', 'dev.w3kit.devwallet'],
    ] as const) {
      expect(byId.get(id)).toMatchObject({ name, rdns, injected: [{ namespace: 'eip155', injected_id: rdns }] });
      expect(byId.get(id)!.chains).toEqual(expect.arrayContaining(['eip155:31337', 'eip155:31338', 'eip155:1']));
    }
  });
});

describe('generated wallets', () => {
  it('are deterministic, unique, readable and valid', () => {
    const a = generatedWallets(900);
    expect(generatedWallets(900)).toEqual(a);
    expect(new Set(a.map((w) => w.id)).size).toBe(900);
    for (const w of a) {
      expect(walletEntrySchema.safeParse(w).success, w.id).toBe(true);
      expect(w.id).toMatch(/^[a-z]+-[a-z]+(-\d+)?$/);
      expect(w.homepage).toBe(`https://${w.id}.example`);
    }
    expect(new Set(a.map((w) => w.badge_type))).toEqual(new Set(['certified', 'none']));
    expect(a.some((w) => w.webapp_link) && a.some((w) => w.desktop_link) && a.some((w) => w.injected)).toBe(true);
    expect(a.some((w) => w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true);
  });

  it('go past the word lists with numbered names and skip taken ids', () => {
    const many = generatedWallets(2000);
    expect(new Set(many.map((w) => w.id)).size).toBe(2000);
    const first = generatedWallets(1)[0]!;
    expect(generatedWallets(1, new Set([first.id]))[0]!.id).not.toBe(first.id);
  });
});

describe('seedWallets', () => {
  it('gives 1000 wallets with unique ids, the real ones first, each with an image', async () => {
    expect(await seedWallets(sqliteStorage(db))).toBe(1000);
    const { count, data } = queryWallets(db, { entries: 100, page: 1 });
    expect(count).toBe(1000);
    expect(data[0]!.id).toBe('metamask');
    for (const id of ['metamask', 'phantom', 'solflare', 'coinbase', 'safe', 'ledger', 'okx']) expect(getWallet(db, id), id).toBeDefined();
    const ids = (db.prepare('SELECT id FROM wallets').all() as { id: string }[]).map((r) => r.id);
    expect(new Set(ids).size).toBe(1000);
    const images = db.prepare("SELECT count(*) AS n FROM images WHERE kind = 'wallet'").get() as { n: number };
    expect(images.n).toBe(1000);
  });

  it('is idempotent and keeps changes made since', async () => {
    await seedWallets(sqliteStorage(db), { count: 300 });
    importWallets(db, [{ ...getWallet(db, 'metamask')!, name: 'MetaMask (edited)' }]);
    expect(await seedWallets(sqliteStorage(db), { count: 300 })).toBe(300);
    expect(getWallet(db, 'metamask')!.name).toBe('MetaMask (edited)');
    expect(await seedWallets(sqliteStorage(db), { count: 400 })).toBe(400);
  });
});

describe('importWallets', () => {
  it('imports entries with given and generated images, updating existing ids', async () => {
    await seedWallets(sqliteStorage(db), { count: 0 });
    const before = countWallets(db);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    const result = importWallets(db, [
      entry('acme-wallet', { image: svg }),
      entry('zeta-keys'),
      { ...getWallet(db, 'phantom')!, order: 999 },
    ]);
    expect(result).toEqual({ imported: 3, total: before + 2 });
    expect(getWallet(db, 'phantom')!.order).toBe(999);
    expect(getImage(db, 'wallet', 'acme-wallet')!.body.toString()).toBe(svg);
    expect(getImage(db, 'wallet', 'zeta-keys')!.body.toString()).toContain('>ZK</text>');
  });

  it('imports a file ([...] or { data: [...] }) and replaces the registry with replace', async () => {
    const t = tempDir();
    try {
      await seedWallets(sqliteStorage(db), { count: 200 });
      const file = path.join(t.dir, 'wallets.json');
      writeFileSync(file, JSON.stringify({ data: [entry('only-one'), entry('only-two')] }));
      expect(importWallets(db, file).total).toBe(202);
      expect(importWallets(db, file, { replace: true })).toEqual({ imported: 2, total: 2 });
      expect(queryWallets(db).data.map((w) => w.id)).toEqual(['only-one', 'only-two']);
      expect(getImage(db, 'wallet', 'metamask')).toBeUndefined();
      expect(getImage(db, 'wallet', 'only-one')).toBeDefined();
    } finally {
      t.remove();
    }
  });

  it('imports nothing when one entry is bad, naming its index, id and field', async () => {
    await seedWallets(sqliteStorage(db), { count: 0 });
    const before = countWallets(db);
    const bad = [entry('good-one'), entry('bad-chains', { chains: ['eip155:1', 'mainnet'] }), entry('good-two')];
    let error: WalletImportError | undefined;
    try {
      importWallets(db, bad, { replace: true });
    } catch (err) {
      error = err as WalletImportError;
    }
    expect(error).toBeInstanceOf(WalletImportError);
    expect(error!.issues[0]).toMatchObject({ index: 1, id: 'bad-chains', field: 'chains.1' });
    expect(error!.message).toContain("entry 1 (id 'bad-chains'): 'chains.1'");
    expect(countWallets(db)).toBe(before);
    expect(getWallet(db, 'good-one')).toBeUndefined();
  });

  it('reports duplicate ids, bad images, bad badge types and missing fields', () => {
    const cases: [unknown[], Partial<{ index: number; field: string }>][] = [
      [[entry('dup'), entry('dup')], { index: 1, field: 'id' }],
      [[entry('pic', { image: 'https://example.com/logo.png' })], { index: 0, field: 'image' }],
      [[entry('pic', { image: 'data:image/png;base64,AAAA' })], { index: 0, field: 'image' }],
      [[entry('gold', { badge_type: 'gold' as never })], { index: 0, field: 'badge_type' }],
      [[{ ...entry('partial'), supports_wc: undefined }], { index: 0, field: 'supports_wc' }],
      [[entry('Upper-Case')], { index: 0, field: 'id' }],
    ];
    for (const [list, expected] of cases) {
      expect(() => importWallets(db, list)).toThrow(WalletImportError);
      try {
        importWallets(db, list);
      } catch (err) {
        expect((err as WalletImportError).issues[0]).toMatchObject(expected);
      }
    }
    expect(countWallets(db)).toBe(0);
  });

  it('reports an unreadable or non-JSON file', () => {
    const t = tempDir();
    try {
      const file = path.join(t.dir, 'broken.json');
      writeFileSync(file, '[{');
      expect(() => importWallets(db, file)).toThrow(/broken\.json: invalid wallet list: .*'file' is not JSON/);
      expect(() => importWallets(db, path.join(t.dir, 'missing.json'))).toThrow(/'file' cannot be read/);
    } finally {
      t.remove();
    }
  });
});

describe('generated images', () => {
  it('escape text and derive initials', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(initials('Trust Wallet')).toBe('TW');
    expect(initials('MetaMask')).toBe('MM');
    expect(initials('1inch Wallet')).toBe('1W');
    expect(initials('<script>')).toBe('SC');
    const svg = badgeSvg({ seed: 'x', label: '<&>' });
    expect(svg).toContain('>&lt;&amp;&gt;</text>');
    expect(svg).not.toContain('<&>');
    expect(badgeSvg({ seed: 'same', label: 'A' })).toBe(badgeSvg({ seed: 'same', label: 'A' }));
    expect(badgeSvg({ seed: 'one', label: 'A' })).not.toBe(badgeSvg({ seed: 'two', label: 'A' }));
  });
});
