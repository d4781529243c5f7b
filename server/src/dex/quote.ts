/**
 * A swap quote from the pools' real reserves: the router's `getAmountsOut` at one block over the
 * direct pair when it exists, else through WETH (the native coin trades as WETH). The price
 * impact is how much less the trade gives than the pools' spot prices (after the 0.3% fee per
 * hop) would; a hop taking more than the pool holds of its input is refused as insufficient
 * liquidity. Nothing is cached or shared between requests.
 */
import { zeroAddress, type Address } from 'viem';
import type { RpcClient } from '../blockchain/rpc.js';
import { InputError } from '../errors.js';
import { factoryAbi, pairAbi, routerAbi } from './abi.js';
import { latestBlock, readContract, type BlockTag } from './reads.js';
import type { DexRecord } from './store.js';
import type { SwapSide } from './tokens.js';

export interface SwapQuoteResult {
  /** The block the quote was read at (hex). */
  block: BlockTag;
  path: Address[];
  amounts: bigint[];
  toAmount: bigint;
  /** Percent, 0 or more, 4 decimals at most. */
  priceImpact: number;
}

/** The pair of two path tokens (zero address when none). */
async function pairOf(rpc: RpcClient, record: DexRecord, a: Address, b: Address, block: BlockTag): Promise<Address> {
  return readContract<Address>(rpc, { address: record.factory as Address, abi: factoryAbi, functionName: 'getPair', args: [a, b] }, block);
}

/** The reserves of `pair` as [reserve of tokenIn, reserve of tokenOut]. */
async function reserves(rpc: RpcClient, pair: Address, tokenIn: Address, block: BlockTag): Promise<[bigint, bigint]> {
  const [token0, [r0, r1]] = await Promise.all([
    readContract<Address>(rpc, { address: pair, abi: pairAbi, functionName: 'token0' }, block),
    readContract<readonly [bigint, bigint, number]>(rpc, { address: pair, abi: pairAbi, functionName: 'getReserves' }, block),
  ]);
  return token0.toLowerCase() === tokenIn.toLowerCase() ? [r0, r1] : [r1, r0];
}

/** The router path from `from` to `to`: direct when the pair exists, else via WETH. */
async function routePath(rpc: RpcClient, record: DexRecord, from: SwapSide, to: SwapSide, block: BlockTag): Promise<Address[]> {
  const weth = record.weth as Address;
  if (from.native || to.native) return [from.address, to.address];
  const direct = await pairOf(rpc, record, from.address, to.address, block);
  return direct !== zeroAddress ? [from.address, to.address] : [from.address, weth, to.address];
}

const SCALE = 10n ** 12n;

export async function quoteSwap(rpc: RpcClient, record: DexRecord, from: SwapSide, to: SwapSide, amount: bigint): Promise<SwapQuoteResult> {
  const block = await latestBlock(rpc);
  const path = await routePath(rpc, record, from, to, block);
  const hops = path.slice(0, -1).map((tokenIn, i) => [tokenIn, path[i + 1]!] as const);
  const pairs = await Promise.all(hops.map(([a, b]) => pairOf(rpc, record, a, b, block)));
  const missing = pairs.findIndex((p) => p === zeroAddress);
  if (missing >= 0) throw new InputError('to', `Insufficient liquidity: the DEX has no pool for ${from.symbol} to ${to.symbol}`);
  const pools = await Promise.all(pairs.map((pair, i) => reserves(rpc, pair, hops[i]![0], block)));
  if (pools.some(([rIn, rOut]) => rIn === 0n || rOut === 0n))
    throw new InputError('amount', `Insufficient liquidity: a pool on the route from ${from.symbol} to ${to.symbol} is empty`);
  const amounts = await readContract<readonly bigint[]>(
    rpc,
    { address: record.router as Address, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, path] },
    block,
  );
  const over = pools.findIndex(([rIn], i) => amounts[i]! > rIn);
  if (over >= 0) {
    throw new InputError(
      'amount',
      `Insufficient liquidity: ${amount} base units of ${from.symbol} is more than the pools hold (at most ${maxInput(pools, over, amounts, amount)} fits)`,
    );
  }
  const toAmount = amounts[amounts.length - 1]!;
  if (toAmount === 0n) throw new InputError('amount', `Invalid amount ${amount}: too small, it buys no ${to.symbol}`);
  // Spot output: amount × Π (0.997 × reserveOut / reserveIn).
  let spotNum = amount;
  let spotDen = 1n;
  for (const [rIn, rOut] of pools) {
    spotNum *= 997n * rOut;
    spotDen *= 1000n * rIn;
  }
  const ratio = spotNum === 0n ? SCALE : (toAmount * spotDen * SCALE) / spotNum;
  const impact = Math.max(0, 100 * (1 - Number(ratio) / Number(SCALE)));
  return { block, path, amounts: [...amounts], toAmount, priceImpact: Math.round(impact * 10_000) / 10_000 };
}

/** The largest input the hop `over` takes without exceeding its pool's reserve, in the first token's units (approximate). */
function maxInput(pools: readonly [bigint, bigint][], over: number, amounts: readonly bigint[], amount: bigint): bigint {
  const [rIn] = pools[over]!;
  return over === 0 ? rIn : (amount * rIn) / amounts[over]!;
}
