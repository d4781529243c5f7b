/** The stores' message codes (src/stores/messages.ts) as text in the active locale. */
import { W3Error } from '../../core/errors/base.js';
import type { EmailProblem } from '../../stores/connection/connect.js';
import type { StoreMessage } from '../../stores/ui/messages.js';
import type { ToastAction } from '../../stores/ui/toast.js';
import { msg, str } from '../base/localize.js';
import { errorMessage } from './errors.js';

/** A send the wallet or chain refused: the error's text for a W3Error, else 'Something went wrong'. */
export function sendFailureText(error: unknown): string {
  return error instanceof W3Error ? errorMessage(error) : msg('Something went wrong');
}

export function messageText(message: StoreMessage): string {
  switch (message.code) {
    case 'TRANSACTION_SENT':
      return msg('Transaction sent');
    case 'TRANSACTION_CONFIRMED':
      return msg('Transaction confirmed');
    case 'TRANSACTION_FAILED':
      return msg('Transaction failed');
    case 'TOKEN_BALANCE_UNAVAILABLE':
      return msg('Token Balance Unavailable');
    case 'TRANSACTIONS_FETCH_FAILED':
      return msg('Failed to fetch transactions');
    case 'WALLETCONNECT_SESSION_ENDED':
      return msg('The wallet ended the WalletConnect session');
    case 'WALLETCONNECT_LOAD_FAILED':
      return msg('Could not load WalletConnect');
    case 'NO_AUTH_CONNECTOR':
      return msg('No auth connector found');
    case 'ADAPTER_NOT_FOUND':
      return msg('Adapter not found');
    case 'EMAIL_UPDATED':
      return msg('E-mail updated');
    case 'PASSKEY_ADDED':
      return msg('Passkey added');
    case 'PASSKEY_REMOVED':
      return msg('Passkey removed');
    case 'RELAY_LOST': {
      const reason = errorMessage(message.error, msg('it did not answer', { desc: 'Why the relay connection was lost' }));
      return msg(str`Lost the connection to the WalletConnect relay: ${reason}`);
    }
    case 'ERROR':
      return errorMessage(message.error);
    case 'SEND_FAILED':
      return sendFailureText(message.error);
    case 'WALLETS_LOAD_FAILED':
      return errorMessage(message.error, msg('Could not load wallets'));
    case 'TEXT':
      return message.text;
  }
}

/** 'View on {explorer}': a toast's action, an activity row's link, the Account view's explorer link. */
export const viewOnText = (name: string): string => msg(str`View on ${name}`);

/** The label of a toast's action: 'View on {explorer}' or 'Copy hash'. */
export function toastActionLabel(action: ToastAction): string {
  switch (action.label) {
    case 'VIEW_ON_EXPLORER':
      return viewOnText(action.explorer ?? '');
    case 'COPY_HASH':
      return msg('Copy hash');
  }
}

/** An e-mail input's problem, in words that say what is wrong. */
export function emailProblemText(problem: EmailProblem): string {
  switch (problem) {
    case 'REQUIRED':
      return msg('Enter your e-mail address');
    case 'TOO_LONG':
      return msg('This e-mail address is too long: at most 254 characters');
    case 'LOCAL_TOO_LONG':
      return msg('The part before the @ is too long: at most 64 characters');
    case 'SAME_AS_CURRENT':
      return msg('This is already your e-mail address');
    case 'INVALID':
      return msg('Enter a valid e-mail address, like name@example.com');
  }
}
