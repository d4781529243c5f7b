/** The Swap views' shared texts: the form's problems, a failure's text, the main button's label, amounts. */
import { isAmountReason } from '../../../core/amount.js';
import { formatUnits } from '../../../core/format.js';
import type { SwapProblem, SwapState } from '../../../stores/swap/swap.js';
import { swapFailureDetail } from '../../../stores/swap/swap.js';
import { msg, str } from '../../base/localize.js';
import { amountReasonText } from '../../l10n/amount.js';
import { errorMessage } from '../../l10n/errors.js';
import { formatAmount } from '../../l10n/format.js';

/** The text of a problem of the form (an amount's the same words as Send's: src/elements/l10n/amount.ts). */
export function swapProblemText(problem: SwapProblem, decimals = 18): string {
  if (isAmountReason(problem)) return amountReasonText(problem, decimals);
  switch (problem) {
    case 'INSUFFICIENT':
      return msg('Insufficient balance', { id: 'swap-problem-insufficient', desc: 'Swap view: the amount is above the balance' });
    case 'SAME_TOKEN':
      return msg('Choose two different tokens', { id: 'swap-problem-same', desc: 'Swap view: both sides are the same token' });
    case 'SLIPPAGE':
      return msg('Slippage must be from 0.1 to 50', {
        id: 'swap-problem-slippage',
        desc: 'Swap view: the slippage tolerance is out of range',
      });
  }
}

/** What a failure says: the router's revert reason or the route's text as they are, else the error's localized text. */
export const swapFailureText = (err: unknown): string => swapFailureDetail(err) ?? errorMessage(err);

/** The main button of the Swap view: its label and whether it can be pressed. */
export function swapAction(state: SwapState, details: { needsApproval: boolean; quote: unknown }): { label: string; enabled: boolean } {
  const { from, to, amount, amountProblem, slippageProblem, status } = state;
  if (!from || !to)
    return {
      label: msg('Select token', { id: 'swap-action-select', desc: 'Swap view: main button while a token is missing' }),
      enabled: false,
    };
  if (amount === '' || isAmountReason(amountProblem))
    return {
      label: msg('Enter amount', { id: 'swap-action-amount', desc: 'Swap view: main button while no valid amount is typed' }),
      enabled: false,
    };
  if (amountProblem === 'INSUFFICIENT') return { label: swapProblemText('INSUFFICIENT'), enabled: false };
  if (amountProblem === 'SAME_TOKEN') return { label: swapProblemText('SAME_TOKEN'), enabled: false };
  if (status === 'quoting' || !details.quote)
    return {
      label: msg('Getting quote…', { id: 'swap-action-quoting', desc: 'Swap view: main button while the quote loads' }),
      enabled: false,
    };
  const enabled = !slippageProblem;
  if (details.needsApproval)
    return {
      label: msg(str`Approve ${from.symbol}`, {
        id: 'swap-action-approve',
        desc: 'Swap view: main button when the token must be approved first',
      }),
      enabled,
    };
  return { label: msg('Review swap', { id: 'swap-action-review', desc: 'Swap view: main button that opens the swap preview' }), enabled };
}

/** Base units of a token as an amount to read: up to 6 decimals, '< 0.000001' for dust. */
export function unitsText(units: bigint | string, decimals: number, places = 6): string {
  const value = formatUnits(BigInt(units), decimals);
  const text = formatAmount(value, { decimals: Math.min(places, (value.split('.')[1] ?? '').length) });
  return /^[0.,\s]+$/.test(text) && /[1-9]/.test(value) ? `< 0.${'0'.repeat(places - 1)}1` : text;
}
