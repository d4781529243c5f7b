/**
 * Solana's transaction wire format, read by hand so the frame needs no @solana/web3.js: a
 * compact-u16 count of signatures, the 64-byte signatures, then the message (legacy, or
 * versioned with a 0x80 | version prefix). The frame signs the message bytes with ed25519 and
 * puts the signature in its key's signer slot.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { W3Error } from '../../core/errors/base.js';

/** The largest transaction Solana accepts (one packet). */
export const MAX_TRANSACTION_SIZE = 1232;
const SIGNATURE_SIZE = 64;
const KEY_SIZE = 32;

/** The transaction's bytes are not a transaction the frame can sign. */
export class TransactionFormatError extends W3Error {
  override name = 'TransactionFormatError';
  constructor(message: string) {
    super(`Invalid transaction: ${message}`, { category: 'WALLET_RPC_ERROR' });
  }
}

export interface ParsedInstruction {
  programIndex: number;
  accounts: number[];
  data: Uint8Array;
}

export interface ParsedTransaction {
  signatureCount: number;
  /** Where the message starts in the transaction's bytes. */
  messageOffset: number;
  version: 'legacy' | number;
  requiredSignatures: number;
  /** The message's static account keys; the first `requiredSignatures` sign, the first pays the fee. */
  accountKeys: Uint8Array[];
  instructions: ParsedInstruction[];
}

class Reader {
  offset: number;
  constructor(
    private readonly bytes: Uint8Array,
    offset = 0,
  ) {
    this.offset = offset;
  }
  byte(): number {
    if (this.offset >= this.bytes.length) throw new TransactionFormatError('it ends too early');
    return this.bytes[this.offset++] as number;
  }
  compactU16(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.byte();
      value |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
    throw new TransactionFormatError('a length is malformed');
  }
  take(size: number): Uint8Array {
    if (this.offset + size > this.bytes.length) throw new TransactionFormatError('it ends too early');
    const out = this.bytes.subarray(this.offset, this.offset + size);
    this.offset += size;
    return out;
  }
}

/** Parses a transaction's signatures and message header, keys and instructions. */
export function parseTransaction(bytes: Uint8Array): ParsedTransaction {
  if (bytes.length > MAX_TRANSACTION_SIZE) throw new TransactionFormatError(`it is over ${MAX_TRANSACTION_SIZE} bytes`);
  const reader = new Reader(bytes);
  const signatureCount = reader.compactU16();
  reader.take(signatureCount * SIGNATURE_SIZE);
  const messageOffset = reader.offset;
  const first = reader.byte();
  let version: 'legacy' | number = 'legacy';
  let requiredSignatures = first;
  if (first & 0x80) {
    version = first & 0x7f;
    if (version !== 0) throw new TransactionFormatError(`version ${version} is not supported`);
    requiredSignatures = reader.byte();
  }
  reader.byte(); // read-only signed accounts
  reader.byte(); // read-only unsigned accounts
  const keyCount = reader.compactU16();
  const accountKeys: Uint8Array[] = [];
  for (let i = 0; i < keyCount; i++) accountKeys.push(reader.take(KEY_SIZE));
  reader.take(KEY_SIZE); // recent blockhash
  const instructionCount = reader.compactU16();
  const instructions: ParsedInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programIndex = reader.byte();
    const accounts = [...reader.take(reader.compactU16())];
    const data = reader.take(reader.compactU16());
    instructions.push({ programIndex, accounts, data });
  }
  if (requiredSignatures === 0 || requiredSignatures > keyCount) throw new TransactionFormatError('its signer count is wrong');
  if (signatureCount !== requiredSignatures) throw new TransactionFormatError('its signature count does not match its signers');
  return { signatureCount, messageOffset, version, requiredSignatures, accountKeys, instructions };
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Signs the transaction with `solanaSeed`: returns a copy with the signature in the slot of the
 * seed's public key (the fee payer's when it pays) and the signature itself.
 */
export function signTransaction(bytes: Uint8Array, solanaSeed: Uint8Array): { transaction: Uint8Array; signature: Uint8Array } {
  const parsed = parseTransaction(bytes);
  const publicKey = ed25519.getPublicKey(solanaSeed);
  const slot = parsed.accountKeys.slice(0, parsed.requiredSignatures).findIndex((key) => sameKey(key, publicKey));
  if (slot < 0) throw new TransactionFormatError('the wallet is not one of its signers');
  const signature = ed25519.sign(bytes.subarray(parsed.messageOffset), solanaSeed);
  const transaction = bytes.slice();
  transaction.set(signature, parsed.messageOffset - parsed.signatureCount * SIGNATURE_SIZE + slot * SIGNATURE_SIZE);
  return { transaction, signature };
}
