/** The WalletSend form's problems (src/stores/send-rules.ts codes) as text in the active locale. */
import { isAmountReason } from '../../core/amount.js';
import type { SendFailure, SendProblem } from '../../stores/send/send-rules.js';
import { msg, str } from '../base/localize.js';
import { amountReasonText } from './amount.js';
import { sendFailureText } from './messages.js';

/**
 * The text of `problem`; `receiver` is the receiver as typed (a name, for the NAME_ codes),
 * `decimals` the token's (for 'At most 9 decimals').
 */
export function sendProblemText(problem: SendProblem | SendFailure, receiver: string, decimals = 18): string {
  if (typeof problem === 'object') return sendFailureText(problem.error);
  if (isAmountReason(problem)) return amountReasonText(problem, decimals);
  switch (problem) {
    case 'REQUIRED':
      return msg('An amount and receiver address are required');
    case 'TOKEN':
      return msg('A token is required');
    case 'ADDRESS':
      return msg('Invalid address');
    case 'RECEIVER':
      return msg('Enter an address');
    case 'INSUFFICIENT':
      return msg('Insufficient funds');
    case 'UNSUPPORTED':
      return msg('Unsupported chain');
    case 'ADAPTER_NOT_FOUND':
      return msg('Adapter not found');
    case 'NAME_NOT_FOUND':
      return msg(str`No address found for ${receiver}`);
    case 'NAME_FAILED':
      return msg(str`Could not look up ${receiver}, try again`);
    case 'NAME_RESOLVING':
      return msg(str`Looking up ${receiver}…`);
  }
}
