/**
 * The WalletSend form's shapes, messages and rules (spec sections 3, 5): which receiver is
 * valid, how an amount becomes base units, the first problem of a form, and the transfer it
 * asks the namespace's adapter to send. Pure: the state and actions are in send.ts.
 */
import type { FeeSpeed, Transfer } from '../../chains/types.js';
import { chainRules } from '../../chains/registry.js';
import { amountReasonEnglish, balanceUnits, isAmountReason, MAX_UINT256, type AmountReason, type ParsedAmount } from '../../core/amount.js';
import { SendError } from '../../core/errors.js';
import { formatUnits } from '../../core/format.js';
import type { Network } from '../../wire/networks.js';
import { parseTypedAmount } from '../ui/typed-amount.js';

/**
 * A problem of the form, as a code (the elements hold the texts: src/elements/l10n/send.ts);
 * the AMOUNT_ ones are the amount parser's (src/core/amount.ts), the NAME_ ones are about the
 * receiver typed as a name (the state's `receiver`).
 */
export type SendProblem =
  | 'REQUIRED'
  | 'TOKEN'
  | AmountReason
  | 'ADDRESS'
  | 'RECEIVER'
  | 'INSUFFICIENT'
  | 'UNSUPPORTED'
  | 'ADAPTER_NOT_FOUND'
  | 'NAME_NOT_FOUND'
  | 'NAME_FAILED'
  | 'NAME_RESOLVING';

/** A send the wallet or chain refused: the view shows the error's text ('Something went wrong' for a non-W3Error). */
export interface SendFailure {
  code: 'SEND_FAILED';
  error: unknown;
}

/**
 * The English of a problem, for the developers' SendError (the user sees the elements' localized
 * text); `decimals` are the token's, for AMOUNT_DECIMALS.
 */
export function sendErrorText(problem: SendProblem, receiver: string, decimals = 18): string {
  if (isAmountReason(problem)) return amountReasonEnglish(problem, decimals);
  const english: Record<Exclude<SendProblem, AmountReason>, string> = {
    REQUIRED: 'An amount and receiver address are required',
    TOKEN: 'A token is required',
    ADDRESS: 'Invalid address',
    RECEIVER: 'Enter an address',
    INSUFFICIENT: 'Insufficient funds',
    UNSUPPORTED: 'Unsupported chain',
    ADAPTER_NOT_FOUND: 'Adapter not found',
    NAME_NOT_FOUND: `No address found for ${receiver}`,
    NAME_FAILED: `Could not look up ${receiver}, try again`,
    NAME_RESOLVING: `Looking up ${receiver}…`,
  };
  return english[problem];
}

/**
 * A receiver typed as a name: `none` (an address, or not a name, or no Blockchain API),
 * `resolving`, `resolved` (receiverAddress holds the address), `not-found` or `failed`.
 */
export type ReceiverNameStatus = 'none' | 'resolving' | 'resolved' | 'not-found' | 'failed';

/** A token the account can send. `contract` is absent for the native coin. */
export interface SendToken {
  name: string;
  symbol: string;
  decimals: number;
  /** The token's address (an ERC-20 contract, an SPL mint); absent for the native coin. */
  contract?: string;
  /** Human decimal amount held. */
  balance: string;
  /** USD per token (0 when unknown). */
  price: number;
  iconUrl: string | undefined;
}

/** The Review step's fee: `error` keeps why it could not be had (a chain's refusal, such as too little for amount and fee). */
export type SendFee = { status: 'idle' | 'loading' } | { status: 'error'; error?: unknown } | { status: 'ready'; wei: bigint };

export interface SendState {
  token: SendToken | undefined;
  amount: string;
  receiver: string;
  /** The address a receiver typed as a name resolved to (undefined for an address). */
  receiverAddress: string | undefined;
  receiverNameStatus: ReceiverNameStatus;
  receiverProfileName: string | undefined;
  receiverProfileImageUrl: string | undefined;
  step: 'form' | 'preview';
  /** Preview was pressed: empty and invalid fields are marked from then on. */
  attempted: boolean;
  /** The network fee estimate of the previewed transfer (gas estimate times gas price), in wei. */
  fee: SendFee;
  /** The fee's speed, on chains whose rules offer the choice (`feeSpeeds`). */
  feeSpeed: FeeSpeed;
  loading: boolean;
  /** The last validation problem or send failure, shown by the view. */
  error: SendProblem | SendFailure | undefined;
}

/** Whether `receiver` is an address of `namespace`, by the namespace's rule in the registry (EVM: 40 hex with optional 0x; Solana: 32 to 44 base58). */
export function isReceiverValid(receiver: string, namespace: string): boolean {
  return chainRules(namespace)?.isAddress(receiver) ?? false;
}

/**
 * The amount typed, parsed in the active locale for `token` (its decimals; at most what the
 * namespace's chain holds: u64 on Solana, uint256 on EVM). The form's messages, the fiat line,
 * the Review step and the transfer all read this one parse.
 */
