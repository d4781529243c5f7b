/**
 * Sign in with X on solana: a chain reference is the genesis hash's first 32 base58 characters,
 * the address a 32-byte ed25519 public key in base58, the signature 64 bytes in base58, checked
 * over the message's UTF-8 text with node:crypto. The default chains are the client's presets.
 */
import { createPublicKey, verify } from 'node:crypto';
import { base58Decode } from '../../../../src/wire/base58.js';
import { HttpError } from '../../errors.js';
import type { SiwxCapability } from '../types.js';

/** A Solana CAIP-2 reference: the genesis hash's first 32 base58 characters. */
const SOLANA_REFERENCE = /^[1-9A-HJ-NP-Za-km-z]{32}$/;

function ed25519Valid(message: string, signature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' });
    return verify(null, Buffer.from(message, 'utf8'), key, signature);
  } catch {
    return false;
  }
}

export const solanaSiwx: SiwxCapability = {
  accountType: 'Solana',
  chainForm: "solana:<the genesis hash's first 32 characters>",
  example: 'solana:REF',
  referenceValid: (reference) => SOLANA_REFERENCE.test(reference),
  defaultChains: [],
  account(address, signature) {
    const publicKey = base58Decode(address);
    if (publicKey?.length !== 32) throw new HttpError(400, `Invalid solana address ${address}: must be 32 bytes in base58`, 'address');
    const bytes = base58Decode(signature);
    if (bytes?.length !== 64) throw new HttpError(400, 'Invalid signature: must be 64 bytes in base58', 'signature');
    return { address, signature: bytes, publicKey };
  },
  verify: async (text, message) => ed25519Valid(text, message.signature as Uint8Array, message.publicKey!),
};
