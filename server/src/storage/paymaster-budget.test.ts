/**
 * The paymaster service's daily gas budgets on both engines (SQLite in memory; two instances on
 * one real Postgres database): spends add up to the budget and no further, racing spends never
 * pass it together, days and accounts count apart, and a new day's first spend drops old days.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import type { Storage } from './engine.js';
import { paymasterBudgetRepository, utcDay } from './paymaster-budget.js';

const CHAIN = 'eip155:31337';
const DAY = utcDay(Date.UTC(2026, 10, 30, 12));

/** One storage per instance: two on one Postgres database, one SQLite (in memory) otherwise. */
async function instances(engine: (typeof ENGINES)[number]): Promise<Storage[]> {
  if (engine === 'sqlite') return [await freshStorage('sqlite')];
  const url = await postgresUrl();
  return [await openAgain(url), await openAgain(url)];
}

describe.each(ENGINES)('the paymaster budget on %s', (engine) => {
  it('adds spends up to the budget, refuses past it, and counts accounts and days apart', async () => {
    const [storage] = await instances(engine);
    const budget = paymasterBudgetRepository(storage!);
    expect(await budget.spend(CHAIN, '0xa', DAY, 600, 1_000)).toBe(true);
    expect(await budget.spend(CHAIN, '0xa', DAY, 400, 1_000)).toBe(true);
    expect(await budget.spend(CHAIN, '0xa', DAY, 1, 1_000)).toBe(false);
    expect(await budget.spent(CHAIN, '0xa', DAY)).toBe(1_000);
    expect(await budget.spend(CHAIN, '0xb', DAY, 1_000, 1_000)).toBe(true);
    expect(await budget.spend(CHAIN, '0xa', DAY + 1, 1_000, 1_000)).toBe(true);
    // The next day's first write dropped the day before.
    expect(await budget.spent(CHAIN, '0xb', DAY)).toBe(0);
  });

  it('lets exactly what fits through when spends race', async () => {
    const repos = (await instances(engine)).map(paymasterBudgetRepository);
    const racing = 12;
    const granted = await Promise.all(
      Array.from({ length: racing }, (_, i) => repos[i % repos.length]!.spend(CHAIN, '0xrace', DAY, 300, 1_000)),
    );
    expect(granted.filter(Boolean)).toHaveLength(3);
    expect(await repos[0]!.spent(CHAIN, '0xrace', DAY)).toBe(900);
  });
});
