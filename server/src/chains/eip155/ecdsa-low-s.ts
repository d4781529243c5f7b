/**
 * EIP-2's rule for ECDSA signatures on secp256k1: s at most half the curve order. For every
 * signature (r, s) the pair (r, n - s) is valid too, so accepting both gives each signed
 * message two signatures; wallets only make low-s ones, and Ethereum transactions accept only
 * those since Homestead.
 */
import type { Hex } from 'viem';

/** The order of secp256k1's group. */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** Whether `signature` is a 65-byte r‖s‖v signature (hex) whose s is above n/2 (EIP-2). */
export function isHighS(signature: Hex): boolean {
  if (signature.length !== 2 + 65 * 2) return false;
  return BigInt(`0x${signature.slice(66, 130)}`) > SECP256K1_N / 2n;
}
