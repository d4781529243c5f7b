/**
 * The swap routes against a real Hardhat node with Uniswap V2 deployed and a real backend: the
 * token list, quotes equal to the router's getAmountsOut (and to what a sent swap delivers),
 * approval then allowance, gas prices, the built transactions, concurrency, and every route's
 * validation and errors.
 */
import { maxUint256, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '../../../src/wire/convert-api.js';
import { DEV, getJson, type JsonReply } from '../../test/helpers.js';
import { erc20Abi, routerAbi } from './abi.js';
import { startDexChain, type DexChain } from './test-chain.js';

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

const routerOut = (amount: bigint, path: Address[]) =>
  ctx.publicClient.readContract({
    address: ctx.dex.router as Address,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amount, path],
  });
const balanceOf = (token: Address, user: Address) =>
  ctx.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user] });

/** Sends a built transaction from an unlocked dev account and waits for its receipt. */
async function send(tx: { from: Address; to: Address; data: `0x${string}`; value: string }) {
  const hash = await ctx.wallet(tx.from).sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
  return ctx.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

describe('tokens and gas price', () => {
  it('lists the native coin first, then the DEX tokens with their icons', async () => {
    const { status, body } = await get('/v1/convert/tokens', { chainId: CHAIN });
    expect(status).toBe(200);
    expect(body.tokens).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        address: NATIVE,
        decimals: 18,
        logoUri: `${ctx.server.url}/public/getTokenImage/ETH?projectId=${DEV}`,
      },
      {
        name: 'Demo Dollar',
        symbol: 'DUSD',
        address: caip(ctx.demo.dusd),
        decimals: 6,
        logoUri: `${ctx.server.url}/public/getTokenImage/DUSD?projectId=${DEV}`,
      },
      {
        name: 'Demo Tether',
        symbol: 'DUSDT',
        address: caip(ctx.demo.dusdt),
        decimals: 6,
        logoUri: `${ctx.server.url}/public/getTokenImage/DUSDT?projectId=${DEV}`,
      },
    ]);
    const icon = await fetch(body.tokens[1].logoUri);
    expect(icon.status).toBe(200);
  });

  it('gives gas prices from the node, standard <= fast <= instant', async () => {
    const { status, body } = await get('/v1/convert/gas-price', { chainId: CHAIN });
    expect(status).toBe(200);
    const node = await ctx.publicClient.getGasPrice();
    expect(BigInt(body.standard)).toBe(node);
    expect(BigInt(body.fast)).toBe((node * 125n) / 100n);
    expect(BigInt(body.instant)).toBe((node * 150n) / 100n);
  });

  it("answers 'Network not supported for Swaps' / 'for Gas Price' for a chain without a DEX", async () => {
    expect(await get('/v1/convert/tokens', { chainId: 'eip155:1' })).toMatchObject({
      status: 400,
      body: { message: 'Network not supported for Swaps' },
    });
    expect(await get('/v1/convert/gas-price', { chainId: 'eip155:1' })).toMatchObject({
      status: 400,
      body: { message: 'Network not supported for Gas Price' },
    });
    const quote = await get('/v1/convert/quotes', {
      amount: '1',
      userAddress: 'eip155:1:' + USERS[0],
      from: 'eip155:1:' + NATIVE_TOKEN_ADDRESS,
      to: caip(ctx.demo.dusd).replace(CHAIN, 'eip155:1'),
    });
    expect(quote).toMatchObject({ status: 400, body: { message: 'Network not supported for Swaps' } });
  });
});

