/**
 * The PSBT of a send, built with @scure/btc-signer: the selected coins as inputs (witnessUtxo;
 * a P2TR account's internal key when the wallet gave it, as signers need it), the receiver, then
 * the change back to the payment address; inputs signal replace-by-fee. With it, the inputs to
 * sign as WalletConnect's `signPsbt` takes them (`{ address, index, sighashTypes }`) and as
 * Wallet Standard's `bitcoin:signTransaction` does (`signingIndexes` per address). Then the
 * signed PSBT the wallet gives back: checked to pay what was built, finalised, extracted.
 * Call `loadBtcSigner()` once before (./btc-signer.ts).
 */
import type { ParsedAddress, PaymentType } from './address.js';
import { btcSigner } from './btc-signer.js';
import { BitcoinSendError } from './errors.js';
import { NET_PARAMS, type BitcoinNet } from './networks.js';
import type { Selection } from './select.js';

/** BIP-125: replaceable, so a stuck send can be bumped. */
export const RBF_SEQUENCE = 0xfffffffd;
/** SIGHASH_ALL for a P2WPKH input, SIGHASH_DEFAULT (BIP-341) for a P2TR key-path one. */
export const SIGHASH: Record<PaymentType, number> = { p2wpkh: 0x01, p2tr: 0x00 };

export interface SignInput {
  address: string;
  index: number;
  sighashTypes: number[];
}

export interface BuiltPsbt {
  /** The unsigned PSBT, base64. */
  psbt: string;
  signInputs: SignInput[];
  /** The same for Wallet Standard's `bitcoin:signTransaction`: per address, the indexes to sign. */
  inputsToSign: { address: string; signingIndexes: number[]; sigHash: number }[];
  /** What the transaction pays, in order (receiver, then change if any). */
  outputs: { address: string; script: Uint8Array; amount: bigint }[];
  /** The outpoints spent, in order. */
  outpoints: { txid: string; vout: number }[];
  fee: bigint;
}

export const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A P2TR account's x-only internal key from the wallet's public key (32 or 33 bytes, hex or bytes), when it is the address's. */
function internalKey(from: ParsedAddress, publicKey: string | Uint8Array | undefined, net: BitcoinNet): Uint8Array | undefined {
  if (from.type !== 'p2tr' || publicKey === undefined) return undefined;
  const bytes = typeof publicKey === 'string' ? hexToBytes(publicKey) : publicKey;
  const xOnly = bytes.length === 33 ? bytes.slice(1) : bytes;
  if (xOnly.length !== 32) return undefined;
  try {
    return equal(btcSigner().p2tr(xOnly, undefined, NET_PARAMS[net]).script, from.script) ? xOnly : undefined;
  } catch {
    return undefined;
  }
}

export interface BuildRequest {
  net: BitcoinNet;
  from: ParsedAddress & { type: PaymentType };
  /** The wallet's public key of `from` (a P2TR account's internal key goes into the PSBT). */
  publicKey?: string | Uint8Array;
  to: ParsedAddress;
  amount: bigint;
  selection: Selection;
}

export function buildPsbt({ net, from, publicKey, to, amount, selection }: BuildRequest): BuiltPsbt {
  const { Transaction } = btcSigner();
  const tx = new Transaction();
  const tapInternalKey = internalKey(from, publicKey, net);
  for (const coin of selection.inputs) {
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      sequence: RBF_SEQUENCE,
      witnessUtxo: { script: from.script, amount: coin.value },
      ...(tapInternalKey ? { tapInternalKey } : {}),
    });
  }
  const outputs = [{ address: to.address, script: to.script, amount }];
  if (selection.change > 0n) outputs.push({ address: from.address, script: from.script, amount: selection.change });
  for (const o of outputs) tx.addOutput({ script: o.script, amount: o.amount });
  const indexes = selection.inputs.map((_, index) => index);
  const sighash = SIGHASH[from.type];
  return {
    psbt: toBase64(tx.toPSBT()),
    signInputs: indexes.map((index) => ({ address: from.address, index, sighashTypes: [sighash] })),
    inputsToSign: [{ address: from.address, signingIndexes: indexes, sigHash: sighash }],
    outputs,
    outpoints: selection.inputs.map((c) => ({ txid: c.txid, vout: c.vout })),
    fee: selection.fee,
  };
}

export interface SignedTransaction {
  hex: string;
  txid: string;
  fee: bigint;
}

/**
 * The raw transaction of the PSBT a wallet signed (base64, or its bytes): it must spend the
 * built outpoints and pay the built outputs (PSBT_ALTERED otherwise); inputs the wallet left
 * unfinalised are finalised here (PSBT_NOT_SIGNED when one has no signature).
 */
export function finalizeSigned(signed: string | Uint8Array, built: BuiltPsbt): SignedTransaction {
  const { Transaction } = btcSigner();
  let tx;
  try {
    tx = Transaction.fromPSBT(typeof signed === 'string' ? fromBase64(signed.trim()) : signed);
  } catch (cause) {
    throw new BitcoinSendError('PSBT_INVALID', 'The wallet answered something that is not a PSBT', { cause });
  }
  const sameInputs =
    tx.inputsLength === built.outpoints.length &&
    built.outpoints.every((o, i) => {
      const input = tx.getInput(i);
      return input.index === o.vout && input.txid !== undefined && equal(input.txid, hexToBytes(o.txid));
    });
  const sameOutputs =
    tx.outputsLength === built.outputs.length &&
    built.outputs.every((o, i) => {
      const output = tx.getOutput(i);
      return output.amount === o.amount && output.script !== undefined && equal(output.script, o.script);
    });
  if (!sameInputs || !sameOutputs) {
    throw new BitcoinSendError('PSBT_ALTERED', 'The wallet signed a transaction that is not the one the modal built');
  }
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    if (input.finalScriptWitness?.length || input.finalScriptSig?.length) continue;
    try {
      tx.finalizeIdx(i);
    } catch (cause) {
      throw new BitcoinSendError('PSBT_NOT_SIGNED', `The wallet did not sign input ${i}`, { cause });
    }
  }
  return { hex: tx.hex, txid: tx.id, fee: built.fee };
}
