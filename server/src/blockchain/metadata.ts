/**
 * Token and NFT metadata, read once per contract (name, symbol, decimals) and once per NFT
 * (tokenURI) with eth_call. Only `data:` token URIs are read (base64 or plain JSON): the
 * backend fetches nothing from other servers, so an `https:` or `ipfs:` URI gives the NFT the
 * name "<collection> #<id>" and no image.
 */
import { decodeFunctionResult, encodeFunctionData, hexToString, type Hex } from 'viem';
import { BYTES32_ABI, TOKEN_ABI } from './abi.js';
import { batched, type RpcCall, type RpcClient, type RpcOutcome } from './rpc.js';
import type { TokenKind } from '../storage/index-schema.js';

export interface TokenMetadata {
  name: string;
  symbol: string;
  /** ERC-20 only (18 when the contract does not say). */
  decimals: number | null;
}

export interface NftMetadata {
  name: string;
  /** A `data:image/...` or `http(s)` URL, or null. */
  image: string | null;
}

const NAME_MAX = 200;
const IMAGE_MAX = 256 * 1024;

function call(to: string, data: Hex): RpcCall {
  return { method: 'eth_call', params: [{ to, data }, 'latest'] };
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** Removes control characters, trims, and caps the length. */
function clean(text: string): string {
  return text.replace(CONTROL_CHARS, '').trim().slice(0, NAME_MAX);
}

/** Decodes a name() or symbol() answer: a string, or a bytes32 as old tokens give. */
function decodeText(fn: 'name' | 'symbol', outcome: RpcOutcome | undefined): string | undefined {
  if (!outcome?.ok || typeof outcome.result !== 'string' || outcome.result === '0x') return undefined;
  const data = outcome.result as Hex;
  try {
    return clean(decodeFunctionResult({ abi: TOKEN_ABI, functionName: fn, data }));
  } catch {
    try {
      return clean(hexToString(decodeFunctionResult({ abi: BYTES32_ABI, functionName: fn, data }), { size: 32 }));
    } catch {
      return undefined;
    }
  }
}

function decodeDecimals(outcome: RpcOutcome | undefined): number | undefined {
  if (!outcome?.ok || typeof outcome.result !== 'string') return undefined;
  try {
    const value = decodeFunctionResult({ abi: TOKEN_ABI, functionName: 'decimals', data: outcome.result as Hex });
    return value <= 77 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** name, symbol (and for ERC-20 decimals) of each contract; fallbacks when a call fails. */
export async function fetchTokenMetadata(
  rpc: RpcClient,
  tokens: readonly { address: string; kind: TokenKind }[],
  signal?: AbortSignal,
): Promise<TokenMetadata[]> {
  const calls = tokens.flatMap(({ address }) => [
    call(address, encodeFunctionData({ abi: TOKEN_ABI, functionName: 'name' })),
    call(address, encodeFunctionData({ abi: TOKEN_ABI, functionName: 'symbol' })),
    call(address, encodeFunctionData({ abi: TOKEN_ABI, functionName: 'decimals' })),
  ]);
  const outcomes = await batched(rpc, calls, signal);
  return tokens.map(({ address, kind }, i) => {
    const symbol = decodeText('symbol', outcomes[i * 3 + 1]) || (kind === 'erc20' ? 'TOKEN' : 'NFT');
    return {
      name: decodeText('name', outcomes[i * 3]) || `${symbol} ${address.slice(0, 6)}…${address.slice(-4)}`,
      symbol: symbol.slice(0, 32),
      decimals: kind === 'erc20' ? (decodeDecimals(outcomes[i * 3 + 2]) ?? 18) : null,
    };
  });
}

function decodeJsonUri(uri: string): unknown {
  const match = /^data:application\/json(;[^,]*)?,(.*)$/is.exec(uri.trim());
  if (!match) return undefined;
  const [, params = '', payload = ''] = match;
  try {
    const text = /;base64/i.test(params) ? Buffer.from(payload, 'base64').toString('utf8') : decodeURIComponent(payload);
    return JSON.parse(text) as unknown;
  } catch {
    try {
      return JSON.parse(payload) as unknown;
    } catch {
      return undefined;
    }
  }
}

function imageOf(json: Record<string, unknown>): string | null {
  const image = json.image ?? json.image_url;
  if (typeof image === 'string' && image.length <= IMAGE_MAX && /^(data:image\/[a-z0-9.+-]+[;,]|https?:\/\/)/i.test(image)) return image;
  if (typeof json.image_data === 'string' && json.image_data.length <= IMAGE_MAX && json.image_data.trimStart().startsWith('<svg')) {
    return `data:image/svg+xml;base64,${Buffer.from(json.image_data, 'utf8').toString('base64')}`;
  }
  return null;
}

/** Reads a tokenURI: the metadata's name and image, or a fallback name and no image. */
export function parseTokenUri(uri: string | undefined, fallbackName: string): NftMetadata {
  const json = uri === undefined ? undefined : decodeJsonUri(uri);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { name: fallbackName, image: null };
  const record = json as Record<string, unknown>;
  const name = typeof record.name === 'string' && clean(record.name) ? clean(record.name) : fallbackName;
  return { name, image: imageOf(record) };
}

/** The metadata of each NFT from its tokenURI; `collection` gives the fallback name "<collection> #<id>". */
export async function fetchNftMetadata(
  rpc: RpcClient,
  nfts: readonly { contract: string; tokenId: bigint; collection: string }[],
  signal?: AbortSignal,
): Promise<NftMetadata[]> {
  const calls = nfts.map((n) => call(n.contract, encodeFunctionData({ abi: TOKEN_ABI, functionName: 'tokenURI', args: [n.tokenId] })));
  const outcomes = await batched(rpc, calls, signal);
  return nfts.map((n, i) => {
    const outcome = outcomes[i];
    let uri: string | undefined;
    if (outcome?.ok && typeof outcome.result === 'string' && outcome.result !== '0x') {
      try {
        uri = decodeFunctionResult({ abi: TOKEN_ABI, functionName: 'tokenURI', data: outcome.result as Hex });
      } catch {
        uri = undefined;
      }
    }
    return parseTokenUri(uri, `${n.collection} #${n.tokenId}`);
  });
}
