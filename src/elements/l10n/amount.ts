/**
 * The one set of words for an amount typed and refused (src/core/amount.ts reasons), shared by
 * Send and Swap, in the active locale.
 */
import type { AmountReason } from '../../core/amount.js';
import { msg, str } from '../base/localize.js';
import { formatAmount } from './format.js';

/** The text of `reason` for a token with `decimals` decimals. */
export function amountReasonText(reason: AmountReason, decimals: number): string {
  switch (reason) {
    case 'AMOUNT_EMPTY':
      return msg('Enter an amount');
    case 'AMOUNT_NOT_A_NUMBER': {
      // '1.5' written the way of the active locale (de '1,5'): the form reads it that way.
      const example = formatAmount('1.5', { decimals: 1 });
      return msg(str`Enter a number such as ${example}`, {
        id: 'amount-not-a-number',
        desc: 'An amount field: what was typed is not a number; the example is 1.5 written the way of the locale',
      });
    }
    case 'AMOUNT_EXPONENT':
      return msg('Write the amount in full, without “e”', {
        id: 'amount-exponent',
        desc: 'An amount field: exponent notation such as 1e5 was typed; the amount must be written with digits only',
      });
    case 'AMOUNT_DECIMALS':
      if (decimals === 0)
        return msg('Enter a whole number: this token has no decimals', {
          id: 'amount-whole',
          desc: 'An amount field: decimals were typed for a token that has none',
        });
      if (decimals === 1)
        return msg('At most 1 decimal', { id: 'amount-decimal-one', desc: 'An amount field: more than 1 decimal was typed' });
      return msg(str`At most ${decimals} decimals`, {
        id: 'amount-decimals',
        desc: 'An amount field: more decimals were typed than the token has (9 for SOL, 18 for ETH)',
      });
    case 'AMOUNT_NEGATIVE':
      return msg('The amount cannot be negative', { id: 'amount-negative', desc: 'An amount field: a minus sign was typed' });
    case 'AMOUNT_ZERO':
      return msg('Enter an amount above 0', { id: 'amount-zero', desc: 'An amount field: the amount typed is 0' });
    case 'AMOUNT_TOO_LARGE':
      return msg('This amount is too large', {
        id: 'amount-too-large',
        desc: 'An amount field: the amount is more than the chain can hold',
      });
  }
}
