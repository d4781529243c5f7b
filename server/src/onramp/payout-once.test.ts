/**
 * Issue 29 item 9: a checkout's payout is sent at most once, against a real Hardhat node with
 * automine off. A receipt that does not come in time leaves the session paying (the page shows
 * the transaction, never 'Nothing was paid' nor a Pay button), a second submit sends nothing,
 * and once the block is mined the watcher marks it paid: the buyer's balance rises by the quote
 * once. (After kill -9 of the real bin mid-payout: payout-once-bin.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { seedDevPrices } from '../blockchain/prices.js';
import { projectsRepository } from '../storage/projects.js';
import { openServerStorage } from '../storage/server-storage.js';
import { balance, checkout, pay, purchase, QUOTED, rpc, startApp, useHardhat, waitFor } from '../../test/payout-app.js';

useHardhat();

describe('a payout whose receipt does not come in time', () => {
  it('stays paying, refuses a second payment, and is paid exactly once when mined', async () => {
    // A fresh storage as a server opens one: SQLite in memory, or on the engines' run a fresh Postgres database.
    const storage = await openServerStorage(undefined, undefined);
    await projectsRepository(storage).seedDev();
    await seedDevPrices(storage);
    const app = await startApp(storage);
    await rpc('evm_setAutomine', [false]);
    try {
      const before = await balance();
      const { url, csrf, id } = await checkout(app.base);
      const first = await pay(app.base, url, csrf);
      const page = await first.text();
      expect(first.status).toBe(202);
      expect(page).toContain('Payment sent');
      expect(page).not.toContain('Nothing was paid');
      expect(page).not.toContain('<form');
      const state = await purchase(app.base, id);
      expect(state.status).toBe('pending');
      expect(state.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(page).toContain(state.txHash);
      // In the node's pool, not mined.
      expect(await rpc('eth_getTransactionByHash', [state.txHash])).toMatchObject({ blockNumber: null });

      // The page shown meanwhile offers no Pay button, and Pay again is refused, sending nothing.
      const shown = await (await fetch(url)).text();
      expect(shown).toContain('do not pay again');
      expect(shown).not.toContain('<form');
      const again = await pay(app.base, url, csrf);
      expect(again.status).toBe(409);
      expect(await again.text()).not.toContain('Nothing was paid');
      await new Promise((r) => setTimeout(r, 400)); // a few watcher passes: nothing is sent again
      const pool = (await rpc('eth_getBlockByNumber', ['pending', false])) as { transactions: string[] };
      expect(pool.transactions).toEqual([state.txHash]);

      await rpc('evm_mine');
      await waitFor(async () => (await purchase(app.base, id)).status === 'paid', 'the watcher to mark it paid');
      expect((await purchase(app.base, id)).txHash).toBe(state.txHash);
      await rpc('evm_mine');
      expect((await balance()) - before).toBe(QUOTED);
      expect(await (await fetch(url)).text()).toContain('Payment complete');
    } finally {
      await rpc('evm_setAutomine', [true]);
      await app.close();
      await storage.close();
    }
  }, 60_000);
});
