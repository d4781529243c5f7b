import { describe, expect, it } from 'vitest';
import { balanceUnits, decimalSeparator, isAmountReason, MAX_U64, parseAmount, type AmountReason } from './amount.js';

const SOL = 9;
const ETH = 18;

describe('parseAmount', () => {
  const accepted: [text: string, decimals: number, units: bigint, value: string][] = [
    ['1', ETH, 10n ** 18n, '1'],
    [' 1 ', ETH, 10n ** 18n, '1'],
    ['1.5', SOL, 1_500_000_000n, '1.5'],
    ['.5', 6, 500_000n, '0.5'],
    ['3.', 6, 3_000_000n, '3'],
    ['007.25', 2, 725n, '7.25'],
    ['1.123456789', SOL, 1_123_456_789n, '1.123456789'],
    // Zeros past the token's decimals change nothing.
    ['1.1234567890', SOL, 1_123_456_789n, '1.1234567890'],
    ['0.000000001', SOL, 1n, '0.000000001'],
    ['5', 0, 5n, '5'],
    ['5.0', 0, 5n, '5.0'],
    // Digits of other scripts: Arabic-Indic with the Arabic point, Persian, full-width (ja IME).
    ['١٫٥', 1, 15n, '1.5'],
    ['۲٫۵', 1, 25n, '2.5'],
    ['１．５', 1, 15n, '1.5'],
  ];
  it.each(accepted)('accepts %j with %i decimals', (text, decimals, units, value) => {
    expect(parseAmount(text, decimals)).toEqual({ ok: true, units, value });
  });

  const refused: [text: string, decimals: number, reason: AmountReason][] = [
    ['', ETH, 'AMOUNT_EMPTY'],
    ['   ', ETH, 'AMOUNT_EMPTY'],
    ['.', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['abc', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['1.2.3', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['1 000', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['+1', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['0x10', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['Infinity', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['e5', ETH, 'AMOUNT_NOT_A_NUMBER'],
    // In a locale that writes '1.5', a comma is a thousands separator: refused, never read as 1.5 or 15.
    ['1,5', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['1,000', ETH, 'AMOUNT_NOT_A_NUMBER'],
    ['1e5', ETH, 'AMOUNT_EXPONENT'],
    ['1e3', ETH, 'AMOUNT_EXPONENT'],
    ['1E-3', ETH, 'AMOUNT_EXPONENT'],
    ['2.5e+2', ETH, 'AMOUNT_EXPONENT'],
    ['1.1234567891234', SOL, 'AMOUNT_DECIMALS'],
    ['0.0000001', 6, 'AMOUNT_DECIMALS'],
    ['1.5', 0, 'AMOUNT_DECIMALS'],
    ['-1', ETH, 'AMOUNT_NEGATIVE'],
    ['-0.5', ETH, 'AMOUNT_NEGATIVE'],
    ['−1', ETH, 'AMOUNT_NEGATIVE'],
    ['0', ETH, 'AMOUNT_ZERO'],
    ['0.000', ETH, 'AMOUNT_ZERO'],
    ['-0', ETH, 'AMOUNT_ZERO'],
    ['.0', ETH, 'AMOUNT_ZERO'],
    ['1'.repeat(90), ETH, 'AMOUNT_TOO_LARGE'],
    ['2'.repeat(60), ETH, 'AMOUNT_TOO_LARGE'],
  ];
  it.each(refused)('refuses %j with %i decimals: %s', (text, decimals, reason) => {
    expect(parseAmount(text, decimals)).toEqual({ ok: false, reason });
  });

  it("reads ',' as the decimal point in a locale that writes decimals with a comma", () => {
    expect(parseAmount('1,5', ETH, { locale: 'de' })).toEqual({ ok: true, units: 15n * 10n ** 17n, value: '1.5' });
    expect(parseAmount('0,25', 2, { locale: 'fr' })).toEqual({ ok: true, units: 25n, value: '0.25' });
    // '.' stays a decimal point there too (pasted amounts), but not both in one amount.
    expect(parseAmount('1.5', ETH, { locale: 'de' })).toMatchObject({ ok: true, value: '1.5' });
    expect(parseAmount('1.000,5', ETH, { locale: 'de' })).toEqual({ ok: false, reason: 'AMOUNT_NOT_A_NUMBER' });
    expect(parseAmount('1,1234567891234', SOL, { locale: 'pt-BR' })).toEqual({ ok: false, reason: 'AMOUNT_DECIMALS' });
    expect(parseAmount('1,5', ETH, { locale: 'ja' })).toEqual({ ok: false, reason: 'AMOUNT_NOT_A_NUMBER' });
  });

  it('refuses more than the chain holds (u64 on Solana), at the limit accepts it', () => {
    expect(parseAmount('18446744073.709551615', SOL, { max: MAX_U64 })).toMatchObject({ ok: true, units: MAX_U64 });
    expect(parseAmount('18446744073.709551616', SOL, { max: MAX_U64 })).toEqual({ ok: false, reason: 'AMOUNT_TOO_LARGE' });
    expect(parseAmount('100000', ETH)).toMatchObject({ ok: true, units: 10n ** 23n });
  });
});

describe('decimalSeparator', () => {
  it("is ',' in de, fr, pt-BR, id and '.' in en, ja, ar; an unknown locale gives '.'", () => {
    for (const locale of ['de', 'fr', 'pt-BR', 'id', 'vi', 'ru']) expect(decimalSeparator(locale), locale).toBe(',');
    for (const locale of ['en', 'ja', 'ar', 'zh-CN', undefined]) expect(decimalSeparator(locale), locale).toBe('.');
    expect(decimalSeparator('not a locale!')).toBe('.');
  });
});

describe('balanceUnits', () => {
  it('reads a held balance, truncating extra decimals; 0n for what is not a plain decimal', () => {
    expect(balanceUnits('1.5', SOL)).toBe(1_500_000_000n);
    expect(balanceUnits('0.1234567899', SOL)).toBe(123_456_789n);
    expect(balanceUnits('', SOL)).toBe(0n);
    expect(balanceUnits('abc', SOL)).toBe(0n);
    expect(balanceUnits('-1', SOL)).toBe(0n);
  });
});

describe('isAmountReason', () => {
  it("knows the parser's codes from a form's others", () => {
    expect(isAmountReason('AMOUNT_ZERO')).toBe(true);
    expect(isAmountReason('INSUFFICIENT')).toBe(false);
    expect(isAmountReason(undefined)).toBe(false);
  });
});
