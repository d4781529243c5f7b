/**
 * The Solana side of the Blockchain API (`--solana-rpc URL`): the chain behind the RPC (its CAIP-2
 * id from the genesis hash the node reports, asked once and kept) and account balances read
 * live: SOL (getBalance) and SPL tokens (getTokenAccountsByOwner for the Token and Token-2022
 * programs, jsonParsed, summed per mint), valued with the price table. Zero balances and
 * tokens with 0 decimals are left out (spec 5); SOL is always there. Order: SOL first, then by
 * value, then by symbol. Node failures are the RpcUnavailableError / RpcResponseError of rpc.ts.
 */
import { usdValue, numeric } from '../../blockchain/amounts.js';
import type { TokenBalance } from '../types.js';
import { ensureTokenImage, tokenImageId } from '../../blockchain/icons.js';
import type { PriceSource } from '../../blockchain/prices.js';
import { createRpcClient, RpcResponseError, type RpcClient } from '../../blockchain/rpc.js';
import { shortMint, SPL_TOKENS } from './tokens.js';
import type { ImagesRepository } from '../../storage/images.js';

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 };
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'];

export interface SolanaChain {
  readonly rpc: RpcClient;
  /** `solana:<first 32 characters of the genesis hash>`, asked of the node the first time. */
  chainId(): Promise<string>;
  /** The chain id once known (undefined before the node first answered). */
  knownChainId(): string | undefined;
}

export function createSolanaChain(rpcUrl: string): SolanaChain {
  const rpc = createRpcClient(rpcUrl);
  let known: string | undefined;
  let pending: Promise<string> | undefined;
  return {
    rpc,
    knownChainId: () => known,
    chainId() {
      if (known) return Promise.resolve(known);
      pending ??= rpc
        .request<unknown>('getGenesisHash')
        .then((hash) => {
          if (typeof hash !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(hash))
            throw new RpcResponseError('getGenesisHash: not a hash');
          return (known = `solana:${hash.slice(0, 32)}`);
        })
        .finally(() => (pending = undefined));
      return pending;
    },
  };
}

export interface SolanaBalanceContext {
  images: ImagesRepository;
  rpc: RpcClient;
  prices: PriceSource;
  tokenIcon(imageId: string): string;
}

interface ParsedTokenAccount {
  account?: { data?: { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } } };
}

/** Raw amounts and decimals per mint from jsonParsed token accounts (malformed entries skipped). */
function sumPerMint(lists: unknown[]): Map<string, { amount: bigint; decimals: number }> {
  const out = new Map<string, { amount: bigint; decimals: number }>();
  for (const list of lists) {
    const value = (list as { value?: unknown })?.value;
    if (!Array.isArray(value)) throw new RpcResponseError('getTokenAccountsByOwner: the reply has no value list');
    for (const entry of value as ParsedTokenAccount[]) {
      const info = entry?.account?.data?.parsed?.info;
      const mint = info?.mint;
      const amount = info?.tokenAmount?.amount;
      const decimals = info?.tokenAmount?.decimals;
      if (typeof mint !== 'string' || typeof amount !== 'string' || !/^\d{1,20}$/.test(amount) || typeof decimals !== 'number') continue;
      const sum = out.get(mint);
      out.set(mint, { amount: (sum?.amount ?? 0n) + BigInt(amount), decimals });
    }
  }
  return out;
}

export async function solanaBalances(ctx: SolanaBalanceContext, chainId: string, owner: string): Promise<TokenBalance[]> {
  const config = { encoding: 'jsonParsed', commitment: 'confirmed' };
  const outcomes = await ctx.rpc.batch([
    { method: 'getBalance', params: [owner, { commitment: 'confirmed' }] },
    ...TOKEN_PROGRAMS.map((programId) => ({ method: 'getTokenAccountsByOwner', params: [owner, { programId }, config] })),
  ]);
  const [native, ...tokenLists] = outcomes.map((o) => {
    if (!o.ok) throw o.error;
    return o.result;
  });
  const lamports = (native as { value?: unknown })?.value;
  if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0)
    throw new RpcResponseError('getBalance: not a balance');
  const mints = [...sumPerMint(tokenLists)].filter(([, t]) => t.amount > 0n && t.decimals > 0);
  const prices = await ctx.prices.usdPrices(chainId, ['native', ...mints.map(([mint]) => mint)]);

  const sol = SOL;
  const solAmount = numeric(BigInt(lamports), sol.decimals);
  const solPrice = prices.get('native') ?? 0;
  const badges: Promise<void>[] = [];
  const fungibles: TokenBalance[] = mints.map(([mint, { amount, decimals }]) => {
    const known = SPL_TOKENS.get(mint);
    const name = known?.name ?? shortMint(mint);
    const symbol = known?.symbol ?? shortMint(mint);
    const imageId = tokenImageId(symbol, chainId, mint);
    badges.push(ensureTokenImage(ctx.images, imageId, known?.symbol ?? mint.slice(0, 4)));
    const quantity = numeric(amount, decimals);
    const price = prices.get(mint) ?? 0;
    return {
      name,
      symbol,
      chainId,
      address: `${chainId}:${mint}`,
      value: usdValue(quantity, price),
      price,
      quantity: { decimals: String(decimals), numeric: quantity },
      iconUrl: ctx.tokenIcon(imageId),
    };
  });
  await Promise.all(badges);
  fungibles.sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol));
  return [
    {
      name: sol.name,
      symbol: sol.symbol,
      chainId,
      value: usdValue(solAmount, solPrice),
      price: solPrice,
      quantity: { decimals: String(sol.decimals), numeric: solAmount },
      iconUrl: ctx.tokenIcon(sol.symbol),
    },
    ...fungibles,
  ];
}
