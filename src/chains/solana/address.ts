/**
 * Solana addresses and transaction signatures (spec section 5: an address is 32 to 44 base58
 * characters); small, no @solana/web3.js.
 */
import { isSolanaAddress } from '../../core/address.js';
import { WalletRequestError } from '../../core/errors.js';
import { isBase58Of } from '../../wire/base58.js';

/** 32 to 44 base58 characters that decode to a 32-byte public key. */
export function isAddress(value: string): boolean {
  return typeof value === 'string' && isSolanaAddress(value) && isBase58Of(value, 32);
}

/** A Solana address is written one way (base58); throws a typed 'Invalid input' for anything else. */
export function formatAddress(value: string): string {
  if (!isAddress(value)) {
    throw new WalletRequestError('Invalid input', {
      messageCode: 'InvalidInput',
      details: `"${String(value).slice(0, 60)}" is not a Solana address`,
    });
  }
  return value;
}

/** A transaction signature: the base58 of 64 bytes (64 to 88 characters). */
export function isTransactionId(value: string): boolean {
  return typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value) && isBase58Of(value, 64);
}
