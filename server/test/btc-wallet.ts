/** Test helpers: real P2WPKH and P2TR transactions built and signed with @scure/btc-signer, and the Esplora routes read over HTTP. */
import { createHash } from 'node:crypto';
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer';
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js';
import { REGTEST } from '../src/chains/bip122/devchain/network.js';

export interface TestKey {
  privateKey: Uint8Array;
  wpkh: { address: string; script: Uint8Array };
  tr: { address: string; script: Uint8Array; internalKey: Uint8Array };
}

export function testKey(text: string): TestKey {
  const privateKey = new Uint8Array(createHash('sha256').update(text).digest());
  const w = p2wpkh(pubECDSA(privateKey), REGTEST);
  const internalKey = pubSchnorr(privateKey);
  const t = p2tr(internalKey, undefined, REGTEST);
  return { privateKey, wpkh: { address: w.address!, script: w.script }, tr: { address: t.address!, script: t.script, internalKey } };
}

export interface Coin {
  txid: string;
  vout: number;
  value: number;
  /** Which of the key's outputs it is. */
  kind: 'wpkh' | 'tr';
}

/** A signed raw transaction (hex) spending `coins` of `key` to `outputs`; `claimedValues` lies about the inputs' amounts to the signer. */
export function spend(
  key: TestKey,
  coins: readonly Coin[],
  outputs: readonly { address: string; value: number }[],
  claimedValues?: number[],
): string {
  const tx = new Transaction();
  coins.forEach((coin, i) => {
    const out = key[coin.kind];
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: out.script, amount: BigInt(claimedValues?.[i] ?? coin.value) },
      ...(coin.kind === 'tr' ? { tapInternalKey: key.tr.internalKey } : {}),
    });
  });
  for (const o of outputs) tx.addOutputAddress(o.address, BigInt(o.value), REGTEST);
  tx.sign(key.privateKey);
  tx.finalize();
  return tx.hex;
}

/** The txid of a raw transaction hex. */
export const txidOf = (hex: string) => Transaction.fromRaw(Buffer.from(hex, 'hex')).id;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read Esplora's JSON loosely, as any client does
export async function getJson<T = any>(url: string): Promise<T> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function post(base: string, hex: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}/tx`, { method: 'POST', body: hex });
  return { status: res.status, text: await res.text() };
}

/** The confirmed balance in sats Esplora's /address/{a} gives (funded less spent). */
export async function balance(base: string, address: string): Promise<{ confirmed: number; unconfirmed: number }> {
  const a = await getJson(`${base}/address/${address}`);
  return {
    confirmed: a.chain_stats.funded_txo_sum - a.chain_stats.spent_txo_sum,
    unconfirmed: a.mempool_stats.funded_txo_sum - a.mempool_stats.spent_txo_sum,
  };
}

/** A signed raw transaction (hex) paying `value` of `key`'s `coin` to `to`, the rest less `fee` back to the key's P2WPKH address. */
export const payWithChange = (key: TestKey, coin: Coin, to: string, value: number, fee: number): string =>
  spend(
    key,
    [coin],
    [
      { address: to, value },
      { address: key.wpkh.address, value: coin.value - value - fee },
    ],
  );
