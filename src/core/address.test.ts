import { describe, expect, it } from 'vitest';
import { isEvmAddress, isSolanaAddress, isTransactionHash, truncateAddress, truncateEmail } from './address.js';

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('isEvmAddress', () => {
  it('accepts 40 hex characters with or without 0x', () => {
    expect(isEvmAddress(EVM)).toBe(true);
    expect(isEvmAddress(EVM.slice(2))).toBe(true);
    expect(isEvmAddress(EVM.toLowerCase())).toBe(true);
    expect(isEvmAddress('0x' + 'F'.repeat(40))).toBe(true);
  });

  it('rejects other lengths and non-hex characters', () => {
    expect(isEvmAddress(EVM.slice(0, -1))).toBe(false);
    expect(isEvmAddress(EVM + '0')).toBe(false);
    expect(isEvmAddress('0x' + 'g'.repeat(40))).toBe(false);
    expect(isEvmAddress('0X' + 'a'.repeat(40))).toBe(false);
    expect(isEvmAddress('')).toBe(false);
    expect(isEvmAddress(' ' + EVM)).toBe(false);
    expect(isEvmAddress('0x')).toBe(false);
  });
});

describe('isSolanaAddress', () => {
  it('accepts 32 to 44 base58 characters', () => {
    expect(isSolanaAddress('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true); // 32
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true); // 44
    expect(isSolanaAddress('1'.repeat(32))).toBe(true);
    expect(isSolanaAddress('z'.repeat(44))).toBe(true);
  });

  it('rejects too short or too long strings', () => {
    expect(isSolanaAddress('1'.repeat(31))).toBe(false);
    expect(isSolanaAddress('1'.repeat(45))).toBe(false);
    expect(isSolanaAddress('')).toBe(false);
  });

  it.each(['0', 'O', 'I', 'l', '+', '/', ' '])('rejects the non-base58 character %j', (ch) => {
    expect(isSolanaAddress('1'.repeat(31) + ch)).toBe(false);
    expect(isSolanaAddress(ch + '2'.repeat(40))).toBe(false);
  });

  it('rejects an EVM address', () => {
    expect(isSolanaAddress(EVM)).toBe(false);
  });
});

describe('isTransactionHash', () => {
  it('accepts 0x plus 64 hex characters only', () => {
    expect(isTransactionHash('0x' + 'a'.repeat(64))).toBe(true);
    expect(isTransactionHash('0x' + 'AbCdEf0123456789'.repeat(4))).toBe(true);
    expect(isTransactionHash('a'.repeat(64))).toBe(false);
    expect(isTransactionHash('0x' + 'a'.repeat(63))).toBe(false);
    expect(isTransactionHash('0x' + 'a'.repeat(65))).toBe(false);
    expect(isTransactionHash('0x' + 'g'.repeat(64))).toBe(false);
    expect(isTransactionHash(EVM)).toBe(false);
  });
});

describe('truncateAddress', () => {
  it('keeps the first 4 and last 6 characters', () => {
    expect(truncateAddress(EVM)).toBe('0xf3…b92266');
  });

  it('accepts other head and tail lengths', () => {
    expect(truncateAddress(EVM, 6, 4)).toBe('0xf39F…2266');
  });

  it('leaves short values alone', () => {
    expect(truncateAddress('0x12345678')).toBe('0x12345678');
    expect(truncateAddress('12345678901')).toBe('12345678901'); // head + tail + 1 characters
    expect(truncateAddress('123456789012')).toBe('1234…789012');
    expect(truncateAddress('')).toBe('');
  });
});

describe('truncateEmail', () => {
  it('keeps e-mails of up to 30 characters', () => {
    const thirty = 'a'.repeat(20) + '@example.c'; // 30
    expect(thirty).toHaveLength(30);
    expect(truncateEmail(thirty)).toBe(thirty);
    expect(truncateEmail('me@example.com')).toBe('me@example.com');
  });

  it('truncates past 30 characters', () => {
    const long = 'a'.repeat(21) + '@example.co'; // 32
    expect(truncateEmail(long)).toBe(long.slice(0, 30) + '…');
    const thirtyOne = 'b'.repeat(31);
    expect(truncateEmail(thirtyOne)).toBe('b'.repeat(30) + '…');
  });
});
