import { describe, expect, it } from 'vitest';
import { formatAmount, formatBalance, formatFiat, formatUnits } from './format.js';

describe('formatBalance', () => {
  it("gives '0.000' for undefined and empty input", () => {
    expect(formatBalance(undefined)).toBe('0.000');
    expect(formatBalance('')).toBe('0.000');
  });

  it('shows 3 decimals', () => {
    expect(formatBalance('1')).toBe('1.000');
    expect(formatBalance('1.5')).toBe('1.500');
    expect(formatBalance(2)).toBe('2.000');
    expect(formatBalance(0.25)).toBe('0.250');
  });

  it('truncates instead of rounding', () => {
    expect(formatBalance('1.23456')).toBe('1.234');
    expect(formatBalance('0.9999')).toBe('0.999');
    expect(formatBalance('1.9999999999')).toBe('1.999');
    expect(formatBalance(1.2349)).toBe('1.234');
    expect(formatBalance(0.9999)).toBe('0.999');
  });

  it('never rounds a number up, however many nines it has', () => {
    expect(formatBalance(1.9999999)).toBe('1.999');
    expect(formatBalance(0.99999999)).toBe('0.999');
    expect(formatBalance(-2.9999999)).toBe('-2.999');
  });

  it('keeps huge decimal strings exact', () => {
    expect(formatBalance('123456789012345678901234567890.123456789')).toBe('123,456,789,012,345,678,901,234,567,890.123');
    expect(formatBalance('99999999999999999999999999.9999')).toBe('99,999,999,999,999,999,999,999,999.999');
  });

  it('writes large numbers without exponent notation', () => {
    expect(formatBalance(1e21)).toBe('1,000,000,000,000,000,000,000.000');
    expect(formatBalance(1.5e-7)).toBe('0.000');
  });

  it('normalises leading zeros and missing parts', () => {
    expect(formatBalance('007.1')).toBe('7.100');
    expect(formatBalance('.5')).toBe('0.500');
    expect(formatBalance('5.')).toBe('5.000');
    expect(formatBalance('  3.14159  ')).toBe('3.141');
  });

  it('keeps the sign of negative values but not of negative zero', () => {
    expect(formatBalance('-1.23456')).toBe('-1.234');
    expect(formatBalance('-0.0001')).toBe('0.000');
    expect(formatBalance(-0)).toBe('0.000');
  });

  it("gives '0.000' for garbage and non-finite numbers", () => {
    expect(formatBalance('abc')).toBe('0.000');
    expect(formatBalance('1e18')).toBe('0.000');
    expect(formatBalance('1,000')).toBe('0.000');
    expect(formatBalance(NaN)).toBe('0.000');
    expect(formatBalance(Infinity)).toBe('0.000');
  });
});

describe('formatAmount', () => {
  it('uses the given number of decimals', () => {
    expect(formatAmount('1.23456', { decimals: 2 })).toBe('1.23');
    expect(formatAmount('1.2', { decimals: 5 })).toBe('1.20000');
    expect(formatAmount('1.999', { decimals: 0 })).toBe('1');
    expect(formatAmount(undefined, { decimals: 0 })).toBe('0');
    expect(formatAmount(undefined, { decimals: 2 })).toBe('0.00');
  });

  it('groups the integer part the en-US way, as fiat is, and keeps 3 decimals by default', () => {
    expect(formatAmount('1000000')).toBe('1,000,000.000');
    expect(formatAmount('1000000.0005')).toBe('1,000,000.000');
    expect(formatAmount('9999.9999')).toBe('9,999.999');
    expect(formatAmount('999.5')).toBe('999.500');
    expect(formatAmount(10000)).toBe('10,000.000');
    expect(formatAmount('-1234567.891')).toBe('-1,234,567.891');
    expect(formatBalance('1000000')).toBe('1,000,000.000');
  });

  it('never gives a compact form or exponent notation', () => {
    for (const v of ['10000', '1500000', '2000000000', '1e3']) expect(formatAmount(v)).not.toMatch(/[KMBTe]/);
    expect(formatAmount('10000', { decimals: 0 })).toBe('10,000');
  });

  it('gives an NFT count without decimals', () => {
    expect(formatAmount('1', { decimals: 0 })).toBe('1');
    expect(formatAmount('12', { decimals: 0 })).toBe('12');
  });
});

describe('formatUnits', () => {
  it('converts wei to ether', () => {
    expect(formatUnits(10n ** 18n, 18)).toBe('1');
    expect(formatUnits(1500000000000000000n, 18)).toBe('1.5');
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001');
    expect(formatUnits(0n, 18)).toBe('0');
  });

  it('handles other decimals and huge values', () => {
    expect(formatUnits(1234567n, 6)).toBe('1.234567');
    expect(formatUnits(1000000n, 6)).toBe('1');
    expect(formatUnits(42n, 0)).toBe('42');
    expect(formatUnits(123456789012345678901234567890n, 18)).toBe('123456789012.34567890123456789');
  });

  it('handles negative values', () => {
    expect(formatUnits(-(10n ** 18n), 18)).toBe('-1');
    expect(formatUnits(-5n, 2)).toBe('-0.05');
  });
});

describe('formatFiat', () => {
  it('shows two decimals with grouping', () => {
    expect(formatFiat(1234.5)).toBe('$1,234.50');
    expect(formatFiat(0)).toBe('$0.00');
    expect(formatFiat(undefined)).toBe('$0.00');
    expect(formatFiat(1)).toBe('$1.00');
    expect(formatFiat(1234567.891)).toBe('$1,234,567.89');
  });

  it('takes another currency', () => {
    expect(formatFiat(12.3, 'EUR')).toBe('€12.30');
  });
});

describe('formatting in the active locale (Intl)', () => {
  it('groups amounts and keeps 3 decimals, truncated, in en, de, ar and ja', () => {
    expect(formatAmount('1234567.8919', { locale: 'en' })).toBe('1,234,567.891');
    expect(formatAmount('1234567.8919', { locale: 'de' })).toBe('1.234.567,891');
    expect(formatAmount('1234567.8919', { locale: 'ar' })).toBe('1,234,567.891');
    expect(formatAmount('1234567.8919', { locale: 'ja' })).toBe('1,234,567.891');
    expect(formatBalance('0.9999', 'de')).toBe('0,999');
  });

  it('keeps every digit of a wei-sized amount', () => {
    expect(formatAmount('123456789012345678901234.5678', { locale: 'de' })).toBe('123.456.789.012.345.678.901.234,567');
    expect(formatAmount('123456789012345678901234.5678', { locale: 'en' })).toBe('123,456,789,012,345,678,901,234.567');
  });

  it('formats fiat with 2 decimals in en, de, ar and ja', () => {
    expect(formatFiat(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatFiat(1234.5, 'USD', 'de')).toBe('1.234,50\u00a0$');
    expect(formatFiat(1234.5, 'USD', 'ar')).toBe('\u200f1,234.50\u00a0US$');
    expect(formatFiat(1234.5, 'USD', 'ja')).toBe('$1,234.50');
  });
});
