/** scripts/lib/btc.mjs: the built bin's `btc` as a child process, with the dev account's lines parsed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../server/scripts/bundle.mjs';
import { DEV_BITCOIN_KEY } from '../../server/src/chains/bip122/devchain/network.js';
import { startBtc, type LocalBtc } from './btc.mjs';

let btc: LocalBtc;
beforeAll(async () => {
  await bundleServer();
  btc = await startBtc();
}, 30_000);
afterAll(() => btc?.close());

describe('startBtc', () => {
  it('runs the chain from the bin and gives its Esplora URL and the funded dev account', async () => {
    expect(btc.url).toBe(`http://127.0.0.1:${btc.port}`);
    expect(btc.devAddress).toBe(DEV_BITCOIN_KEY.address);
    expect(btc.devWif).toBe(DEV_BITCOIN_KEY.wif);
    expect(await (await fetch(`${btc.url}/blocks/tip/height`)).text()).toBe('1');
    const stats = (await (await fetch(`${btc.url}/address/${btc.devAddress}`)).json()) as { chain_stats: { funded_txo_sum: number } };
    expect(stats.chain_stats.funded_txo_sum).toBe(10 * 100_000_000);
  });
});
