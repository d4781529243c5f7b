/**
 * POST /v1/fungible/price on the EVM index: name, symbol, icon and USD price of each asked token
 * of the indexed chain, in the order asked. Tokens are `native` or a lower-case 0x address (the
 * route took them from CAIP-10 ids and checked their chain); a token the index does not know is read from the node (name, symbol) when the chain is the indexed one, and
 * what the node said (a token or not) is kept in `tokenInfo` for a while, so repeated requests
 * for unknown addresses do not call the node again.
 */
import { getAddress } from 'viem';
import { nativeCurrency } from '../chains/eip155/chain.js';
import { ensureTokenImage, tokenImageId } from './icons.js';
import { fetchTokenMetadata } from './metadata.js';
import type { PriceSource } from './prices.js';
import type { RpcClient } from './rpc.js';
import type { TokenInfo, TokenInfoCache } from './token-info-cache.js';
import type { EvmReadsRepository } from '../storage/evm-reads.js';
import type { ImagesRepository } from '../storage/images.js';

export interface FungiblePrice {
  name: string;
  symbol: string;
  iconUrl: string;
  price: number;
}

export interface FungibleContext {
  index: EvmReadsRepository;
  images: ImagesRepository;
  prices: PriceSource;
  /** The indexed chain's node. */
  rpc: RpcClient;
  tokenIcon(imageId: string): string;
  /** What the node said about unknown addresses (hits and misses alike), bounded in size and time. */
  tokenInfo: TokenInfoCache;
}

/** `tokens` of the indexed chain `chainId`: `native` or a lower-case address. */
export async function fungiblePrices(ctx: FungibleContext, chainId: string, tokens: readonly string[]): Promise<FungiblePrice[]> {
  const addresses = tokens.filter((t) => t !== 'native');
  const known = await ctx.index.tokensByAddress(chainId, addresses);
  const live = new Map<string, TokenInfo>();
  const unknown: string[] = [];
  for (const a of new Set(addresses.filter((a) => !known.has(a)))) {
    const cached = ctx.tokenInfo.get(chainId, a);
    if (cached) live.set(a, cached);
    else unknown.push(a);
  }
  if (unknown.length) {
    const meta = await fetchTokenMetadata(
      ctx.rpc,
      unknown.map((address) => ({ address, kind: 'erc20' as const })),
    );
    unknown.forEach((a, i) => {
      const info = { name: meta[i]!.name, symbol: meta[i]!.symbol };
      live.set(a, info);
      ctx.tokenInfo.set(chainId, a, info);
    });
  }
  const prices = await ctx.prices.usdPrices(chainId, [...new Set(tokens)]);
  const native = nativeCurrency(chainId);
  const badges: Promise<void>[] = [];
  const replies = tokens.map((token) => {
    const price = prices.get(token) ?? 0;
    if (token === 'native') return { name: native.name, symbol: native.symbol, iconUrl: ctx.tokenIcon(native.symbol), price };
    const indexed = known.get(token);
    if (indexed) return { name: indexed.name, symbol: indexed.symbol, iconUrl: ctx.tokenIcon(indexed.imageId), price };
    const info = live.get(token) ?? { name: getAddress(token), symbol: '?' };
    const imageId = tokenImageId(info.symbol, chainId, token);
    badges.push(ensureTokenImage(ctx.images, imageId, info.symbol));
    return { name: info.name, symbol: info.symbol, iconUrl: ctx.tokenIcon(imageId), price };
  });
  await Promise.all(badges);
  return replies;
}
