/**
 * The history's `trade` and `buy` entries on a real Hardhat node with the local DEX (Uniswap V2)
 * and the sandbox on-ramp of a real backend (over SQLite here, over Postgres in the engines' run):
 * a swap built by the convert routes is one entry with both legs, and the sandbox's payout is a
 * purchase; a plain transfer stays a send.
 */
import { formatUnits, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '../../../src/wire/convert-api.js';
import { checkoutSessionId } from '../../../src/wire/onramp-api.js';
import { DEV, getJson } from '../../test/helpers.js';
import { startDexChain, type DexChain } from '../../test/dex-chain.js';
import { seedDevPrices } from './prices.js';

let ctx: DexChain;
beforeAll(async () => {
  ctx = await startDexChain();
  await seedDevPrices(ctx.server.storage);
}, 60_000);
afterAll(() => ctx?.close());

const CHAIN = 'eip155:31337';
const NATIVE = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`;
/** Hardhat's dev account 5 (unlocked on the node), used by no other suite of this chain. */
const USER: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const ORIGIN = 'http://localhost:5173';

async function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const sep = path.includes('?') ? '&' : '?';
  return getJson<any>(ctx.server, `${path}${sep}projectId=${DEV}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The history entry of `hash` once the index has it. */
async function entryOf(hash: string): Promise<any> {
  const end = Date.now() + 20_000;
  for (;;) {
    const { body } = await call(`/v1/account/${USER}/history?chainId=${CHAIN}`);
    const entry = body.data?.find((t: { metadata: { hash: string } }) => t.metadata.hash === hash);
    if (entry) return entry;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${hash} in the history`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('history: swaps and purchases', () => {
  it('a swap on the local DEX is one trade entry with both legs', async () => {
    const amount = String(parseEther('1'));
    const from = NATIVE;
    const to = `${CHAIN}:${ctx.demo.dusd}`;
    const quote = await call(
      `/v1/convert/quotes?amount=${amount}&userAddress=${CHAIN}:${USER}&from=${from}&to=${to}&st=w3kit&sv=w3kit-0.1.0`,
    );
    expect(quote.status).toBe(200);
    const built = await call('/v1/convert/build-transaction', {
      amount,
      eip155: { slippage: '1' },
      from,
      to,
      userAddress: `${CHAIN}:${USER}`,
    });
    expect(built.status).toBe(200);
    const tx = built.body.tx;
    const hash = await ctx.wallet(USER).sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    expect((await ctx.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    const entry = await entryOf(hash);
    expect(entry.metadata.operationType).toBe('trade');
    const legs = entry.transfers.map((t: any) => [t.direction, t.fungible_info.symbol, t.quantity.numeric]);
    // What came in is what the quote said: 1 ETH for about 2,976 DUSD (6 decimals) on the seeded pool.
    const got = formatUnits(BigInt(quote.body.quotes[0].toAmount), 6);
    expect(Number(got)).toBeGreaterThan(2000);
    expect(legs).toEqual([
      ['out', 'ETH', '1'],
      ['in', 'DUSD', got],
    ]);
  });

  it("the sandbox on-ramp's payout is a buy; a plain transfer is a send", async () => {
    const generated = await call('/v1/generators/onrampurl', {
      destinationWallets: [{ address: USER, blockchains: ['localhost'], assets: ['ETH'] }],
      defaultNetwork: 'localhost',
      partnerUserId: USER,
      defaultExperience: 'buy',
      presetFiatAmount: 100,
    });
    expect(generated.status).toBe(200);
    const url = generated.body.url as string;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await fetch(url)).text())?.[1] ?? '';
    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.server.url },
      body: new URLSearchParams({ csrf, card: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }).toString(),
    });
    expect(await paid.text()).toContain('Payment complete');
    const purchase = await call(`/v1/onramp/purchases/${checkoutSessionId(url)}`);
    expect(purchase.body.status).toBe('paid');
    const entry = await entryOf(purchase.body.txHash);
    expect(entry.metadata.operationType).toBe('buy');
    expect(entry.transfers).toMatchObject([{ direction: 'in', fungible_info: { symbol: 'ETH' } }]);

    const sent = await ctx.wallet(USER).sendTransaction({ to: '0x0000000000000000000000000000000000000bad', value: 1n });
    await ctx.publicClient.waitForTransactionReceipt({ hash: sent, pollingInterval: 50 });
    expect((await entryOf(sent)).metadata.operationType).toBe('send');
  });
});
