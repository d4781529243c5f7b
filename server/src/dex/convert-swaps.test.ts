/**
 * The swap routes' transactions against a real Hardhat node with Uniswap V2 deployed and a real
 * backend: approval then allowance, built swaps sent as they are delivering the quote, a swap
 * failing past its slippage, and build-transaction's validation.
 */
import { maxUint256, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '../../../src/wire/convert-api.js';
import { DEV, getJson, type JsonReply } from '../../test/helpers.js';
import { erc20Abi } from './abi.js';
import { startDexChain, type DexChain } from '../../test/dex-chain.js';

let ctx: DexChain;
beforeAll(async () => {
  ctx = await startDexChain();
}, 60_000);
afterAll(() => ctx?.close());

const CHAIN = 'eip155:31337';
const NATIVE = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`;
/** Hardhat's dev accounts 1 to 4 (unlocked on the node). */
const USERS = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
] as const satisfies readonly Address[];
const caip = (address: string) => `${CHAIN}:${address}`;

function get<T = any>(path: string, query: Record<string, string>): Promise<JsonReply<T>> {
  const params = new URLSearchParams({ projectId: DEV, st: 'w3kit', sv: 'w3kit-0.1.0', ...query });
  return getJson<T>(ctx.server, `${path}?${params}`);
}
function post<T = any>(path: string, body: unknown): Promise<JsonReply<T>> {
  return getJson<T>(ctx.server, `${path}?projectId=${DEV}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const balanceOf = (token: Address, user: Address) =>
  ctx.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user] });

