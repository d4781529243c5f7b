/**
 * The development chain's answers in the shapes of Blockstream's Esplora HTTP API: a
 * transaction (vin with prevout, vout, size, weight, fee, status), its status, an address's
 * chain_stats/mempool_stats, its UTXOs, its history pages, and the fee estimates.
 */
import type { BtcDevChain } from './chain.js';
import { scriptAddress, scriptAsm, scriptType } from './network.js';
import { NULL_TXID, type TxOutput } from './transaction.js';
import { MIN_RELAY_FEE_RATE } from './validate.js';

/** Esplora's pages: 50 mempool transactions, then 25 confirmed ones per page. */
export const MEMPOOL_PAGE = 50;
export const CHAIN_PAGE = 25;
/** The most UTXOs /address/{a}/utxo lists (electrs' default --utxos-limit is 500). */
export const UTXO_LIMIT = 500;

export type TxStatus = { confirmed: false } | { confirmed: true; block_height: number; block_hash: string; block_time: number };

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function outputJson(o: TxOutput) {
  const address = scriptAddress(o.script);
  return {
    scriptpubkey: hex(o.script),
    scriptpubkey_asm: scriptAsm(o.script),
    scriptpubkey_type: scriptType(o.script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(o.value),
  };
}

export function txStatus(chain: BtcDevChain, txid: string): TxStatus | undefined {
  const entry = chain.entry(txid);
  if (!entry) return undefined;
  if (entry.height === undefined) return { confirmed: false };
  const block = chain.blocks[entry.height]!;
  return { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time };
}

export function txJson(chain: BtcDevChain, txid: string) {
  const entry = chain.entry(txid);
  if (!entry) return undefined;
  const { tx } = entry;
  return {
    txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.inputs.map((input) => {
      const prev = tx.isCoinbase ? undefined : chain.output(input.txid, input.vout);
      return {
        txid: input.txid,
        vout: input.vout,
        prevout: prev ? outputJson(prev) : null,
        scriptsig: hex(input.scriptSig),
        scriptsig_asm: scriptAsm(input.scriptSig),
        ...(input.witness.length ? { witness: input.witness.map(hex) } : {}),
        is_coinbase: tx.isCoinbase && input.txid === NULL_TXID,
        sequence: input.sequence,
      };
    }),
    vout: tx.outputs.map(outputJson),
    size: tx.size,
    weight: tx.weight,
    fee: Number(entry.fee),
    status: txStatus(chain, txid)!,
  };
}

interface Stats {
  funded_txo_count: number;
  funded_txo_sum: number;
  spent_txo_count: number;
  spent_txo_sum: number;
  tx_count: number;
}

const emptyStats = (): Stats => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 });

export function addressJson(chain: BtcDevChain, address: string) {
  const chain_stats = emptyStats();
  const mempool_stats = emptyStats();
  for (const txid of chain.addressTxids(address)) {
    const entry = chain.entry(txid)!;
    const stats = entry.height === undefined ? mempool_stats : chain_stats;
    stats.tx_count++;
    for (const o of entry.tx.outputs) {
      if (scriptAddress(o.script) !== address) continue;
      stats.funded_txo_count++;
      stats.funded_txo_sum += Number(o.value);
    }
    if (entry.tx.isCoinbase) continue;
    for (const input of entry.tx.inputs) {
      const prev = chain.output(input.txid, input.vout)!;
      if (scriptAddress(prev.script) !== address) continue;
      stats.spent_txo_count++;
      stats.spent_txo_sum += Number(prev.value);
    }
  }
  return { address, chain_stats, mempool_stats };
}

/** The address's unspent outputs (unconfirmed ones too, less those the mempool spends), or undefined past UTXO_LIMIT. */
export function utxoJson(chain: BtcDevChain, address: string) {
  const utxos = [];
  for (const txid of chain.addressTxids(address)) {
    const outputs = chain.entry(txid)!.tx.outputs;
    for (let vout = 0; vout < outputs.length; vout++) {
      if (scriptAddress(outputs[vout]!.script) !== address || chain.spender(txid, vout)) continue;
      if (utxos.length === UTXO_LIMIT) return undefined;
      utxos.push({ txid, vout, status: txStatus(chain, txid)!, value: Number(outputs[vout]!.value) });
    }
  }
  return utxos;
}

/**
 * An address's history, newest first: without `lastSeen` up to MEMPOOL_PAGE mempool transactions
 * then the first CHAIN_PAGE confirmed ones; with it, the CHAIN_PAGE confirmed ones after it
 * (undefined when it is not a confirmed transaction of the address).
 */
export function historyJson(chain: BtcDevChain, address: string, lastSeen?: string) {
  const newestFirst = [...chain.addressTxids(address)].reverse();
  const confirmed = newestFirst.filter((txid) => chain.where(txid) === 'block');
  if (lastSeen === undefined) {
    const mempool = newestFirst.filter((txid) => chain.where(txid) === 'mempool').slice(0, MEMPOOL_PAGE);
    return [...mempool, ...confirmed.slice(0, CHAIN_PAGE)].map((txid) => txJson(chain, txid)!);
  }
  const at = confirmed.indexOf(lastSeen);
  if (at < 0) return undefined;
  return confirmed.slice(at + 1, at + 1 + CHAIN_PAGE).map((txid) => txJson(chain, txid)!);
}

/** sat/vB by confirmation target, as Esplora's /fee-estimates: a development chain's fixed rates, never under the relay minimum. */
export function feeEstimates(): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const target of [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008]) {
    rates[String(target)] = Math.max(MIN_RELAY_FEE_RATE, target === 1 ? 5 : target === 2 ? 4 : target <= 3 ? 3 : target <= 6 ? 2 : 1);
  }
  return rates;
}
