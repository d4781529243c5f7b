/**
 * The Bitcoin reads of the Blockchain API over Esplora (./esplora.ts): the balance (BTC, 8
 * decimals, the confirmed sats valued with the price table's `native` price of the chain), the
 * unspent outputs with the confirmed and unconfirmed balance in sats, the history (newest first,
 * mempool transactions first, each with its confirmations; the cursor is the last confirmed txid
 * of a page) and the fee estimates (sat/vB: fast in 1 block, normal in 6, slow in 144).
 */
import { numeric, usdValue } from '../../blockchain/amounts.js';
import type { HistoryPage, HistoryTransaction } from '../../blockchain/history.js';
import type { PriceSource } from '../../blockchain/prices.js';
import { InputError } from '../../errors.js';
import type { FeeEstimates, TokenBalance, UtxoSet } from '../types.js';
import type { Esplora, EsploraTx } from './esplora.js';
import { BIP122_ADDRESS_PREFIXES } from './siwx.js';

export const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 };
/** Esplora's page of confirmed transactions. */
const ESPLORA_PAGE = 25;
const TXID = /^[0-9a-f]{64}$/;

export interface Bip122Context {
  esplora: Esplora;
  prices: PriceSource;
}

/** Refuses (400 on `address`) an address of another network than the chain's. */
function checkNetwork(chainId: string, address: string): void {
  const prefix = BIP122_ADDRESS_PREFIXES[chainId];
  if (prefix && !address.startsWith(prefix))
    throw new InputError('address', `Invalid path parameter 'address': ${chainId} addresses start with ${prefix}`);
}

const price = async (ctx: Bip122Context, chainId: string) => (await ctx.prices.usdPrices(chainId, ['native'])).get('native') ?? 0;

export async function bitcoinBalances(
  ctx: Bip122Context,
  chainId: string,
  address: string,
  tokenIcon: (id: string) => string,
): Promise<TokenBalance[]> {
  checkNetwork(chainId, address);
  const [account, usd] = await Promise.all([ctx.esplora.address(address), price(ctx, chainId)]);
  const confirmed = account.chain_stats.funded_txo_sum - account.chain_stats.spent_txo_sum;
  const quantity = numeric(BigInt(Math.max(confirmed, 0)), BTC.decimals);
  return [
    {
      name: BTC.name,
      symbol: BTC.symbol,
      chainId,
      value: usdValue(quantity, usd),
      price: usd,
      quantity: { decimals: String(BTC.decimals), numeric: quantity },
      iconUrl: tokenIcon(BTC.symbol),
    },
  ];
}

const confirmations = (status: EsploraTx['status'], tip: number) => (status.confirmed ? Math.max(tip - status.block_height + 1, 0) : 0);

export async function bitcoinUtxos(ctx: Bip122Context, chainId: string, address: string): Promise<UtxoSet> {
  checkNetwork(chainId, address);
  const [account, utxos, tip, usd] = await Promise.all([
    ctx.esplora.address(address),
    ctx.esplora.utxos(address),
    ctx.esplora.tipHeight(),
    price(ctx, chainId),
  ]);
  const confirmed = account.chain_stats.funded_txo_sum - account.chain_stats.spent_txo_sum;
  const unconfirmed = account.mempool_stats.funded_txo_sum - account.mempool_stats.spent_txo_sum;
  return {
    chainId,
    confirmed,
    unconfirmed,
    price: usd,
    value: usdValue(numeric(BigInt(Math.max(confirmed + unconfirmed, 0)), BTC.decimals), usd),
    utxos: utxos
      .map((u) => ({ txid: u.txid, vout: u.vout, value: u.value, confirmations: confirmations(u.status, tip) }))
      .sort((a, b) => b.value - a.value || a.txid.localeCompare(b.txid) || a.vout - b.vout),
  };
}

/** One Esplora transaction as the account sees it: what it sent (inputs of its, less its change) or received. */
function historyEntry(tx: EsploraTx, chainId: string, address: string, tip: number, usd: number, icon: string): HistoryTransaction {
  const spent = tx.vin.reduce((sum, i) => sum + (i.prevout?.scriptpubkey_address === address ? i.prevout.value : 0), 0);
  const received = tx.vout.reduce((sum, o) => sum + (o.scriptpubkey_address === address ? o.value : 0), 0);
  const sending = spent > 0;
  const amount = sending ? spent - received : received;
  const quantity = numeric(BigInt(Math.max(amount, 0)), BTC.decimals);
  const from = tx.vin.find((i) => i.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address ?? 'coinbase';
  const to = tx.vout.find((o) => o.scriptpubkey_address && o.scriptpubkey_address !== address)?.scriptpubkey_address ?? address;
  return {
    id: tx.txid,
    metadata: {
      operationType: sending ? 'send' : 'receive',
      hash: tx.txid,
      minedAt: new Date((tx.status.confirmed ? tx.status.block_time : Math.floor(Date.now() / 1000)) * 1000).toISOString(),
      sentFrom: sending ? address : from,
      sentTo: sending ? to : address,
      status: tx.status.confirmed ? 'confirmed' : 'pending',
      nonce: 0,
      chain: chainId,
      confirmations: confirmations(tx.status, tip),
    },
    transfers: [
      {
        fungible_info: { name: BTC.name, symbol: BTC.symbol, icon: { url: icon } },
        direction: sending ? (to === address ? 'self' : 'out') : 'in',
        quantity: { numeric: quantity },
        value: usdValue(quantity, usd),
        price: usd,
      },
    ],
  };
}

export async function bitcoinHistory(
  ctx: Bip122Context,
  chainId: string,
  address: string,
  cursor: string | undefined,
  tokenIcon: (id: string) => string,
): Promise<HistoryPage> {
  checkNetwork(chainId, address);
  if (cursor !== undefined && !TXID.test(cursor))
    throw new InputError('cursor', "Invalid query parameter 'cursor': must be a txid of the previous page");
  const [txs, tip, usd] = await Promise.all([ctx.esplora.txs(address, cursor), ctx.esplora.tipHeight(), price(ctx, chainId)]);
  const icon = tokenIcon(BTC.symbol);
  const confirmed = txs.filter((tx) => tx.status.confirmed);
  return {
    data: txs.map((tx) => historyEntry(tx, chainId, address, tip, usd, icon)),
    next: confirmed.length >= ESPLORA_PAGE ? confirmed.at(-1)!.txid : null,
  };
}

/** The fee rate of the first target at or above `blocks` (Esplora lists 1 to 25, 144, 504, 1008), at least 1 sat/vB. */
function rateAt(targets: Record<string, number>, blocks: number): number {
  const keys = Object.keys(targets)
    .map(Number)
    .sort((a, b) => a - b);
  const key = keys.find((k) => k >= blocks) ?? keys.at(-1);
  return Math.max(key === undefined ? 1 : targets[String(key)]!, 1);
}

export async function bitcoinFees(ctx: Bip122Context, chainId: string): Promise<FeeEstimates> {
  const targets = await ctx.esplora.fees();
  return { chainId, fast: rateAt(targets, 1), normal: rateAt(targets, 6), slow: rateAt(targets, 144), targets };
}
