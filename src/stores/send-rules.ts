/**
 * The WalletSend form's shapes, messages and rules (spec sections 3, 5): which receiver is
 * valid, how an amount becomes base units, the first problem of a form, and the transaction a
 * transfer is (native value, or ERC-20 `transfer` calldata). Pure: the state and actions are in
 * send.ts.
 */
import { encodeFunctionData, parseUnits } from 'viem';
import { isEvmAddress, isSolanaAddress } from '../core/address.js';
import { SendError } from '../core/errors.js';
import type { Network } from '../wire/networks.js';

export const SEND_MESSAGES = {
  required: 'An amount and receiver address are required',
  token: 'A token is required',
  invalid: 'Invalid input',
  insufficient: 'Insufficient funds',
  unsupported: 'Unsupported chain',
} as const;

/** Messages of a receiver typed as a name. */
export const NAME_MESSAGES = {
  notFound: (name: string) => `No address found for ${name}`,
  failed: (name: string) => `Could not look up ${name}, try again`,
  resolving: (name: string) => `Looking up ${name}…`,
} as const;

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
  contract?: `0x${string}`;
  /** Human decimal amount held. */
  balance: string;
  /** USD per token (0 when unknown). */
  price: number;
  iconUrl: string | undefined;
}

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
  loading: boolean;
  /** The last validation or send error, shown by the view. */
  error: string | undefined;
}

/** Whether `receiver` is an address of `namespace` (EVM: 40 hex with optional 0x; Solana: 32 to 44 base58). */
export function isReceiverValid(receiver: string, namespace: string): boolean {
  if (namespace === 'eip155') return isEvmAddress(receiver);
  if (namespace === 'solana') return isSolanaAddress(receiver);
  return false;
}

const AMOUNT = /^\d*\.?\d+$|^\d+\.$/;

/** The amount in base units, or undefined when it is not a positive amount with at most `decimals` decimals. */
export function toBaseUnits(amount: string, decimals: number): bigint | undefined {
  if (!AMOUNT.test(amount)) return undefined;
  const fraction = amount.split('.')[1] ?? '';
  if (fraction.length > decimals) return undefined;
  const units = parseUnits(amount.replace(/\.$/, ''), decimals);
  return units > 0n ? units : undefined;
}

/** The address the transfer goes to: the resolved address of a name, else the receiver as typed. */
export function sendReceiver(state: Pick<SendState, 'receiver' | 'receiverAddress' | 'receiverNameStatus'>): string {
  return state.receiverNameStatus === 'resolved' && state.receiverAddress ? state.receiverAddress : state.receiver;
}

/** The first problem of `state` on `network` (the spec's texts), or undefined when it can be sent. */
export function validateSend(state: SendState, network: Network | undefined): string | undefined {
  if (!state.amount || !state.receiver) return SEND_MESSAGES.required;
  if (!state.token) return SEND_MESSAGES.token;
  if (!network || (network.chainNamespace !== 'eip155' && network.chainNamespace !== 'solana')) return SEND_MESSAGES.unsupported;
  const units = toBaseUnits(state.amount, state.token.decimals);
  if (units === undefined) return SEND_MESSAGES.invalid;
  if (!isReceiverValid(sendReceiver(state), network.chainNamespace)) {
    if (network.chainNamespace === 'eip155' && state.receiverNameStatus === 'not-found') return NAME_MESSAGES.notFound(state.receiver);
    if (network.chainNamespace === 'eip155' && state.receiverNameStatus === 'failed') return NAME_MESSAGES.failed(state.receiver);
    if (network.chainNamespace === 'eip155' && state.receiverNameStatus === 'resolving') return NAME_MESSAGES.resolving(state.receiver);
    return SEND_MESSAGES.invalid;
  }
  const balance = toBaseUnits(state.token.balance, state.token.decimals) ?? 0n;
  if (units > balance) return SEND_MESSAGES.insufficient;
  return undefined;
}

/** The transaction that sends `token`: value for the native coin, `transfer` calldata for an ERC-20. */
export function buildSendTransaction(
  token: SendToken,
  receiver: string,
  amount: string,
): { to: string; value?: bigint; data?: `0x${string}` } {
  const to = `0x${receiver.replace(/^0x/i, '')}` as `0x${string}`;
  const units = toBaseUnits(amount, token.decimals);
  if (units === undefined) throw new SendError(SEND_MESSAGES.invalid, { details: `"${amount}" is not an amount of ${token.symbol}` });
  if (!token.contract) return { to, value: units };
  const data = encodeFunctionData({ abi: TRANSFER_ABI, functionName: 'transfer', args: [to, units] });
  return { to: token.contract, data };
}

/** `transfer(address,uint256)` without outputs: USDT-style tokens return nothing, and nothing is decoded. */
const TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;
