/** GET /getWallets over real HTTP against a seeded registry of 1000 wallets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWalletsReplySchema, type GetWalletsReply } from '../../src/wire/provider-api.js';
import type { RunningServer } from '../src/index.js';
import { DEV, getJson, start } from './helpers.js';

let server: RunningServer;

async function wallets(query: string): Promise<GetWalletsReply> {
  const reply = await getJson(server, `/getWallets?projectId=${DEV}${query ? `&${query}` : ''}`);
  expect(reply.status, query).toBe(200);
  return getWalletsReplySchema.parse(reply.body);
}

async function bad(query: string): Promise<{ message: string; field?: string }> {
  const reply = await getJson(server, `/getWallets?projectId=${DEV}&${query}`);
  expect(reply.status, query).toBe(400);
  return reply.body;
}

beforeAll(async () => {
  server = await start({ seed: { wallets: 1000 } });
});
afterAll(() => server.close());

describe('paging', () => {
  it('gives 40 wallets per page by default, ordered by order then name', async () => {
    const first = await wallets('');
    expect(first.count).toBe(1000);
    expect(first.data).toHaveLength(40);
    expect(first.data[0]!.id).toBe('metamask');
    const orders = first.data.map((w) => w.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('page 25 of 1000/40 is full, page 26 is empty, the count stays the same', async () => {
    const p25 = await wallets('page=25');
    expect(p25.count).toBe(1000);
    expect(p25.data).toHaveLength(40);
    const p26 = await wallets('page=26&entries=40');
    expect(p26.count).toBe(1000);
    expect(p26.data).toEqual([]);
  });

  it('pages do not overlap and cover every wallet once', async () => {
    const ids: string[] = [];
    for (let page = 1; page <= 10; page++) ids.push(...(await wallets(`page=${page}&entries=100`)).data.map((w) => w.id));
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
  });

  it('takes entries up to 100', async () => {
    expect((await wallets('entries=100')).data).toHaveLength(100);
    expect((await wallets('entries=1')).data).toHaveLength(1);
  });

  it('rejects bad page and entries values, naming the parameter', async () => {
    expect(await bad('entries=0')).toEqual({
      message: "Invalid query parameter 'entries': must be an integer from 1 to 100",
      field: 'entries',
    });
    expect((await bad('entries=101')).field).toBe('entries');
    expect((await bad('entries=4.5')).field).toBe('entries');
    expect((await bad('page=0')).field).toBe('page');
    expect((await bad('page=-1')).field).toBe('page');
    expect((await bad('page=abc')).field).toBe('page');
    expect((await bad('page=1e3')).field).toBe('page');
    expect((await bad('page=99999999999999999999')).field).toBe('page');
    expect((await bad('page=1&page=2')).message).toContain('once');
  });

  it('ignores unknown parameters', async () => {
    expect((await wallets('colour=blue&entries=2')).data).toHaveLength(2);
  });
});

describe('search', () => {
  it('is a case-insensitive part of the name', async () => {
    const lower = await wallets('search=wallet');
    const upper = await wallets('search=WALLET');
    expect(lower.count).toBeGreaterThan(10);
    expect(upper).toEqual(lower);
    for (const w of lower.data) expect(`${w.name} ${w.id}`.toLowerCase()).toContain('wallet');
  });

  it('puts names starting with the term first, then the others, each by order', async () => {
    // 'Keystone' (order 61) contains "ton"; 'Tonkeeper' (79) starts with it and comes first.
    const ton = await wallets('search=TON');
    expect(ton.data.map((w) => w.name)).toEqual(['Tonkeeper', 'Keystone', 'MyTonWallet']);
    const safe = await wallets('search=safe&entries=100');
    const names = safe.data.map((w) => w.name.toLowerCase());
    const firstOther = names.findIndex((n) => !n.startsWith('safe'));
    expect(names.slice(0, firstOther)).toEqual(['safe{wallet}', 'safepal']);
    expect(names.slice(firstOther).every((n) => !n.startsWith('safe') && n.includes('safe'))).toBe(true);
    const orders = safe.data.slice(firstOther).map((w) => w.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('finds a wallet by id and by a part of its name', async () => {
    expect((await wallets('search=metamask')).data.map((w) => w.id)).toEqual(['metamask', 'metamask-flask']);
    expect((await wallets('search=%20Test%20Wall')).data.map((w) => w.id)).toEqual(['w3kit-test-wallet']);
    expect((await wallets('search=zzzz-not-a-wallet')).count).toBe(0);
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect((await wallets('search=%25')).count).toBe(0);
    expect((await wallets('search=_')).count).toBe(0);
  });

  it('takes at most 100 characters', async () => {
    expect((await wallets(`search=${'a'.repeat(100)}`)).count).toBe(0);
    expect(await bad(`search=${'a'.repeat(101)}`)).toEqual({
      message: "Invalid query parameter 'search': must be at most 100 characters",
      field: 'search',
    });
  });
});

describe('include, exclude, badge_type, chains', () => {
  it('include gives only those wallets, in registry order', async () => {
    const reply = await wallets('include=phantom,metamask,not-there');
    expect(reply.count).toBe(2);
    expect(reply.data.map((w) => w.id)).toEqual(['metamask', 'phantom']);
  });

  it('exclude drops wallets', async () => {
    const reply = await wallets('exclude=metamask,trust');
    expect(reply.count).toBe(998);
    expect(reply.data.map((w) => w.id)).not.toContain('metamask');
    expect(reply.data[0]!.id).toBe('coinbase');
  });

  it('include and exclude combine with search', async () => {
    const reply = await wallets('include=metamask,metamask-flask,phantom&exclude=metamask-flask&search=meta');
    expect(reply.data.map((w) => w.id)).toEqual(['metamask']);
  });

  it('badge_type filters', async () => {
    const certified = await wallets('badge_type=certified&entries=100');
    const none = await wallets('badge_type=none&entries=1');
    expect(certified.count).toBeGreaterThan(40);
    expect(certified.count + none.count).toBe(1000);
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true);
    expect(await bad('badge_type=gold')).toEqual({
      message: "Invalid query parameter 'badge_type': must be one of 'certified', 'none'",
      field: 'badge_type',
    });
  });

  it('chains gives wallets supporting any of the chains', async () => {
    const solana = await wallets('chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&entries=100');
    expect(solana.data.map((w) => w.id)).toEqual(expect.arrayContaining(['phantom', 'solflare']));
    expect(solana.data.every((w) => w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true);
    const local = await wallets('chains=eip155:31337');
    expect(local.data.map((w) => w.id)).toEqual(['w3kit-test-wallet', 'w3kit-dev-wallet']);
    const either = await wallets('chains=eip155:31337,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(either.count).toBe(solana.count + 2);
    expect(await bad('chains=ETH')).toMatchObject({ field: 'chains' });
    expect(await bad('chains=eip155:')).toMatchObject({ field: 'chains' });
  });

  it('pages of a chain-filtered list follow each other without overlap', async () => {
    for (const chains of ['eip155', 'eip155:1', 'solana']) {
      const [p1, p2, both] = await Promise.all([
        wallets(`chains=${chains}&page=1&entries=40`),
        wallets(`chains=${chains}&page=2&entries=40`),
        wallets(`chains=${chains}&page=1&entries=80`),
      ]);
      expect(
        [...p1.data, ...p2.data].map((w) => w.id),
        chains,
      ).toEqual(both.data.map((w) => w.id));
    }
  });

  it('chains also takes bare namespaces: any chain of the namespace', async () => {
    const solanaAny = await wallets('chains=solana&entries=100');
    const solanaMain = await wallets('chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&entries=100');
    expect(solanaAny.count).toBeGreaterThanOrEqual(solanaMain.count);
    expect(solanaAny.data.every((w) => w.chains.some((c) => c.startsWith('solana:')))).toBe(true);
    const evm = await wallets('chains=eip155&entries=100');
    expect((await wallets('chains=eip155&search=w3kit')).data.map((w) => w.id)).toContain('w3kit-test-wallet');
    expect(evm.data.every((w) => w.chains.some((c) => c.startsWith('eip155:')))).toBe(true);
    const both = await wallets('chains=eip155,solana');
    const all = await wallets('');
    expect(both.count).toBeLessThanOrEqual(all.count);
    expect(both.count).toBeGreaterThanOrEqual(evm.count);
  });

  it('rejects malformed id lists', async () => {
    expect((await bad('include=Not%20An%20Id')).field).toBe('include');
    expect((await bad(`exclude=${Array.from({ length: 101 }, (_, i) => `w${i}`).join(',')}`)).field).toBe('exclude');
  });

  it('returns complete wallet entries', async () => {
    const [phantom] = (await wallets('include=phantom')).data;
    expect(phantom).toMatchObject({
      id: 'phantom',
      name: 'Phantom',
      rdns: 'app.phantom',
      image_id: 'phantom',
      badge_type: 'certified',
      supports_wc: true,
      chains: expect.arrayContaining(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']),
      injected: expect.arrayContaining([{ namespace: 'eip155', injected_id: 'app.phantom' }]),
    });
  });
});
