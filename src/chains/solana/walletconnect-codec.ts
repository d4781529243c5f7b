/**
 * The encodings WalletConnect's Solana methods speak (base58 keys and signatures, base64
 * transactions) and just enough of the transaction wire format to find a signer's slot, with
 * Uint8Array only: no Buffer, no @solana/web3.js (this module is in the WalletConnect chunk).
 *
 * A serialized transaction is: compact-u16 signature count, that many 64-byte signatures, then
 * the message. A message is an optional version byte (high bit set), a 3-byte header whose first
 * byte is the number of required signatures, a compact-u16 key count and the 32-byte keys; the
 * first keys are the signers, in the order of the signatures.
 */
import { base58Encode } from '../../wire/base58.js';
import { isAddress } from './address.js';

export { base58Decode, base58Encode } from '../../wire/base58.js';
export { base64Decode, base64Encode } from '../../wire/base64.js';

/** Whether `value` is a Solana address: 32 to 44 base58 characters that decode to 32 bytes. */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && isAddress(value);
}

/** A compact-u16 at `at`: its value and its length in bytes; undefined when the bytes end first. */
function compactU16(bytes: Uint8Array, at: number): { value: number; size: number } | undefined {
  let value = 0;
  for (let size = 1; size <= 3; size++) {
    const byte = bytes[at + size - 1];
    if (byte === undefined) return undefined;
    value |= (byte & 0x7f) << (7 * (size - 1));
    if ((byte & 0x80) === 0) return { value, size };
  }
  return undefined;
}

export interface TransactionLayout {
  /** Where the first signature starts. */
  signaturesAt: number;
  /** The signatures, in signer order (a slot of zeros: not signed yet). */
  signatures: Uint8Array[];
  /** The signers' addresses (base58), in the order of the signatures. */
  signers: string[];
  /** The message: what the signatures sign. */
  message: Uint8Array;
}

/** Reads a serialized transaction's signatures and signers; undefined when it is not one. */
export function transactionLayout(bytes: Uint8Array): TransactionLayout | undefined {
  const count = compactU16(bytes, 0);
  if (!count || count.value === 0) return undefined;
  const signaturesAt = count.size;
  let at = signaturesAt + 64 * count.value;
  const message = bytes.subarray(at);
  if ((bytes[at] ?? 0) & 0x80) at++;
  const required = bytes[at];
  const keys = compactU16(bytes, at + 3);
  if (required !== count.value || !keys || keys.value < required) return undefined;
  const keysAt = at + 3 + keys.size;
  if (bytes.length < keysAt + 32 * keys.value) return undefined;
  const signatures: Uint8Array[] = [];
  const signers: string[] = [];
  for (let i = 0; i < required; i++) {
    signatures.push(bytes.subarray(signaturesAt + 64 * i, signaturesAt + 64 * (i + 1)));
    signers.push(base58Encode(bytes.subarray(keysAt + 32 * i, keysAt + 32 * (i + 1))));
  }
  return { signaturesAt, signatures, signers, message };
}

/** A copy of `transaction` with `signature` in `signer`'s slot; undefined when it has no such signer. */
export function withSignature(transaction: Uint8Array, signer: string, signature: Uint8Array): Uint8Array | undefined {
  const layout = transactionLayout(transaction);
  const index = layout?.signers.indexOf(signer) ?? -1;
  if (!layout || index < 0 || signature.length !== 64) return undefined;
  const out = new Uint8Array(transaction);
  out.set(signature, layout.signaturesAt + 64 * index);
  return out;
}
