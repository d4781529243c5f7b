import { createHmac } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import { bytesToHex, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { base58Decode } from '../../wire/base58.js';
import { addressesOf, deriveEvmKey, deriveSolanaSeed, evmAddressOf, hmacSha256, solanaAddressOf, solanaSecretKey } from './derive.js';

const seed = Uint8Array.from({ length: 32 }, (_, i) => i * 7);

describe('key derivation', () => {
  it('HMAC-SHA256 matches node:crypto', () => {
    const message = new TextEncoder().encode('w3kit evm key');
    expect(Buffer.from(hmacSha256(seed, message))).toEqual(createHmac('sha256', seed).update(message).digest());
  });

  it('is deterministic and gives the documented HMACs', () => {
    expect(deriveEvmKey(seed)).toEqual(deriveEvmKey(seed));
    expect(Buffer.from(deriveEvmKey(seed))).toEqual(createHmac('sha256', seed).update('w3kit evm key').digest());
    expect(Buffer.from(deriveSolanaSeed(seed))).toEqual(createHmac('sha256', seed).update('w3kit solana key').digest());
    expect(deriveEvmKey(seed)).not.toEqual(deriveSolanaSeed(seed));
  });

  it('derives an EVM key whose address signs a message viem verifies', async () => {
    const key = deriveEvmKey(seed);
    const account = privateKeyToAccount(bytesToHex(key));
    const signature = await account.signMessage({ message: 'hello' });
    expect(await verifyMessage({ address: evmAddressOf(key), message: 'hello', signature })).toBe(true);
  });

  it('derives a Solana key whose signature @noble verifies under its address', () => {
    const solanaSeed = deriveSolanaSeed(seed);
    const address = solanaAddressOf(solanaSeed);
    const publicKey = base58Decode(address)!;
    const message = new TextEncoder().encode('hello');
    expect(ed25519.verify(ed25519.sign(message, solanaSeed), message, publicKey)).toBe(true);
    expect(solanaSecretKey(solanaSeed).subarray(32)).toEqual(publicKey);
  });

  it('gives both addresses and different seeds give different addresses', () => {
    const a = addressesOf(seed);
    expect(a.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(a.solanaAddress).toBe(solanaAddressOf(deriveSolanaSeed(seed)));
    expect(addressesOf(new Uint8Array(32).fill(9)).evmAddress).not.toBe(a.evmAddress);
  });
});
