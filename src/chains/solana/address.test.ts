import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { formatAddress, isAddress, isTransactionId } from './address.js';
import { base58Decode, base58Encode } from '../../wire/base58.js';

describe('base58', () => {
  it('encodes and decodes like bs58, leading zeros included', () => {
    const samples = [
      new Uint8Array(0),
      Uint8Array.of(0),
      Uint8Array.of(0, 0, 1, 255),
      new Uint8Array(32).fill(255),
      Keypair.generate().publicKey.toBytes(),
    ];
    for (let i = 0; i < 20; i++) samples.push(Uint8Array.from({ length: 64 }, () => Math.floor(Math.random() * 256)));
    for (const bytes of samples) {
      const text = base58Encode(bytes);
      expect(text).toBe(bs58.encode(Buffer.from(bytes)));
      expect(base58Decode(text)).toEqual(bytes);
    }
  });

  it('refuses characters outside the alphabet and overlong texts', () => {
    expect(base58Decode('0OIl')).toBeUndefined();
    expect(base58Decode('1'.repeat(129))).toBeUndefined();
  });
});

describe('Solana addresses', () => {
  const address = Keypair.fromSeed(new Uint8Array(32).fill(3)).publicKey.toBase58();

  it('is 32 to 44 base58 characters that decode to 32 bytes', () => {
    expect(isAddress(address)).toBe(true);
    expect(isAddress('11111111111111111111111111111111')).toBe(true);
    // 32+ base58 characters that are not 32 bytes
    expect(isAddress('1'.repeat(40))).toBe(false);
    expect(isAddress('z'.repeat(44))).toBe(false);
    expect(isAddress(address.slice(0, 31))).toBe(false);
    expect(isAddress(`${address}0`)).toBe(false);
    expect(isAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(isAddress(42 as unknown as string)).toBe(false);
  });

  it('formatAddress keeps an address and throws a typed Invalid input for anything else', () => {
    expect(formatAddress(address)).toBe(address);
    expect(() => formatAddress('nope')).toThrowError(
      expect.objectContaining({ name: 'WalletRequestError', messageCode: 'InvalidInput', details: expect.stringContaining('"nope"') }),
    );
  });

  it('a transaction id is the base58 of 64 bytes', () => {
    const sig = bs58.encode(Buffer.alloc(64, 9));
    expect(isTransactionId(sig)).toBe(true);
    expect(isTransactionId(address)).toBe(false);
    expect(isTransactionId(`0x${'a'.repeat(64)}`)).toBe(false);
  });
});
