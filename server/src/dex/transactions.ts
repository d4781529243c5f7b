/**
 * The transactions the swap routes build for a wallet to send as they are: the router call of
 * a swap (swapExactETHForTokens, swapExactTokensForETH or swapExactTokensForTokens, with a
 * minimum out of quote × (1 − slippage / 100), rounded down, for the user, due in 20 minutes)
 * and the ERC-20 approval of the router for the maximum (so a token is approved once); the
 * allowance the router has; and gas prices at three speeds.
 */
import { encodeFunctionData, hexToBigInt, maxUint256, type Address, type Hex } from 'viem';
import type { GasPrice, SwapTransaction } from '../../../src/wire/convert-api.js';
import { RpcResponseError, type RpcClient } from '../blockchain/rpc.js';
import { InputError } from '../errors.js';
import { erc20Abi, routerAbi } from './abi.js';
import { quoteSwap, type SwapQuoteResult } from './quote.js';
import { readContract, toHexValue } from './reads.js';
import type { DexRecord } from './store.js';
import type { SwapSide } from './tokens.js';

export const SWAP_DEADLINE_S = 20 * 60;

/** A slippage percentage (`"1"`, `"0.5"`) in hundredths of a percent; the wire schema has checked its form. */
export function slippageBasisPoints(slippage: string): bigint {
  const [whole, fraction = ''] = slippage.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** quote × (1 − slippage/100), rounded down. */
export function minimumOut(quote: bigint, slippage: string): bigint {
  return (quote * (10_000n - slippageBasisPoints(slippage))) / 10_000n;
}

async function gasPriceWei(rpc: RpcClient): Promise<bigint> {
  const raw = await rpc.request<string>('eth_gasPrice');
  if (typeof raw !== 'string' || !/^0x[0-9a-f]+$/i.test(raw)) throw new RpcResponseError('eth_gasPrice: not a quantity');
  return hexToBigInt(raw as Hex);
}

/** Gas prices in wei: the node's price (standard), +25% (fast) and +50% (instant). */
export async function gasPrices(rpc: RpcClient): Promise<GasPrice> {
  const price = await gasPriceWei(rpc);
  return { standard: String(price), fast: String((price * 125n) / 100n), instant: String((price * 150n) / 100n) };
}

/** eth_estimateGas of the transaction; a revert is an InputError saying why the transaction would fail. */
async function estimate(rpc: RpcClient, tx: { from: Address; to: Address; data: Hex; value: bigint }, what: string): Promise<bigint> {
  try {
    const gas = await rpc.request<string>('eth_estimateGas', [{ from: tx.from, to: tx.to, data: tx.data, value: toHexValue(tx.value) }]);
    return hexToBigInt(gas as Hex);
  } catch (err) {
    if (err instanceof RpcResponseError)
      throw new InputError('amount', `The ${what} would fail on chain: ${err.message.replace(/^eth_estimateGas: /, '')}`);
    throw err;
  }
}

async function withGas(
  rpc: RpcClient,
  tx: { from: Address; to: Address; data: Hex; value: bigint },
  what: string,
  disableEstimate: boolean,
): Promise<SwapTransaction> {
  const [gasPrice, gas] = await Promise.all([gasPriceWei(rpc), disableEstimate ? undefined : estimate(rpc, tx, what)]);
  return {
    from: tx.from,
    to: tx.to,
    data: tx.data,
    value: String(tx.value),
    eip155: gas === undefined ? { gasPrice: String(gasPrice) } : { gas: String(gas), gasPrice: String(gasPrice) },
  };
}

export interface BuildSwapInput {
  from: SwapSide;
  to: SwapSide;
  amount: bigint;
  slippage: string;
  user: Address;
  disableEstimate: boolean;
  /** Seconds since the epoch; default now. */
  now?: number;
}

export async function buildSwap(
  rpc: RpcClient,
  record: DexRecord,
  input: BuildSwapInput,
): Promise<{ tx: SwapTransaction; quote: SwapQuoteResult; amountOutMin: bigint }> {
  const { from, to, amount, user } = input;
  const quote = await quoteSwap(rpc, record, from, to, amount);
  const amountOutMin = minimumOut(quote.toAmount, input.slippage);
  const deadline = BigInt((input.now ?? Math.floor(Date.now() / 1000)) + SWAP_DEADLINE_S);
  const data = from.native
    ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [amountOutMin, quote.path, user, deadline] })
    : encodeFunctionData({
        abi: routerAbi,
        functionName: to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [amount, amountOutMin, quote.path, user, deadline],
      });
  const tx = await withGas(
    rpc,
    { from: user, to: record.router as Address, data, value: from.native ? amount : 0n },
    'swap',
    input.disableEstimate,
  );
  return { tx, quote, amountOutMin };
}

/** approve(router, max uint256) on the `from` token. */
export async function buildApprove(rpc: RpcClient, record: DexRecord, from: SwapSide, user: Address): Promise<SwapTransaction> {
  if (from.native) throw new InputError('from', `Invalid from '${from.id}': the native coin needs no approval`);
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [record.router as Address, maxUint256] });
  return withGas(rpc, { from: user, to: from.address, data, value: 0n }, 'approval', false);
}

/** What the router may spend of the user's token (the maximum for the native coin). */
export async function routerAllowance(rpc: RpcClient, record: DexRecord, token: SwapSide, user: Address): Promise<bigint> {
  if (token.native) return maxUint256;
  return readContract<bigint>(
    rpc,
    { address: token.address, abi: erc20Abi, functionName: 'allowance', args: [user, record.router as Address] },
    'latest',
  );
}
