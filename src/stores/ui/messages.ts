/**
 * What the stores tell the user, as codes and parameters, never as English: the elements turn
 * each into text in the active locale (src/elements/l10n/messages.ts).
 */
export type StoreMessage =
  | {
      code:
        | 'TRANSACTION_SENT'
        | 'TRANSACTION_CONFIRMED'
        | 'TRANSACTION_FAILED'
        | 'TOKEN_BALANCE_UNAVAILABLE'
        | 'TRANSACTIONS_FETCH_FAILED'
        | 'WALLETCONNECT_SESSION_ENDED'
        | 'WALLETCONNECT_LOAD_FAILED'
        | 'NO_AUTH_CONNECTOR'
        | 'ADAPTER_NOT_FOUND'
        | 'EMAIL_UPDATED';
    }
  /** Passkeys (issue 16): 'Passkey added', 'Passkey removed'. */
  | { code: 'PASSKEY_ADDED' | 'PASSKEY_REMOVED' }
  /** 'Lost the connection to the WalletConnect relay: {the error's text, or 'it did not answer'}'. */
  | { code: 'RELAY_LOST'; error: unknown }
  /** The text of `error` (src/elements/l10n/errors.ts). */
  | { code: 'ERROR'; error: unknown }
  /** A send failed: the text of `error` when it is a W3Error, else 'Something went wrong'. */
  | { code: 'SEND_FAILED'; error: unknown }
  /** The text of `error`, or 'Could not load wallets'. */
  | { code: 'WALLETS_LOAD_FAILED'; error: unknown }
  /** A text an element already localized, or data (an address shown to copy by hand). */
  | { code: 'TEXT'; text: string };
