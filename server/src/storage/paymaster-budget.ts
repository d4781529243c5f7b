/**
 * The paymaster service's daily gas budgets (table paymaster_spend) on either engine: `spend`
 * adds an operation's gas to its account's total of the day only while the total stays within
 * the budget, reading and writing in one StepRunner transaction under an advisory lock of the
 * account (as live-cap.ts's caps), so two requests racing, on one instance or several, never
 * pass the budget together. The day's first write deletes the days before it.
 */
import type { Storage } from './engine.js';
import { step, stepRunner } from './steps.js';

export interface PaymasterBudget {
  /** Adds `gas` to the account's total of `day` when the total stays at most `max`; false (and nothing added) otherwise. */
  spend(chainId: string, account: string, day: number, gas: number, max: number): Promise<boolean>;
  /** The gas counted for the account on `day`. */
  spent(chainId: string, account: string, day: number): Promise<number>;
}

/** The UTC day of `ms` (days since the Unix epoch). */
export const utcDay = (ms: number): number => Math.floor(ms / 86_400_000);

export function paymasterBudgetRepository(storage: Storage): PaymasterBudget {
  const { db } = storage;
  const run = stepRunner(storage);
  const totalOf = (chainId: string, account: string, day: number) =>
    db
      .selectFrom('paymaster_spend')
      .select('gas')
      .where('chain_id', '=', chainId)
      .where('account', '=', account)
      .where('day', '=', day)
      .compile();
  return {
    spend(chainId, account, day, gas, max) {
      return run.transact(
        function* () {
          const { rows } = yield* step(totalOf(chainId, account, day));
          const used = rows[0] ? Number(rows[0].gas) : 0;
          if (used + gas > max) return false;
          if (rows[0]) {
            yield* step(
              db
                .updateTable('paymaster_spend')
                .set({ gas: used + gas })
                .where('chain_id', '=', chainId)
                .where('account', '=', account)
                .where('day', '=', day)
                .compile(),
            );
          } else {
            yield* step(db.deleteFrom('paymaster_spend').where('day', '<', day).compile());
            yield* step(db.insertInto('paymaster_spend').values({ chain_id: chainId, account, day, gas }).compile());
          }
          return true;
        },
        [`paymaster-budget:${chainId}:${account}`],
      );
    },
    async spent(chainId, account, day) {
      const { rows } = await run.one(totalOf(chainId, account, day));
      return rows[0] ? Number(rows[0].gas) : 0;
    },
  };
}