/** Sends a built transaction from an unlocked dev account and waits for its receipt. */
async function send(tx: { from: Address; to: Address; data: `0x${string}`; value: string }) {
  const hash = await ctx.wallet(tx.from).sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
  return ctx.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

describe('approval, allowance and swaps', () => {
  it('build-approve then allowance is the maximum; the native coin needs none', async () => {
    const user = USERS[2];
    expect((await get('/v1/convert/allowance', { tokenAddress: caip(ctx.demo.dusd), userAddress: caip(user) })).body).toEqual({
      allowance: '0',
    });
    expect((await get('/v1/convert/allowance', { tokenAddress: NATIVE, userAddress: caip(user) })).body).toEqual({
      allowance: String(maxUint256),
    });
    const approve = await get('/v1/convert/build-approve', { userAddress: caip(user), from: caip(ctx.demo.dusd), to: NATIVE });
    expect(approve.status).toBe(200);
    expect(approve.body.tx).toMatchObject({
      from: user,
      to: ctx.demo.dusd,
      value: '0',
      eip155: { gas: expect.stringMatching(/^\d+$/), gasPrice: expect.stringMatching(/^\d+$/) },
    });
    expect((await send(approve.body.tx)).status).toBe('success');
    expect((await get('/v1/convert/allowance', { tokenAddress: caip(ctx.demo.dusd), userAddress: caip(user) })).body).toEqual({
      allowance: String(maxUint256),
    });
    const native = await get('/v1/convert/build-approve', { userAddress: caip(user), from: NATIVE, to: caip(ctx.demo.dusd) });
    expect(native).toMatchObject({
      status: 400,
      body: { field: 'from', message: `Invalid from '${NATIVE}': the native coin needs no approval` },
    });
    const unknown = await get('/v1/convert/allowance', { tokenAddress: caip(ctx.demo.nft), userAddress: caip(user) });
    expect(unknown).toMatchObject({ status: 400, body: { field: 'tokenAddress' } });
  });

  it('a built ETH-to-token swap sent as it is delivers exactly the quote', async () => {
    const user = USERS[0];
    const amount = String(parseEther('1'));
    const quote = await get('/v1/convert/quotes', { amount, userAddress: caip(user), from: NATIVE, to: caip(ctx.demo.dusd) });
    const built = await post('/v1/convert/build-transaction', {
      amount,
      eip155: { slippage: '1' },
      from: NATIVE,
      to: caip(ctx.demo.dusd),
      userAddress: caip(user),
    });
    expect(built.status).toBe(200);
    expect(built.body.tx).toMatchObject({ from: user, to: ctx.dex.router, value: amount, eip155: { gas: expect.stringMatching(/^\d+$/) } });
    const before = await balanceOf(ctx.demo.dusd, user);
    expect((await send(built.body.tx)).status).toBe('success');
    expect(await balanceOf(ctx.demo.dusd, user)).toBe(before + BigInt(quote.body.quotes[0].toAmount));
  });

  it('a token-to-token and a token-to-ETH swap after one approval deliver the quotes', async () => {
    const user = USERS[0];
    await send(
      (await get('/v1/convert/build-approve', { userAddress: caip(user), from: caip(ctx.demo.dusd), to: caip(ctx.demo.dusdt) })).body.tx,
    );
    const amount = '1000000000';
    const quote = await get('/v1/convert/quotes', { amount, userAddress: caip(user), from: caip(ctx.demo.dusd), to: caip(ctx.demo.dusdt) });
    const built = await post('/v1/convert/build-transaction', {
      amount,
      eip155: { slippage: '0.5' },
      from: caip(ctx.demo.dusd),
      to: caip(ctx.demo.dusdt),
      userAddress: caip(user),
    });
    const before = await balanceOf(ctx.demo.dusdt, user);
    expect((await send(built.body.tx)).status).toBe('success');
    expect(await balanceOf(ctx.demo.dusdt, user)).toBe(before + BigInt(quote.body.quotes[0].toAmount));

    const toEth = await get('/v1/convert/quotes', { amount: '500000000', userAddress: caip(user), from: caip(ctx.demo.dusd), to: NATIVE });
    const sell = await post('/v1/convert/build-transaction', {
      amount: '500000000',
      eip155: { slippage: '1' },
      from: caip(ctx.demo.dusd),
      to: NATIVE,
      userAddress: caip(user),
      disableEstimate: true,
    });
    expect(sell.body.tx.eip155).toEqual({ gasPrice: expect.stringMatching(/^\d+$/) });
    const eth = await ctx.publicClient.getBalance({ address: user });
    const receipt = await send(sell.body.tx);
    const spent = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await ctx.publicClient.getBalance({ address: user })).toBe(eth - spent + BigInt(toEth.body.quotes[0].toAmount));
  });

  it('a swap whose price moved past its slippage fails on chain with the router’s error, nothing lost', async () => {
    const [user, mover] = [USERS[1], USERS[3]];
    const amount = String(parseEther('1'));
    const built = await post('/v1/convert/build-transaction', {
      amount,
      eip155: { slippage: '0.5' },
      from: NATIVE,
      to: caip(ctx.demo.dusdt),
      userAddress: caip(user),
    });
    expect(built.status).toBe(200);
    // Someone else buys DUSDT first, moving the price by more than 0.5%.
    const moved = await post('/v1/convert/build-transaction', {
      amount: String(parseEther('5')),
      eip155: { slippage: '1' },
      from: NATIVE,
      to: caip(ctx.demo.dusdt),
      userAddress: caip(mover),
    });
    expect((await send(moved.body.tx)).status).toBe('success');
    const before = await balanceOf(ctx.demo.dusdt, user);
    const { tx } = built.body;
    await expect(
      ctx.wallet(user).sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), gas: BigInt(tx.eip155.gas) }),
    ).rejects.toThrow(/UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT/);
    expect(await balanceOf(ctx.demo.dusdt, user)).toBe(before);
  });

  it('build-transaction refuses bad bodies naming the field', async () => {
    const base = { amount: '1000', eip155: { slippage: '1' }, from: NATIVE, to: caip(ctx.demo.dusd), userAddress: caip(USERS[0]) };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '0' }, 'amount', "Invalid body field 'amount': must be more than 0"],
      [
        { eip155: { slippage: '0' } },
        'eip155.slippage',
        "Invalid body field 'eip155.slippage': must be a percentage above 0 and at most 50",
      ],
      [
        { eip155: { slippage: '51' } },
        'eip155.slippage',
        "Invalid body field 'eip155.slippage': must be a percentage above 0 and at most 50",
      ],
      [
        { eip155: { slippage: 'x' } },
        'eip155.slippage',
        "Invalid body field 'eip155.slippage': must be a percentage above 0 and at most 50",
      ],
      [{ to: NATIVE }, 'to', "Invalid body field 'to': must not be the token of 'from'"],
      [
        { to: 'eip155:5:' + ctx.demo.dusd },
        'to',
        `Invalid body field 'to': 'eip155:5:${ctx.demo.dusd}' is not on eip155:31337, the chain of 'from'`,
      ],
      [{ from: caip(ctx.demo.nft) }, 'from', `Invalid from '${caip(ctx.demo.nft)}': not a token the DEX`],
      [
        { from: 'eip155:1:' + NATIVE_TOKEN_ADDRESS, to: 'eip155:1:' + ctx.demo.dusd, userAddress: 'eip155:1:' + USERS[0] },
        'from',
        'Network not supported for Swaps',
      ],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await post('/v1/convert/build-transaction', { ...base, ...change });
      expect({ change, status, field: body.field, message: body.message.slice(0, message.length) }).toEqual({
        change,
        status: 400,
        field,
        message,
      });
    }
    // DUSD without an allowance: the estimate says why the swap would fail.
    const unapproved = await post('/v1/convert/build-transaction', {
      ...base,
      from: caip(ctx.demo.dusd),
      to: NATIVE,
      userAddress: caip(USERS[3]),
    });
    expect(unapproved).toMatchObject({
      status: 400,
      body: { field: 'amount', message: expect.stringMatching(/^The swap would fail on chain: .*TRANSFER_FROM_FAILED/) },
    });
  });
});
