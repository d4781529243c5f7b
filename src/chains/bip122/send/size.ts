/**
 * Sizes, dust and fees of a send. Weights (weight units; vsize is weight / 4 rounded up) per
 * input and output type, for the signatures wallets make: a P2WPKH input's ECDSA signature is
 * counted at its largest (72 bytes with the sighash byte), a P2TR key-path input's Schnorr
 * signature at 64 bytes (SIGHASH_DEFAULT). Dust: Bitcoin Core's limits at its default dust relay
 * fee (3 sat/vB), the smallest output a node relays.
 */
import type { OutputType, PaymentType } from './address.js';

/** version, locktime, input and output counts (4 WU a byte) plus the segwit marker and flag (1 WU each). */
export const TX_OVERHEAD_WEIGHT = (4 + 4 + 1 + 1) * 4 + 2;
/** Outpoint (36), empty scriptSig length (1) and sequence (4) at 4 WU a byte, plus the witness. */
export const INPUT_WEIGHT: Record<PaymentType, number> = {
  // witness: item count 1, signature push 1 + 72, public key push 1 + 33
  p2wpkh: 41 * 4 + 1 + 73 + 34,
  // witness: item count 1, signature push 1 + 64
  p2tr: 41 * 4 + 1 + 65,
};
/** Value (8), script length (1) and the script, at 4 WU a byte. */
export const OUTPUT_WEIGHT: Record<OutputType, number> = {
  p2wpkh: (8 + 1 + 22) * 4,
  p2tr: (8 + 1 + 34) * 4,
  p2wsh: (8 + 1 + 34) * 4,
  p2pkh: (8 + 1 + 25) * 4,
  p2sh: (8 + 1 + 23) * 4,
};
export const DUST_LIMIT: Record<OutputType, bigint> = { p2pkh: 546n, p2sh: 540n, p2wpkh: 294n, p2wsh: 330n, p2tr: 330n };

/** The vsize of a transaction spending `inputs` inputs of `inputType` to outputs of `outputs` types. */
export function estimateVsize(inputType: PaymentType, inputs: number, outputs: readonly OutputType[]): number {
  const weight = TX_OVERHEAD_WEIGHT + inputs * INPUT_WEIGHT[inputType] + outputs.reduce((sum, type) => sum + OUTPUT_WEIGHT[type], 0);
  return Math.ceil(weight / 4);
}

/** The fee in sats of `vsize` vbytes at `rate` sat/vB (fractional rates allowed), rounded up. */
export const feeFor = (vsize: number, rate: number): bigint => BigInt(Math.ceil(vsize * rate));
