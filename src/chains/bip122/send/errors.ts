/**
 * The refusals of a Bitcoin send, each a BitcoinSendError with a string code the modal words
 * (its message is English for developers and logs; `localized` gives the person's sentence: ./texts.ts). Input codes: the amount, the address, the
 * funds; Esplora codes: the API could not be read, or refused the transaction (its own text in
 * `details`); follow codes: the poller stopped.
 */
import { W3Error, type ErrorCategory } from '../../../core/errors.js';
import { bitcoinSendText } from './texts.js';

export const BITCOIN_SEND_CODES = [
  // amount
  'AMOUNT_INVALID',
  'AMOUNT_TOO_PRECISE',
  'AMOUNT_NEGATIVE',
  'AMOUNT_ZERO',
  'AMOUNT_TOO_LARGE',
  'AMOUNT_DUST',
  // address
  'ADDRESS_INVALID',
  'ADDRESS_WRONG_NETWORK',
  'ADDRESS_UNSUPPORTED',
  // funds and the PSBT
  'INSUFFICIENT_FUNDS',
  'PSBT_INVALID',
  'PSBT_ALTERED',
  'PSBT_NOT_SIGNED',
  // Esplora
  'ESPLORA_UNREACHABLE',
  'ESPLORA_RATE_LIMITED',
  'ESPLORA_BAD_REPLY',
  'TX_INPUTS_SPENT',
  'TX_FEE_TOO_LOW',
  'TX_DUST',
  'TX_BAD_SIGNATURE',
  'TX_ALREADY_KNOWN',
  'TX_REFUSED',
  // following a transaction
  'FOLLOW_TIMEOUT',
  'FOLLOW_CANCELLED',
  // the instance API's { to, value } (./instance-tx.ts)
  'TRANSACTION_INVALID',
  'FIELD_UNKNOWN',
] as const;
export type BitcoinSendCode = (typeof BITCOIN_SEND_CODES)[number];

const CATEGORY = (code: BitcoinSendCode): ErrorCategory =>
  code.startsWith('ESPLORA_') || code.startsWith('TX_') || code.startsWith('FOLLOW_') ? 'NETWORK_ERROR' : 'WALLET_RPC_ERROR';

/** Extra facts a refusal carries for the modal's sentence (e.g. the network an address belongs to, the sats needed). */
export interface BitcoinSendFacts {
  /** ADDRESS_WRONG_NETWORK: the network the address is for. */
  addressNetwork?: string;
  /** AMOUNT_DUST: the smallest amount the receiver's output type takes, in sats. */
  dustLimit?: bigint;
  /** INSUFFICIENT_FUNDS: the amount plus the fee, and what the account can spend, in sats. */
  needed?: bigint;
  available?: bigint;
  /** ESPLORA_*: the HTTP status, when there was one. */
  status?: number;
  /** The instance API's transaction: the field that is wrong (`to`, `value`, or one it does not take). */
  field?: string;
}

export class BitcoinSendError extends W3Error {
  override name = 'BitcoinSendError';
  declare readonly code: BitcoinSendCode;
  readonly facts: BitcoinSendFacts;

  constructor(code: BitcoinSendCode, message: string, options: { details?: string; cause?: unknown; facts?: BitcoinSendFacts } = {}) {
    const facts = options.facts ?? {};
    super(message, {
      code,
      category: CATEGORY(code),
      details: options.details,
      cause: options.cause,
      localized: () => bitcoinSendText(code, facts),
    });
    this.facts = facts;
  }
}

export const isBitcoinSendError = (err: unknown, code?: BitcoinSendCode): err is BitcoinSendError =>
  err instanceof BitcoinSendError && (code === undefined || err.code === code);
