/**
 * A Bitcoin send, start to end, for WalletSend and `sendTransaction(..., { namespace })`:
 * `prepareSend` checks the amount and the addresses (before any request), reads the fee
 * estimates and the account's spendable coins (from the Blockchain API, ./api-reads.ts, or the
 * network's Esplora), selects coins and builds the PSBT
 * with the inputs to sign; the wallet signs; `finalizeSigned` (./psbt.ts) extracts the raw
 * transaction; `broadcast` posts it; `followTransaction` (./follow.ts) waits for its block. Errors: ./errors.ts (codes for the modal to word); the client: ./esplora.ts; networks by CAIP-2 id: ./networks.ts.
 */
import { parseAddress, parsePaymentAddress, type ParsedAddress } from './address.js';
import { parseAmount } from './amount.js';
import { loadBtcSigner } from './btc-signer.js';
import { BitcoinSendError, isBitcoinSendError } from './errors.js';
import type { SendReads } from './api-reads.js';
import type { EsploraClient } from './esplora.js';
import { feeRates, MAX_RATE, MIN_RATE, type FeeRates, type FeeSpeed } from './fees.js';
import type { BitcoinNet } from './networks.js';
import { buildPsbt, type BuiltPsbt, type SignedTransaction } from './psbt.js';
import { selectCoins, type Coin } from './select.js';

/** Unconfirmed coins checked for being our own change (one /tx read each); more wait for their block. */
export const MAX_UNCONFIRMED_CHECKED = 20;

/**
 * The account's coins a send may spend: every confirmed one, and unconfirmed ones only when
 * their transaction spent the account's own coins alone (its change: a stranger's unconfirmed
 * payment may be replaced or never confirm).
 */
export async function spendableCoins(client: SendReads, address: string, signal?: AbortSignal): Promise<Coin[]> {
  const utxos = await client.utxos(address, signal);
  const coin = (u: (typeof utxos)[number]): Coin => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value), confirmed: u.status.confirmed });
  const confirmed = utxos.filter((u) => u.status.confirmed).map(coin);
  const pending = utxos.filter((u) => !u.status.confirmed).slice(0, MAX_UNCONFIRMED_CHECKED);
  const txids = [...new Set(pending.map((u) => u.txid))];
  const own = new Set<string>();
  await Promise.all(
    txids.map(async (txid) => {
      const tx = await client.txInputs(txid, signal);
      if (tx && tx.vin.length && tx.vin.every((i) => !i.is_coinbase && i.prevout?.scriptpubkey_address === address)) own.add(txid);
    }),
  );
  return [...confirmed, ...pending.filter((u) => own.has(u.txid)).map(coin)];
}

export interface SendRequest {
  /** Where the fee estimates and the coins are read. */
  client: SendReads;
  net: BitcoinNet;
  /** The payment address (P2WPKH or P2TR) paying, and the wallet's public key of it. */
  from: string;
  publicKey?: string | Uint8Array;
  to: unknown;
  /** Sats as a bigint, or BTC as a decimal string. */
  value: unknown;
  /** Default 'normal'. */
  speed?: FeeSpeed;
  /** sat/vB, instead of the speed's estimate. */
  feeRate?: number;
  signal?: AbortSignal;
}

export interface PreparedSend extends BuiltPsbt {
  from: ParsedAddress;
  to: ParsedAddress;
  amount: bigint;
  change: bigint;
  vsize: number;
  /** sat/vB paid, and the three the estimates gave. */
  feeRate: number;
  rates: FeeRates;
}

export async function prepareSend(request: SendRequest): Promise<PreparedSend> {
  const { client, net, signal } = request;
  await loadBtcSigner();
  const amount = parseAmount(request.value);
  const to = parseAddress(request.to, net);
  const from = parsePaymentAddress(request.from, net);
  if (request.feeRate !== undefined && !(Number.isFinite(request.feeRate) && request.feeRate >= MIN_RATE && request.feeRate <= MAX_RATE)) {
    throw new RangeError(`A fee rate is ${MIN_RATE} to ${MAX_RATE} sat/vB, not ${request.feeRate}`);
  }
  const [estimates, coins] = await Promise.all([client.feeEstimates(signal), spendableCoins(client, from.address, signal)]);
  const rates = feeRates(estimates);
  const feeRate = request.feeRate ?? rates[request.speed ?? 'normal'];
  const selection = selectCoins({ coins, amount, feeRate, accountType: from.type, receiverType: to.type });
  const built = buildPsbt({ net, from, publicKey: request.publicKey, to, amount, selection });
  return { ...built, from, to, amount, change: selection.change, vsize: selection.vsize, feeRate, rates };
}

/** Posts the signed transaction; the txid. One Esplora already has (a wallet that broadcast it too) counts as sent. */
export async function broadcast(client: EsploraClient, signed: SignedTransaction, signal?: AbortSignal): Promise<string> {
  try {
    const txid = await client.broadcast(signed.hex, signal);
    if (txid !== signed.txid) {
      throw new BitcoinSendError('ESPLORA_BAD_REPLY', `The Bitcoin API answered the txid ${txid}, not the transaction's ${signed.txid}`);
    }
    return txid;
  } catch (err) {
    if (isBitcoinSendError(err, 'TX_ALREADY_KNOWN')) return signed.txid;
    throw err;
  }
}
