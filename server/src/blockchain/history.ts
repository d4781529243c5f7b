/**
 * GET /v1/account/{address}/history: the indexed transactions involving an address, newest
 * first, 20 per page. A transaction involves it when it sent or received the transaction, or a
 * native, ERC-20 or ERC-721 transfer of it went from or to the address; its transfers (those
 * touching the address) are grouped under it. The cursor is opaque (the position of the last
 * transaction of the page); `next` is null on the last page.
 *
 * A swap is one `trade` entry: the coin or token that went out and the one that came in, both
 * legs under the one transaction. A payout of the sandbox on-ramp is a `buy` (a purchase).
 */
import { getAddress } from 'viem';
import { InputError } from '../errors.js';
import { numeric, usdValue } from './amounts.js';
import { nativeCurrency } from '../chains/eip155/chain.js';
import type { PriceSource } from './prices.js';
import { ZERO_ADDRESS } from './abi.js';
import type { TokenInfo } from './tokens.js';
import type { EvmReadsRepository, HistoryTransferRow } from '../storage/evm-reads.js';

export const HISTORY_PAGE_SIZE = 20;

export type OperationType = 'send' | 'receive' | 'mint' | 'execute' | 'trade' | 'buy';
export type Direction = 'in' | 'out' | 'self';

export interface HistoryTransfer {
  fungible_info?: { name: string; symbol: string; icon: { url: string } };
  nft_info?: { name: string; content: { preview: { url: string } }; flags: { is_spam: boolean } };
  direction: Direction;
  quantity: { numeric: string };
  value: number;
  price: number;
}

export interface HistoryTransaction {
  id: string;
  metadata: {
    operationType: OperationType;
    hash: string;
    minedAt: string;
    sentFrom: string;
    sentTo: string;
    /** `pending` while a UTXO chain's transaction waits in the mempool. */
    status: 'confirmed' | 'failed' | 'pending';
    nonce: number;
    chain: string;
    /** UTXO chains: blocks since (and including) the one that mined it; 0 while pending. */
    confirmations?: number;
  };
  transfers: HistoryTransfer[];
}

export interface HistoryPage {
  data: HistoryTransaction[];
  next: string | null;
}

export interface HistoryContext {
  index: EvmReadsRepository;
  prices: PriceSource;
  tokenIcon(imageId: string): string;
  /** Which of the page's hashes are the sandbox on-ramp's payouts (none when not given). */
  purchases?: (chainId: string, hashes: readonly string[]) => Promise<Set<string>>;
}

/** The opaque cursor of a position: base64url of "block.index". */
export function encodeCursor(block: number, txIndex: number): string {
  return Buffer.from(`${block}.${txIndex}`, 'utf8').toString('base64url');
}

/** The position a cursor stands for; an InputError on field `cursor` when it is not one of ours. */
export function decodeCursor(cursor: string): { block: number; txIndex: number } {
  const match = /^(\d{1,15})\.(\d{1,9})$/.exec(
    /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '',
  );
  if (!match) throw new InputError('cursor', `Invalid query parameter 'cursor': not a cursor this server gave`);
  return { block: Number(match[1]), txIndex: Number(match[2]) };
}

const fungible = (t: HistoryTransferRow) => t.kind === 'native' || t.kind === 'erc20';

function operationType(transfers: readonly HistoryTransferRow[], directions: readonly Direction[], bought: boolean): OperationType {
  if (transfers.length === 0) return 'execute';
  if (transfers.every((t, i) => directions[i] === 'in' && t.from_address === ZERO_ADDRESS)) return 'mint';
  const ins = directions.includes('in');
  const outs = directions.includes('out') || directions.every((d) => d === 'self');
  if (bought && ins && !outs) return 'buy';
  // One coin or token out and another in, and no NFT: a swap.
  if (ins && outs && transfers.every(fungible)) {
    const legs = (d: Direction) => new Set(transfers.filter((_, i) => directions[i] === d).map((t) => t.token_address ?? 'native'));
    const sold = legs('out');
    if ([...legs('in')].some((token) => !sold.has(token))) return 'trade';
  }
  if (ins && outs) return 'execute';
  return outs ? 'send' : 'receive';
}

