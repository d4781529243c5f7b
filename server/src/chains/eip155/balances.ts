/**
 * GET /v1/account/{address}/balance: the native balance (eth_getBalance) and every indexed,
 * non-spam ERC-20 (balanceOf), read live from the node in one JSON-RPC batch, valued in USD.
 * Zero token balances are left out; the native balance is always there. Order: native first,
 * then by value, then by symbol.
 */
import { decodeFunctionResult, encodeFunctionData, getAddress, hexToBigInt, type Hex } from 'viem';
import { TOKEN_ABI } from '../../blockchain/abi.js';
import { usdValue, numeric } from '../../blockchain/amounts.js';
import { nativeCurrency } from './chain.js';
import type { TokenBalance } from '../types.js';
import type { PriceSource } from '../../blockchain/prices.js';
import { batched, type RpcClient } from '../../blockchain/rpc.js';
import type { EvmReadsRepository } from '../../storage/evm-reads.js';

export interface BalanceContext {
  index: EvmReadsRepository;
  rpc: RpcClient;
  prices: PriceSource;
  tokenIcon(imageId: string): string;
}

export async function accountBalances(ctx: BalanceContext, chainId: string, address: string): Promise<TokenBalance[]> {
  const tokens = await ctx.index.fungibleTokens(chainId);
  const outcomes = await batched(ctx.rpc, [
    { method: 'eth_getBalance', params: [address, 'latest'] },
    ...tokens.map((t) => ({
      method: 'eth_call',
      params: [
        { to: t.address, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: 'balanceOf', args: [address as Hex] }) },
        'latest',
      ],
    })),
  ]);
  const nativeOutcome = outcomes[0]!;
  if (!nativeOutcome.ok) throw nativeOutcome.error;
  const prices = await ctx.prices.usdPrices(chainId, ['native', ...tokens.map((t) => t.address)]);

  const native = nativeCurrency(chainId);
  const nativeAmount = numeric(hexToBigInt(nativeOutcome.result as Hex), native.decimals);
  const nativePrice = prices.get('native') ?? 0;
  const balances: TokenBalance[] = [
    {
      name: native.name,
      symbol: native.symbol,
      chainId,
      value: usdValue(nativeAmount, nativePrice),
      price: nativePrice,
      quantity: { decimals: String(native.decimals), numeric: nativeAmount },
      iconUrl: ctx.tokenIcon(native.symbol),
    },
  ];
  const fungibles: TokenBalance[] = [];
  tokens.forEach((token, i) => {
    const outcome = outcomes[i + 1];
    if (!outcome?.ok || typeof outcome.result !== 'string' || outcome.result === '0x') return;
    let raw: bigint;
    try {
      raw = decodeFunctionResult({ abi: TOKEN_ABI, functionName: 'balanceOf', data: outcome.result as Hex });
    } catch {
      return;
    }
    if (raw === 0n) return;
    const decimals = token.decimals ?? 18;
    const amount = numeric(raw, decimals);
    const price = prices.get(token.address) ?? 0;
    fungibles.push({
      name: token.name,
      symbol: token.symbol,
      chainId,
      address: `${chainId}:${getAddress(token.address)}`,
      value: usdValue(amount, price),
      price,
      quantity: { decimals: String(decimals), numeric: amount },
      iconUrl: ctx.tokenIcon(token.imageId),
    });
  });
  fungibles.sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol));
  return [...balances, ...fungibles];
}
