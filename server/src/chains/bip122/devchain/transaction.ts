/**
 * A raw Bitcoin transaction as the development chain keeps it: decoded with @scure/btc-signer
 * (RawTx), with its txid, size, weight and virtual size.
 */
import { RawTx } from '@scure/btc-signer/script.js';
import { sha256x2 } from '@scure/btc-signer/utils.js';

export const NULL_TXID = '0'.repeat(64);
export const COINBASE_VOUT = 0xffffffff;

export interface TxInput {
  txid: string;
  vout: number;
  scriptSig: Uint8Array;
  sequence: number;
  witness: Uint8Array[];
}

export interface TxOutput {
  value: bigint;
  script: Uint8Array;
}

export interface DecodedTx {
  txid: string;
  hex: string;
  version: number;
  locktime: number;
  inputs: TxInput[];
  outputs: TxOutput[];
  size: number;
  weight: number;
  vsize: number;
  isCoinbase: boolean;
}

/** Thrown for bytes that are not one whole transaction. */
export class TxDecodeError extends Error {}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Decodes raw transaction bytes; a TxDecodeError says why they are not one. */
export function decodeTx(raw: Uint8Array): DecodedTx {
  let decoded;
  try {
    decoded = RawTx.decode(raw);
  } catch (err) {
    throw new TxDecodeError(`the bytes are not a transaction (${(err as Error).message.split('\n')[0]})`);
  }
  if (decoded.inputs.length === 0) throw new TxDecodeError('the transaction has no inputs');
  if (decoded.outputs.length === 0) throw new TxDecodeError('the transaction has no outputs');
  const stripped = RawTx.encode({ ...decoded, segwitFlag: false, witnesses: undefined });
  const weight = stripped.length * 3 + raw.length;
  const inputs = decoded.inputs.map((input, i) => ({
    txid: toHex(input.txid),
    vout: input.index,
    scriptSig: input.finalScriptSig,
    sequence: input.sequence,
    witness: decoded.witnesses?.[i] ?? [],
  }));
  return {
    // The txid: the double SHA-256 of the serialization without witnesses, shown byte-reversed.
    txid: Buffer.from(sha256x2(stripped)).reverse().toString('hex'),
    hex: toHex(raw),
    version: decoded.version,
    locktime: decoded.lockTime,
    inputs,
    outputs: decoded.outputs.map((o) => ({ value: o.amount, script: o.script })),
    size: raw.length,
    weight,
    vsize: Math.ceil(weight / 4),
    isCoinbase: inputs.length === 1 && inputs[0]!.txid === NULL_TXID && inputs[0]!.vout === COINBASE_VOUT,
  };
}

/** Decodes a transaction's hex. */
export const decodeTxHex = (hex: string) => decodeTx(new Uint8Array(Buffer.from(hex, 'hex')));

/** A coinbase transaction: the block height (BIP-34) and a tag in its script, paying `outputs`. */
export function coinbaseTx(height: number, outputs: readonly TxOutput[]): DecodedTx {
  const heightBytes: number[] = [];
  for (let h = height; h > 0; h = Math.floor(h / 256)) heightBytes.push(h % 256);
  if ((heightBytes.at(-1) ?? 0) & 0x80) heightBytes.push(0);
  const tag = Buffer.from('w3kit development chain');
  const scriptSig = new Uint8Array([heightBytes.length, ...heightBytes, tag.length, ...tag]);
  const raw = RawTx.encode({
    version: 2,
    segwitFlag: false,
    inputs: [
      { txid: new Uint8Array(Buffer.from(NULL_TXID, 'hex')), index: COINBASE_VOUT, finalScriptSig: scriptSig, sequence: 0xffffffff },
    ],
    outputs: outputs.map((o) => ({ amount: o.value, script: o.script })),
    witnesses: undefined,
    lockTime: 0,
  });
  return decodeTx(raw);
}