export async function accountHistory(ctx: HistoryContext, chainId: string, address: string, cursor?: string): Promise<HistoryPage> {
  const { index } = ctx;
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const rows = await index.historyTransactions(chainId, address, after, HISTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  const last = page.at(-1);
  const next = rows.length > HISTORY_PAGE_SIZE && last ? encodeCursor(last.block_number, last.tx_index) : null;

  const transfersByTx = await index.transfersOf(
    chainId,
    page.map((tx) => tx.hash),
    address,
  );
  const allTransfers = page.flatMap((tx) => transfersByTx.get(tx.hash) ?? []);
  const tokens = await index.tokensByAddress(
    chainId,
    allTransfers.flatMap((t) => (t.token_address ? [t.token_address] : [])),
  );
  const prices = await ctx.prices.usdPrices(chainId, [
    'native',
    ...[...tokens.values()].filter((t) => t.kind === 'erc20').map((t) => t.address),
  ]);
  const nfts = new Map<string, Awaited<ReturnType<EvmReadsRepository['nft']>>>();
  for (const t of allTransfers) {
    const key = `${t.token_address}:${t.token_id}`;
    if (t.kind === 'erc721' && !nfts.has(key)) nfts.set(key, await index.nft(chainId, t.token_address!, t.token_id!));
  }
  const native = nativeCurrency(chainId);
  const bought = ctx.purchases
    ? await ctx.purchases(
        chainId,
        page.map((tx) => tx.hash.toLowerCase()),
      )
    : new Set<string>();

  const transfer = (t: HistoryTransferRow, direction: Direction): HistoryTransfer => {
    const token: TokenInfo | undefined = t.token_address ? tokens.get(t.token_address) : undefined;
    if (t.kind === 'erc721') {
      const nft = nfts.get(`${t.token_address}:${t.token_id}`);
      const collection = token?.name ?? 'NFT';
      return {
        nft_info: {
          name: nft?.name ?? `${collection} #${t.token_id}`,
          content: { preview: { url: nft?.image ?? ctx.tokenIcon(token?.imageId ?? 'NFT') } },
          flags: { is_spam: Boolean(nft?.spam) || Boolean(token?.spam) },
        },
        direction,
        quantity: { numeric: '1' },
        value: 0,
        price: 0,
      };
    }
    const info =
      t.kind === 'native'
        ? { name: native.name, symbol: native.symbol, decimals: native.decimals, imageId: native.symbol, key: 'native' }
        : {
            name: token?.name ?? 'Token',
            symbol: token?.symbol ?? '?',
            decimals: token?.decimals ?? 18,
            imageId: token?.imageId ?? '?',
            key: t.token_address!,
          };
    const amount = numeric(BigInt(t.amount), info.decimals);
    const price = prices.get(info.key) ?? 0;
    return {
      fungible_info: { name: info.name, symbol: info.symbol, icon: { url: ctx.tokenIcon(info.imageId) } },
      direction,
      quantity: { numeric: amount },
      value: usdValue(amount, price),
      price,
    };
  };

  const data = page.map((tx): HistoryTransaction => {
    const rowsOfTx = transfersByTx.get(tx.hash) ?? [];
    const directions = rowsOfTx.map(
      (t): Direction => (t.from_address === address && t.to_address === address ? 'self' : t.from_address === address ? 'out' : 'in'),
    );
    return {
      id: tx.hash,
      metadata: {
        operationType: operationType(rowsOfTx, directions, bought.has(tx.hash.toLowerCase())),
        hash: tx.hash,
        minedAt: new Date(tx.timestamp * 1000).toISOString(),
        sentFrom: getAddress(tx.from_address),
        sentTo: getAddress(tx.to_address ?? tx.created_contract ?? ZERO_ADDRESS),
        status: tx.status,
        nonce: tx.nonce,
        chain: chainId,
      },
      transfers: rowsOfTx.map((t, i) => transfer(t, directions[i]!)),
    };
  });
  return { data, next };
}
