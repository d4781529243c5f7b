/**
 * An amount a person typed, read in the active locale (de '1,5' is 1.5): src/core/amount.ts's
 * parser bound to $locale, for the stores of the forms that take amounts (Send, Swap).
 */
import { parseAmount, type ParsedAmount } from '../../core/amount.js';
import { $locale } from './locale.js';

/** `text` as an amount of a token with `decimals` decimals, at most `max` base units (default: uint256). */
export const parseTypedAmount = (text: string, decimals: number, max?: bigint): ParsedAmount =>
  parseAmount(text, decimals, { locale: $locale.get(), ...(max === undefined ? {} : { max }) });