export function parseSendAmount(amount: string, token: Pick<SendToken, 'decimals'>, namespace?: string): ParsedAmount {
  return parseTypedAmount(amount, token.decimals, chainRules(namespace)?.maxAmount ?? MAX_UINT256);
}

/** The address the transfer goes to: the resolved address of a name, else the receiver as typed. */
export function sendReceiver(state: Pick<SendState, 'receiver' | 'receiverAddress' | 'receiverNameStatus'>): string {
  return state.receiverNameStatus === 'resolved' && state.receiverAddress ? state.receiverAddress : state.receiver;
}

type FormState = Pick<SendState, 'token' | 'amount' | 'receiver' | 'receiverAddress' | 'receiverNameStatus'>;

/** What is wrong with the amount, if anything: the parser's reason, else 'Insufficient funds'. */
function amountProblem(state: FormState, namespace: string | undefined): SendProblem | undefined {
  if (!state.token) return undefined;
  const parsed = parseSendAmount(state.amount, state.token, namespace);
  if (!parsed.ok) return parsed.reason;
  return parsed.units > balanceUnits(state.token.balance, state.token.decimals) ? 'INSUFFICIENT' : undefined;
}

/** What is wrong with the receiver, if anything: a name's lookup outcome, else 'Invalid address'. */
function receiverProblem(state: FormState, namespace: string): SendProblem | undefined {
  if (isReceiverValid(sendReceiver(state), namespace)) return undefined;
  const names = chainRules(namespace)?.features?.names;
  if (names && state.receiverNameStatus === 'not-found') return 'NAME_NOT_FOUND';
  if (names && state.receiverNameStatus === 'failed') return 'NAME_FAILED';
  if (names && state.receiverNameStatus === 'resolving') return 'NAME_RESOLVING';
  return 'ADDRESS';
}

/** The first problem of `state` on `network` (the spec's texts), or undefined when it can be sent. */
export function validateSend(state: FormState, network: Network | undefined): SendProblem | undefined {
  if (!state.amount || !state.receiver) return 'REQUIRED';
  if (!state.token) return 'TOKEN';
  if (!network || !chainRules(network.chainNamespace)) return 'UNSUPPORTED';
  const amount = amountProblem(state, network.chainNamespace);
  if (isAmountReason(amount)) return amount;
  return receiverProblem(state, network.chainNamespace) ?? amount;
}

/**
 * The message of each field, to mark it: the amount as it is typed (the parser's reason, such
 * as 'At most 9 decimals', or 'Insufficient funds'); the receiver once Preview was pressed
 * ('Invalid address', or a name's lookup outcome); an empty field once Preview was pressed.
 */
export function sendFieldErrors(
  state: FormState & Pick<SendState, 'attempted'>,
  network: Network | undefined,
): { amount?: SendProblem; receiver?: SendProblem } {
  const errors: { amount?: SendProblem; receiver?: SendProblem } = {};
  const namespace = network?.chainNamespace;
  if (state.amount) errors.amount = amountProblem(state, namespace);
  else if (state.attempted) errors.amount = 'AMOUNT_EMPTY';
  if (!state.receiver) {
    if (state.attempted) errors.receiver = 'RECEIVER';
  } else if (state.attempted && namespace && chainRules(namespace)) {
    const problem = receiverProblem(state, namespace);
    // While a name is looked up the hint under the field says so; it is not an error yet.
    if (problem && state.receiverNameStatus !== 'resolving') errors.receiver = problem;
  }
  return errors;
}

/**
 * The Review step's figures: the fee in the native coin, and the total (amount plus fee for the
 * native coin; for a token its amount, the fee being in the native coin). Decimal strings.
 * `insufficient`: the native coin's amount plus fee is more than its balance.
 */
export function sendTotals(
  token: SendToken,
  amount: string,
  feeWei: bigint,
  native: Network['nativeCurrency'],
): { fee: string; total: string | undefined; insufficient: boolean } {
  const fee = formatUnits(feeWei, native.decimals);
  if (token.contract) return { fee, total: undefined, insufficient: false };
  const parsed = parseSendAmount(amount, token);
  const units = parsed.ok ? parsed.units : 0n;
  const balance = balanceUnits(token.balance, token.decimals);
  return { fee, total: formatUnits(units + feeWei, native.decimals), insufficient: units + feeWei > balance };
}

/** The transfer that sends `amount` of `token` to `receiver` (the adapter builds the namespace's transaction), at `feeSpeed` where the chain offers it. */
export function buildTransfer(token: SendToken, receiver: string, amount: string, feeSpeed?: FeeSpeed): Transfer {
  const parsed = parseSendAmount(amount, token);
  if (!parsed.ok)
    throw new SendError(sendErrorText(parsed.reason, receiver, token.decimals), {
      details: `"${amount}" is not an amount of ${token.symbol}`,
    });
  return {
    to: receiver,
    amount: parsed.units,
    ...(token.contract ? { token: { address: token.contract, decimals: token.decimals } } : {}),
    ...(feeSpeed ? { feeSpeed } : {}),
  };
}