describe('quotes', () => {
  it('equals the router’s getAmountsOut, direct for ETH and for a token pair', async () => {
    const oneEth = parseEther('1');
    const { status, body } = await get('/v1/convert/quotes', {
      amount: String(oneEth),
      userAddress: caip(USERS[0]),
      from: NATIVE,
      to: caip(ctx.demo.dusd),
    });
    expect(status).toBe(200);
    const amounts = await routerOut(oneEth, [ctx.dex.weth as Address, ctx.demo.dusd]);
    expect(body.quotes).toEqual([
      {
        id: null,
        fromAmount: String(oneEth),
        fromAccount: NATIVE,
        toAmount: String(amounts[1]),
        toAccount: caip(ctx.demo.dusd),
        priceImpact: expect.any(Number),
        route: [NATIVE, caip(ctx.demo.dusd)],
      },
    ]);
    // 1 ETH in a 200 ETH pool at 3000: about 2985 DUSD after the fee, a price impact of about 0.5%.
    expect(Number(body.quotes[0].toAmount) / 1e6).toBeGreaterThan(2900);
    expect(body.quotes[0].priceImpact).toBeGreaterThan(0.3);
    expect(body.quotes[0].priceImpact).toBeLessThan(1);

    const tokens = await get('/v1/convert/quotes', {
      amount: '1000000000',
      userAddress: caip(USERS[0]),
      from: caip(ctx.demo.dusd),
      to: caip(ctx.demo.dusdt),
    });
    const direct = await routerOut(1_000_000_000n, [ctx.demo.dusd, ctx.demo.dusdt]);
    expect(tokens.body.quotes[0]).toMatchObject({ toAmount: String(direct[1]), route: [caip(ctx.demo.dusd), caip(ctx.demo.dusdt)] });
  });

  it('two quotes at once are both the router’s answers', async () => {
    const [a, b] = await Promise.all([
      get('/v1/convert/quotes', { amount: '5000000', userAddress: caip(USERS[0]), from: caip(ctx.demo.dusdt), to: NATIVE }),
      get('/v1/convert/quotes', { amount: String(parseEther('2')), userAddress: caip(USERS[1]), from: NATIVE, to: caip(ctx.demo.dusdt) }),
    ]);
    const weth = ctx.dex.weth as Address;
    expect(a.body.quotes[0].toAmount).toBe(String((await routerOut(5_000_000n, [ctx.demo.dusdt, weth]))[1]));
    expect(b.body.quotes[0].toAmount).toBe(String((await routerOut(parseEther('2'), [weth, ctx.demo.dusdt]))[1]));
  });

  it('refuses bad input naming the parameter', async () => {
    const base = { amount: '1000', userAddress: caip(USERS[0]), from: NATIVE, to: caip(ctx.demo.dusd) };
    const cases: [Record<string, string>, string, string][] = [
      [{ amount: '0' }, 'amount', "Invalid query parameter 'amount': must be more than 0"],
      [{ amount: '1.5' }, 'amount', "Invalid query parameter 'amount': must be a whole number of base units (digits only)"],
      [{ from: '0x' + '1'.repeat(40) }, 'from', "Invalid query parameter 'from': must be eip155:<chain id>:0x and 40 hex characters"],
      [
        { to: caip(ctx.demo.nft) },
        'to',
        `Invalid to '${caip(ctx.demo.nft)}': not a token the DEX on eip155:31337 trades (it trades native coin, DUSD, DUSDT)`,
      ],
      [{ to: NATIVE }, 'to', "Invalid query parameter 'to': must not be the token of 'from'"],
      [
        { userAddress: 'eip155:5:' + USERS[0] },
        'userAddress',
        `Invalid query parameter 'userAddress': 'eip155:5:${USERS[0]}' is not on eip155:31337, the chain of 'from'`,
      ],
      [
        { amount: String(parseEther('500')) },
        'amount',
        'Insufficient liquidity: 500000000000000000000 base units of ETH is more than the pools hold',
      ],
      [{ amount: '1' }, 'amount', 'Invalid amount 1: too small, it buys no DUSD'],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await get('/v1/convert/quotes', { ...base, ...change });
      expect({ change, status, field: body.field, message: body.message.slice(0, message.length) }).toEqual({
        change,
        status: 400,
        field,
        message,
      });
    }
    const missing = await get('/v1/convert/quotes', { amount: '1', userAddress: caip(USERS[0]), from: NATIVE });
    expect(missing.body).toEqual({ message: "Invalid query parameter 'to': is required", field: 'to' });
  });
});

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
