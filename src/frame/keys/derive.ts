/**
 * The user's keys from the one 32-byte master seed: the EVM private key is
 * HMAC-SHA256(seed, "w3kit evm key") (with a counter byte appended, from 1, in the
 * astronomically rare case that is not a valid secp256k1 scalar), the Solana ed25519 seed is
 * HMAC-SHA256(seed, "w3kit solana key"). HMAC is written over viem's SHA-256 so every
 * intermediate buffer can be wiped.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex, sha256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base58Encode } from '../../wire/base58.js';
import { W3Error } from '../../core/errors/base.js';
import { wipe } from './bytes.js';

const BLOCK = 64;
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const EVM_LABEL = new TextEncoder().encode('w3kit evm key');
const SOLANA_LABEL = new TextEncoder().encode('w3kit solana key');

/** HMAC-SHA256 (RFC 2104) for keys up to 64 bytes; the padded key copies are wiped. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  if (key.length > BLOCK) throw new W3Error('The HMAC key must be at most 64 bytes');
  const inner = new Uint8Array(BLOCK + message.length);
  const outer = new Uint8Array(BLOCK + 32);
  for (let i = 0; i < BLOCK; i++) {
    const byte = key[i] ?? 0;
    inner[i] = byte ^ 0x36;
    outer[i] = byte ^ 0x5c;
  }
  inner.set(message, BLOCK);
  const innerHash = sha256(inner, 'bytes');
  outer.set(innerHash, BLOCK);
  const mac = sha256(outer, 'bytes');
  wipe(inner, outer, innerHash);
  return mac;
}

function isValidScalar(key: Uint8Array): boolean {
  let value = 0n;
  for (const byte of key) value = (value << 8n) | BigInt(byte);
  return value > 0n && value < SECP256K1_ORDER;
}

/** The EVM private key (32 bytes) of a seed. */
export function deriveEvmKey(seed: Uint8Array): Uint8Array {
  let key = hmacSha256(seed, EVM_LABEL);
  for (let counter = 1; !isValidScalar(key) && counter < 256; counter++) {
    wipe(key);
    const label = new Uint8Array(EVM_LABEL.length + 1);
    label.set(EVM_LABEL);
    label[EVM_LABEL.length] = counter;
    key = hmacSha256(seed, label);
  }
  return key;
}

/** The Solana ed25519 seed (32 bytes) of a master seed. */
export function deriveSolanaSeed(seed: Uint8Array): Uint8Array {
  return hmacSha256(seed, SOLANA_LABEL);
}

/** The checksummed EVM address of a private key. */
export function evmAddressOf(privateKey: Uint8Array): `0x${string}` {
  return privateKeyToAccount(bytesToHex(privateKey)).address;
}

/** The Solana address (base58 public key) of an ed25519 seed. */
export function solanaAddressOf(solanaSeed: Uint8Array): string {
  return base58Encode(ed25519.getPublicKey(solanaSeed));
}

/** Both addresses of a master seed; the derived keys are wiped before returning. */
export function addressesOf(seed: Uint8Array): { evmAddress: `0x${string}`; solanaAddress: string } {
  const evmKey = deriveEvmKey(seed);
  const solanaSeed = deriveSolanaSeed(seed);
  try {
    return { evmAddress: evmAddressOf(evmKey), solanaAddress: solanaAddressOf(solanaSeed) };
  } finally {
    wipe(evmKey, solanaSeed);
  }
}

/** The 64-byte Solana secret key (seed || public key), as wallets import it. */
export function solanaSecretKey(solanaSeed: Uint8Array): Uint8Array {
  const out = new Uint8Array(64);
  out.set(solanaSeed);
  out.set(ed25519.getPublicKey(solanaSeed), 32);
  return out;
}
