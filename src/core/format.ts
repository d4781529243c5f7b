import { DECIMALS } from './constants.js';

/**
 * Formats a decimal string or number with a fixed number of decimals and no grouping, without
 * going through floating point for strings (wei-sized values keep their digits). Truncates, never
 * rounds up, so a balance is never shown larger than it is.
 */
function formatDecimal(value: string | number | undefined, decimals: number): string {
  const zero = decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
  if (value === undefined || value === '') return zero;
  // Numbers: the shortest decimal form without exponent (toFixed would round 1.9999999 up to 2
  // and prints 1e21 in exponent notation).
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
        : '0'
      : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return zero;
  const [, sign, int = '', frac = ''] = match;
  const intPart = int.replace(/^0+(?=\d)/, '') || '0';
  const fracPart = frac.padEnd(decimals, '0').slice(0, decimals);
  const isZero = /^0*$/.test(intPart + fracPart);
  const body = decimals > 0 ? `${intPart}.${fracPart}` : intPart;
  return sign && !isZero ? `-${body}` : body;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** One cached Intl.NumberFormat per locale and options. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * The one formatter of token amounts: `decimals` places (3 by default, spec section 9),
 * truncated like formatDecimal, grouped the way of `locale` (en `1,000,000.000`, de
 * `1.000.000,000`). Never a compact form (`10K`), never exponent notation; `decimals: 0` gives a
 * count (`1`, an NFT). The truncated decimal string goes to Intl as a string: no floating point.
 */
export function formatAmount(
  value: string | number | undefined,
  { decimals = DECIMALS.balance, locale = 'en' }: { decimals?: number; locale?: string } = {},
): string {
  // Intl formats a decimal string exactly (ES2023); this TypeScript lib types only numbers.
  const plain = formatDecimal(value, decimals) as unknown as number;
  const options = { useGrouping: true, minimumFractionDigits: decimals, maximumFractionDigits: decimals, roundingMode: 'trunc' } as const;
  return numberFormat(locale, options).format(plain);
}

/** Balances: formatAmount's 3 decimals, `0.000` by default. */
export const formatBalance = (value: string | number | undefined, locale = 'en'): string => formatAmount(value, { locale });

/** Fiat values: 2 decimals with grouping in the way of `locale`, e.g. en `$1,234.50`, de `1.234,50 $`. */
export function formatFiat(value: number | undefined, currency = 'USD', locale = 'en'): string {
  const options = { style: 'currency', currency, minimumFractionDigits: DECIMALS.fiat, maximumFractionDigits: DECIMALS.fiat } as const;
  return numberFormat(locale, options).format(value ?? 0);
}

/** Converts an integer amount in base units (wei) to a decimal string. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}
