/**
 * The swap routes' reads against a real Hardhat node with Uniswap V2 deployed and a real
 * backend: the token list, gas prices, quotes equal to the router's getAmountsOut (also two at
 * once), their validation, unsupported networks and a node that does not answer.
 */
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '../../../src/wire/convert-api.js';
import { freePort } from '../../../scripts/lib/hardhat.mjs';
import { DEV, getJson, tempDir, type JsonReply } from '../../test/helpers.js';
import { startServer } from '../index.js';
import { routerAbi } from './abi.js';
import { saveDex } from './store.js';
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
const routerOut = (amount: bigint, path: Address[]) =>
  ctx.publicClient.readContract({
    address: ctx.dex.router as Address,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amount, path],
  });

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

describe('access', () => {
  it('answers allowed origins only, needs a project, takes icon URLs from configuration and answers the POST preflight', async () => {
    const origin = 'http://localhost:5173';
    const query = new URLSearchParams({ projectId: DEV, chainId: CHAIN });
    const allowed = await getJson(ctx.server, `/v1/convert/tokens?${query}`, { headers: { origin, 'x-forwarded-host': 'evil.example' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    expect(allowed.body.tokens[0].logoUri.startsWith(`${ctx.server.url}/`)).toBe(true);
    const refused = await getJson(ctx.server, `/v1/convert/tokens?${query}`, { headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect((await getJson(ctx.server, `/v1/convert/gas-price?chainId=${CHAIN}`)).status).toBe(400);
    const preflight = await fetch(`${ctx.server.url}/v1/convert/build-transaction?projectId=${DEV}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
  });
});

describe('unsupported networks and a failing node', () => {
  it("answers 'Network not supported for Swaps' for a recorded DEX on a chain the backend does not read", async () => {
    await saveDex(ctx.server.storage, { ...ctx.dex, chainId: 1 });
    const { status, body } = await get('/v1/convert/tokens', { chainId: 'eip155:1' });
    expect({ status, body }).toEqual({ status: 400, body: { message: 'Network not supported for Swaps', field: 'chainId' } });
  });

  it('gives a 502 naming the RPC when the node does not answer, and keeps serving', async () => {
    const { dir, remove } = tempDir();
    const dead = `http://127.0.0.1:${await freePort()}`;
    const logger = { info: () => undefined, warn: () => undefined };
    const server = await startServer({
      port: 0,
      relayPort: false,
      framePort: false,
      seed: { wallets: 1 },
      dataDir: dir,
      evmRpc: dead,
      indexerLogger: logger,
    });
    try {
      await saveDex(server.storage, ctx.dex);
      const query = new URLSearchParams({
        projectId: DEV,
        amount: '1000',
        userAddress: caip(USERS[0]),
        from: NATIVE,
        to: caip(ctx.demo.dusd),
      });
      for (const path of [`/v1/convert/quotes?${query}`, `/v1/convert/gas-price?projectId=${DEV}&chainId=${CHAIN}`]) {
        const { status, body } = await getJson(server, path);
        expect({ status, message: body.message }).toEqual({
          status: 502,
          message: expect.stringMatching(new RegExp(`^The chain RPC \\(${dead}\\) is not answering: `)),
        });
      }
      expect((await getJson(server, '/health')).status).toBe(200);
    } finally {
      await server.close();
      remove();
    }
  });
});
