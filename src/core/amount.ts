/**
 * The one parser of an amount a person types (issue 28 item 6): Send, Swap and any other form
 * that takes an amount of a token. Pure and exact (no floating point): the text becomes base
 * units (wei, lamports) as a bigint, or a reason code the elements word
 * (src/elements/l10n/amount.ts). The same parse gives the fiat value shown beside the field, so
 * a refused amount never shows one.
 *
 * Accepted: digits with at most one decimal point, spaces around them, a leading or trailing
 * point ('.5', '3.'); the decimal point is '.', or also ',' in a locale that writes decimals with
 * a comma (de '1,5'; '.' stays one there: Max, Swap's switch and pasted amounts write it, so a
 * German '1.000' is 1, shown as such on the Review step); Arabic-Indic, Persian and full-width
 * digits and points. No thousands separators: en '1,000' is refused, never read as 1. Refused, each with
 * its own reason: exponent notation ('1e5', as wallets do), a minus sign, zero, more decimals
 * than the token has, more than the chain can hold, and anything else that is not a number.
 */

/** Why a typed amount is refused. */
export type AmountReason =
  | 'AMOUNT_EMPTY'
  | 'AMOUNT_NOT_A_NUMBER'
  | 'AMOUNT_EXPONENT'
  | 'AMOUNT_DECIMALS'
  | 'AMOUNT_NEGATIVE'
  | 'AMOUNT_ZERO'
  | 'AMOUNT_TOO_LARGE';

export type ParsedAmount =
  | {
      ok: true;
      /** The amount in base units of the token. */
      units: bigint;
      /** The amount as a plain decimal string with '.' ('1.50' for '1,50' in de): what formatters take. */
      value: string;
    }
  | { ok: false; reason: AmountReason };

export interface ParseAmountOptions {
  /** The locale the amount is typed in (BCP 47): decides whether ',' is a decimal point. */
  locale?: string;
  /** The largest amount the chain holds, in base units (default: an EVM uint256). */
  max?: bigint;
}

/** The largest EVM amount (uint256). */
export const MAX_UINT256 = 2n ** 256n - 1n;
/** The largest Solana amount (lamports and SPL token amounts are u64). */
export const MAX_U64 = 2n ** 64n - 1n;

/** Whether an amount reason is one of the parser's (a form's problem codes may hold others). */
export const isAmountReason = (code: unknown): code is AmountReason => typeof code === 'string' && code.startsWith('AMOUNT_');

const separators = new Map<string, string>();

/** The decimal separator of `locale` ('.' when the locale is unknown). */
export function decimalSeparator(locale: string | undefined): string {
  const key = locale ?? 'en';
  let separator = separators.get(key);
  if (separator === undefined) {
    try {
      separator = new Intl.NumberFormat(key).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    } catch {
      separator = '.';
    }
    separators.set(key, separator);
  }
  return separator;
}

/** Digits and points of other scripts as ASCII: Arabic-Indic, Persian, full-width; the Arabic and full-width points. */
function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\uff10-\uff19]/g, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(/[\u066b\uff0e]/g, '.')
    .replace(/\uff0c/g, ',')
    .replace(/[\uff0d\u2212]/g, '-');
}

const NUMBER = /^(\d*)\.?(\d*)$/;
const EXPONENT = /^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;
/** More integer digits than any uint256 amount has: refused before BigInt reads a huge string. */
const MAX_DIGITS = 80;

/**
 * Parses `text` as an amount of a token with `decimals` decimals: ok with its base units, or
 * the reason it is refused.
 */
export function parseAmount(text: string, decimals: number, { locale, max = MAX_UINT256 }: ParseAmountOptions = {}): ParsedAmount {
  let plain = asciiDigits(text.trim());
  if (plain === '') return { ok: false, reason: 'AMOUNT_EMPTY' };
  if (decimalSeparator(locale) === ',') plain = plain.replace(',', '.');
  if (EXPONENT.test(plain)) return { ok: false, reason: 'AMOUNT_EXPONENT' };
  const negative = plain.startsWith('-');
  const body = negative ? plain.slice(1).trimStart() : plain;
  const match = NUMBER.exec(body);
  if (!match || body === '.' || body === '') return { ok: false, reason: 'AMOUNT_NOT_A_NUMBER' };
  const [, whole = '', fraction = ''] = match;
  const digits = whole.replace(/^0+/, '');
  if (/[1-9]/.test(digits + fraction) && negative) return { ok: false, reason: 'AMOUNT_NEGATIVE' };
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) return { ok: false, reason: 'AMOUNT_DECIMALS' };
  if (digits.length > MAX_DIGITS) return { ok: false, reason: 'AMOUNT_TOO_LARGE' };
  const kept = fraction.slice(0, Math.max(decimals, 0));
  const units = BigInt(`${digits || '0'}${kept.padEnd(decimals, '0')}`);
  if (units === 0n) return { ok: false, reason: 'AMOUNT_ZERO' };
  if (units > max) return { ok: false, reason: 'AMOUNT_TOO_LARGE' };
  return { ok: true, units, value: fraction ? `${digits || '0'}.${fraction}` : digits || '0' };
}

/**
 * A balance or other amount the app holds (not typed) in base units: truncated to `decimals`,
 * 0n when it is not a plain non-negative decimal. For comparisons such as 'Insufficient funds'.
 */
export function balanceUnits(value: string, decimals: number): bigint {
  const match = NUMBER.exec(value.trim());
  if (!match || value.trim() === '.') return 0n;
  const [, whole = '', fraction = ''] = match;
  return BigInt(`${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`);
}

/** The English of a reason, for developers' errors (people see src/elements/l10n/amount.ts's words). */
export function amountReasonEnglish(reason: AmountReason, decimals: number): string {
  const english: Record<AmountReason, string> = {
    AMOUNT_EMPTY: 'Enter an amount',
    AMOUNT_NOT_A_NUMBER: 'Enter a number such as 1.5',
    AMOUNT_EXPONENT: 'Write the amount in full, without “e”',
    AMOUNT_DECIMALS:
      decimals === 0
        ? 'Enter a whole number: this token has no decimals'
        : decimals === 1
          ? 'At most 1 decimal'
          : `At most ${decimals} decimals`,
    AMOUNT_NEGATIVE: 'The amount cannot be negative',
    AMOUNT_ZERO: 'Enter an amount above 0',
    AMOUNT_TOO_LARGE: 'This amount is too large',
  };
  return english[reason];
}
