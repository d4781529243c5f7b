/** Solana's Sign in with X signature check: ed25519 over the UTF-8 text by the base58 address. */
import { ed25519 } from '@noble/curves/ed25519';
import { SiwxError } from '../../siwx/errors.js';
import { base58Decode } from '../../wire/base58.js';
import type { SiwxSignatureCheck } from '../siwx-codec.js';

export const checkSolanaSignature: SiwxSignatureCheck = async (fields, message, signature) => {
  const key = base58Decode(fields.address);
  const sig = base58Decode(signature);
  let good = false;
  if (key?.length === 32 && sig?.length === 64) {
    try {
      good = ed25519.verify(sig, new TextEncoder().encode(message), key);
    } catch {
      good = false;
    }
  }
  if (!good) throw new SiwxError('Invalid signature');
};
