/**
 * The smart-account sessions on both engines (SQLite in memory; two instances on one real
 * Postgres database): a pci is registered once, an account lists its sessions newest first, due
 * sessions are found by expiry, and ending one is claimed by exactly one of racing claimers.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import type { Storage } from './engine.js';
import { MAX_SESSIONS_PER_ACCOUNT, smartSessionsRepository, type SmartSessionRecord } from './smart-sessions.js';

async function instances(engine: (typeof ENGINES)[number]): Promise<Storage[]> {
  if (engine === 'sqlite') return [await freshStorage('sqlite')];
  const url = await postgresUrl();
  return [await openAgain(url), await openAgain(url)];
}

const ACCOUNT = '0xAbC0000000000000000000000000000000000001';
const session = (pci: string, expiry: number, createdAt: number, account = ACCOUNT): Omit<SmartSessionRecord, 'status' | 'endedAt'> => ({
  pci,
  chainId: 'eip155:31337',
  account,
  origin: 'https://dapp.example',
  roles: '0x00000000000000000000000000000000000000aa',
  roleKey: `0x${'11'.repeat(32)}`,
  sessionAccount: '0x00000000000000000000000000000000000000bb',
  permissions: [
    { type: 'contract-call', data: { address: '0x00000000000000000000000000000000000000cc', functions: ['transfer(address,uint256)'] } },
  ],
  expiry,
  revokeOp: { sender: ACCOUNT, nonce: '0x1' },
  createdAt,
});

describe.each(ENGINES)('smart-account sessions on %s', (engine) => {
  it('registers a pci once, lists an account newest first, finds due sessions and settles them', async () => {
    const [storage] = await instances(engine);
    const sessions = smartSessionsRepository(storage!);
    expect(await sessions.create(session('pci-a', 1_000, 1))).toBe(true);
    expect(await sessions.create(session('pci-a', 2_000, 2))).toBe(false);
    expect(await sessions.create(session('pci-b', 3_000, 3))).toBe(true);
    expect(await sessions.create(session('pci-c', 500, 4, '0x00000000000000000000000000000000000000dd'))).toBe(true);
    const listed = await sessions.list(ACCOUNT.toUpperCase().replace('0X', '0x'));
    expect(listed.map((s) => [s.pci, s.status, s.account])).toEqual([
      ['pci-b', 'active', ACCOUNT.toLowerCase()],
      ['pci-a', 'active', ACCOUNT.toLowerCase()],
    ]);
    expect(listed[1]).toMatchObject({
      permissions: session('pci-a', 0, 0).permissions,
      revokeOp: { nonce: '0x1' },
      expiry: 1_000,
      endedAt: null,
    });
    expect((await sessions.due(1_000, 10)).map((s) => s.pci)).toEqual(['pci-c', 'pci-a']);
    expect(await sessions.claim('pci-a')).toBe(true);
    expect(await sessions.claim('pci-a')).toBe(false);
    expect((await sessions.due(1_000, 10)).map((s) => s.pci)).toEqual(['pci-c']);
    await sessions.release('pci-a');
    expect(await sessions.claim('pci-a')).toBe(true);
    await sessions.settle('pci-a', 'expired', 5_000);
    expect(await sessions.get('pci-a')).toMatchObject({ status: 'expired', endedAt: 5_000 });
    expect(await sessions.get('nope')).toBeUndefined();
  });

  it('lets exactly one of racing claimers end a session, and bounds an account', async () => {
    const repos = (await instances(engine)).map(smartSessionsRepository);
    expect(await repos[0]!.create(session('race', 1, 1, '0x00000000000000000000000000000000000000ee'))).toBe(true);
    const claimed = await Promise.all(Array.from({ length: 8 }, (_, i) => repos[i % repos.length]!.claim('race')));
    expect(claimed.filter(Boolean)).toHaveLength(1);
    const owner = '0x00000000000000000000000000000000000000ff';
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT; i++) expect(await repos[0]!.create(session(`cap-${i}`, 10, i, owner))).toBe(true);
    expect(await repos[0]!.create(session('cap-over', 10, 99, owner))).toBe(false);
    // An ended session makes room.
    expect(await repos[0]!.claim('cap-0')).toBe(true);
    await repos[0]!.settle('cap-0', 'revoked', 1);
    expect(await repos[0]!.create(session('cap-over', 10, 99, owner))).toBe(true);
    expect(await repos[0]!.list(owner)).toHaveLength(MAX_SESSIONS_PER_ACCOUNT);
  });
});
