import { describe, expect, it } from 'vitest';
import { addressInfo, formatAddress, isAddress, isPaymentAddress, isTransactionId } from './address.js';
import { bip122Rules } from './rules.js';

// BIP-173 / BIP-350 test vectors and well-known addresses.
const VALID: [string, string, string][] = [
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'p2wpkh', 'main'],
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'p2wpkh', 'main'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'p2wsh', 'test'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'p2tr', 'main'],
  ['bcrt1q6rhpng9evdsfnn833a4f4vej0asu6dk5srld6x', 'p2wpkh', 'regtest'],
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'p2pkh', 'main'],
  ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'p2sh', 'main'],
  ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'p2pkh', 'test'],
];
const INVALID = [
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // checksum
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4', // mixed case
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // v1 with a bech32 (not bech32m) checksum
  'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', // v0 with bech32m? (bad checksum either way)
  'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', // another coin's hrp
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', // base58 checksum
  '0x0000000000000000000000000000000000000001',
  '',
];

describe('Bitcoin addresses', () => {
  it.each(VALID)('%s is a %s address of %s', (value, kind, net) => {
    expect(addressInfo(value)).toEqual({ kind, net });
    expect(isAddress(value)).toBe(true);
    expect(bip122Rules.isAddress(value)).toBe(true);
  });

  it.each(INVALID)('%s is none', (value) => {
    expect(isAddress(value)).toBe(false);
    expect(() => formatAddress(value)).toThrow('Invalid input');
  });

  it('the payment kinds are P2WPKH and P2TR; segwit addresses are written in lower case', () => {
    expect(isPaymentAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isPaymentAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
    expect(isPaymentAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(false);
    expect(formatAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(formatAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2');
  });

  it('transaction ids are 64 hex characters; the rules keep an EVM address out', () => {
    expect(isTransactionId('ab'.repeat(32))).toBe(true);
    expect(isTransactionId('ab'.repeat(31))).toBe(false);
    expect(bip122Rules.isAddress('0x0000000000000000000000000000000000000001')).toBe(false);
    expect(bip122Rules.maxAmount).toBe(2_100_000_000_000_000n);
    expect(bip122Rules.accountType).toBe('payment');
  });
});
