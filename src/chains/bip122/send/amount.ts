/**
 * A send's amount: sats as a bigint, or BTC as a decimal string ('0.001', '1', '.5'), at most 8
 * decimals. Refusals name what was wrong: not a number, too many decimals, negative, zero, over
 * the 21 million BTC there can ever be.
 */
import { BitcoinSendError } from './errors.js';

export const SATS_PER_BTC = 100_000_000n;
export const MAX_SATS = 21_000_000n * SATS_PER_BTC;
const DECIMAL = /^(\d*)(?:\.(\d*))?$/;
const MAX_TEXT = 40;

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.slice(0, MAX_TEXT)) : String(value));

/** The amount in sats; throws a BitcoinSendError (AMOUNT_*) naming what is wrong. */
export function parseAmount(value: unknown): bigint {
  let sats: bigint;
  if (typeof value === 'bigint') {
    sats = value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    const negative = text.startsWith('-');
    const match = DECIMAL.exec(negative ? text.slice(1) : text);
    if (!match || (match[1] === '' && !match[2]) || text.length > MAX_TEXT) {
      throw new BitcoinSendError('AMOUNT_INVALID', `The amount ${shown(value)} is not a number of BTC (e.g. "0.001")`);
    }
    const [, whole = '', fraction = ''] = match;
    if (fraction.replace(/0+$/, '').length > 8) {
      throw new BitcoinSendError('AMOUNT_TOO_PRECISE', `The amount ${shown(value)} has more than 8 decimals: 1 sat is 0.00000001 BTC`);
    }
    sats = BigInt(whole || '0') * SATS_PER_BTC + BigInt((fraction + '00000000').slice(0, 8));
    if (negative) sats = -sats;
  } else {
    throw new BitcoinSendError(
      'AMOUNT_INVALID',
      `The amount ${shown(value)} is neither sats as a bigint nor BTC as a decimal string (e.g. 100000n or "0.001")`,
    );
  }
  if (sats < 0n) throw new BitcoinSendError('AMOUNT_NEGATIVE', `The amount ${shown(value)} is negative`);
  if (sats === 0n) throw new BitcoinSendError('AMOUNT_ZERO', 'The amount is zero');
  if (sats > MAX_SATS) throw new BitcoinSendError('AMOUNT_TOO_LARGE', `The amount ${shown(value)} is over 21,000,000 BTC`);
  return sats;
}

/** Sats as a BTC decimal string without trailing zeros ('0.001', '10'). */
export function formatBtc(sats: bigint): string {
  const sign = sats < 0n ? '-' : '';
  const abs = sats < 0n ? -sats : sats;
  const fraction = (abs % SATS_PER_BTC).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sign}${abs / SATS_PER_BTC}${fraction ? `.${fraction}` : ''}`;
}
