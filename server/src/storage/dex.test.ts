/** The DEX repository on both engines: one record per chain, replaced by a new deploy; the programmatic reads see the same rows. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage } from '../../test/engines.js';
import type { DexRecord } from '../dex/record.js';
import { dexRepository } from './dex.js';
import { getDex } from '../dex/store.js';

const A = (n: number) => `0x${String(n).padStart(40, '0')}`;
const record = (chainId: number, n: number): DexRecord => ({
  chainId,
  factory: A(n),
  router: A(n + 1),
  weth: A(n + 2),
  tokens: [{ symbol: 'USDC', name: 'USD Coin', address: A(n + 3), decimals: 6 }],
});

describe.each(ENGINES)('the DEX repository on %s', (engine) => {
  it('records a chain once, replaces it on a new deploy, and counts an unparsable row as none', async () => {
    const storage = await freshStorage(engine);
    const dex = dexRepository(storage);
    expect(await dex.get(31337)).toBeUndefined();
    await dex.save(record(31337, 1), 5);
    await dex.save(record(1, 7), 5);
    await Promise.all([dex.save(record(31337, 10), 6), dex.save(record(31337, 10), 7)]);
    expect(await dex.get(31337)).toEqual(record(31337, 10));
    expect(await dex.get(1)).toEqual(record(1, 7));
    expect(await getDex(storage, 31337)).toEqual(record(31337, 10));
    await sql`UPDATE dex_deployments SET record = '{"chainId":1}' WHERE chain_id = 1`.execute(storage.db);
    expect(await dex.get(1)).toBeUndefined();
    await expect(dex.save({ ...record(2, 1), router: 'nope' })).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM dex_deployments`.execute(storage.db);
    expect(Number(rows[0]!.n)).toBe(2);
  });
});
