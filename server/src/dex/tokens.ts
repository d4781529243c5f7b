/**
 * Swap token ids against a chain's recorded DEX: a CAIP-10 id (`<EVM chain>:0x…`) names the
 * native coin (`0xeeee…eeee`) or one of the DEX's tokens; anything else is an InputError naming
 * the field. The token list (GET /v1/convert/tokens) is the native coin first, then the tokens.
 */
import { getAddress, type Address } from 'viem';
import { NATIVE_TOKEN_ADDRESS, type SwapToken } from '../../../src/wire/convert-api.js';
import { caipChainId, nativeCurrency } from '../chains/eip155/chain.js';
import { tokenImageId } from '../blockchain/icons.js';
import { InputError } from '../errors.js';
import type { DexRecord, DexToken } from './store.js';

/** One side of a swap: the native coin, or a DEX token; `address` is what the router's path holds (WETH for native). */
export type SwapSide =
  | { native: true; id: string; address: Address; symbol: string; decimals: number }
  | { native: false; id: string; address: Address; symbol: string; decimals: number; token: DexToken };

/** The chain id (a number) of a CAIP-10 id the wire schemas have checked already. */
export function chainOfId(id: string): number {
  return Number(id.split(':')[1]);
}

export const nativeId = (chainId: number) => `${caipChainId(chainId)}:${NATIVE_TOKEN_ADDRESS}`;

/** The swap side a token id names on the DEX; `field` names the parameter in errors. */
export function swapSide(record: DexRecord, id: string, field: string): SwapSide {
  const [, chain, raw] = id.split(':') as [string, string, string];
  const caip = caipChainId(record.chainId);
  if (Number(chain) !== record.chainId) throw new InputError(field, `Invalid ${field} '${id}': not on ${caip}`);
  const chainId = caipChainId(chain);
  if (raw.toLowerCase() === NATIVE_TOKEN_ADDRESS) {
    const { symbol, decimals } = nativeCurrency(chainId);
    return { native: true, id: nativeId(record.chainId), address: getAddress(record.weth), symbol, decimals };
  }
  const token = record.tokens.find((t) => t.address.toLowerCase() === raw.toLowerCase());
  if (!token) {
    const traded = ['native coin', ...record.tokens.map((t) => t.symbol)].join(', ');
    throw new InputError(field, `Invalid ${field} '${id}': not a token the DEX on ${caip} trades (it trades ${traded})`);
  }
  const address = getAddress(token.address);
  return { native: false, id: `${caip}:${address}`, address, symbol: token.symbol, decimals: token.decimals, token };
}

/** The DEX's tokens, native coin first; `icon` gives a token image id's URL. */
export function swapTokens(record: DexRecord, icon: (imageId: string) => string): SwapToken[] {
  const chainId = caipChainId(record.chainId);
  const native = nativeCurrency(chainId);
  return [
    {
      name: native.name,
      symbol: native.symbol,
      address: nativeId(record.chainId),
      decimals: native.decimals,
      logoUri: icon(native.symbol),
    },
    ...record.tokens.map((t) => ({
      name: t.name,
      symbol: t.symbol,
      address: `${chainId}:${getAddress(t.address)}`,
      decimals: t.decimals,
      logoUri: icon(tokenImageId(t.symbol, chainId, t.address.toLowerCase())),
    })),
  ];
}
