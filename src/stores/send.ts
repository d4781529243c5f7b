/**
 * The WalletSend state and actions (spec sections 3, 4, 5): token, amount and receiver, the
 * validation messages, a preview step, then sign and send. Native coins go as the value of a
 * transaction; ERC-20 tokens as `transfer(to, amount)` calldata (no return value is decoded,
 * so USDT-style tokens work). After sending: balances refresh, the state resets, a success
 * toast shows the hash and the view returns to Account.
 *
 * On eip155 the receiver may be a name (`alice.w3kit`): it resolves through the Blockchain API
 * (300 ms after typing pauses, or at once on review; found names cached 5 min) and the
 * transfer goes to the address it resolved to.
 */
import { computed, map } from 'nanostores';
import { encodeFunctionData, parseUnits } from 'viem';
import { isEvmAddress, isSolanaAddress, truncateAddress } from '../core/address.js';
import { SendError, W3Error } from '../core/errors.js';
import type { Network } from '../wire/networks.js';
import { $activeAccount } from './account.js';
import { watchTransaction } from './activity.js';
import { $balances, fetchBalances } from './balances.js';
import { getBlockchainApi } from './blockchain.js';
import { looksLikeName, lookupName, resolveName } from './identity.js';
import { $activeNetwork } from './networks.js';
import { resetRouter } from './router.js';
import { emitTransactionSent } from './send-result.js';
import { showError, showSuccess } from './toast.js';
import { sendTransaction, transactionSettled } from './wallet-actions.js';

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

/** How long typing must pause before a name is looked up. */
export const NAME_LOOKUP_DELAY_MS = 300;

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

const EMPTY: SendState = {
  token: undefined,
  amount: '',
  receiver: '',
  receiverAddress: undefined,
  receiverNameStatus: 'none',
  receiverProfileName: undefined,
  receiverProfileImageUrl: undefined,
  step: 'form',
  loading: false,
  error: undefined,
};

export const $send = map<SendState>({ ...EMPTY });

const contractOf = (caip: string | undefined): `0x${string}` | undefined => {
  const address = caip?.split(':')[2];
  return address && isEvmAddress(address) ? (`0x${address.replace(/^0x/i, '')}` as `0x${string}`) : undefined;
};

/** The tokens to choose from: the native coin (its balance read from the chain) and the tokens with a balance. */
export const $sendTokens = computed([$balances, $activeAccount, $activeNetwork], (balances, account, network): SendToken[] => {
  if (!network) return [];
  const current = balances.key?.startsWith(`${network.caipNetworkId}|`) ? balances.tokens : [];
  const native = current.find((t) => !t.address);
  const list: SendToken[] = [
    {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      decimals: network.nativeCurrency.decimals,
      balance: account.balance ?? native?.quantity.numeric ?? '0',
      price: native?.price ?? 0,
      iconUrl: native?.iconUrl,
    },
  ];
  for (const t of current) {
    const contract = contractOf(t.address);
    if (!contract || Number(t.quantity.numeric) <= 0) continue;
    list.push({
      name: t.name,
      symbol: t.symbol,
      decimals: Number(t.quantity.decimals),
      contract,
      balance: t.quantity.numeric,
      price: t.price,
      iconUrl: t.iconUrl,
    });
  }
  return list;
});

export function setSendToken(token: SendToken | undefined): void {
  $send.set({ ...$send.get(), token, error: undefined });
}

export function setSendAmount(amount: string): void {
  $send.set({ ...$send.get(), amount: amount.trim(), error: undefined });
}

let lookup = 0;
let nameTimer: ReturnType<typeof setTimeout> | undefined;
let nameLookup: { id: number; done: Promise<void> } | undefined;

function cancelNameLookup(): void {
  lookup++;
  clearTimeout(nameTimer);
  nameTimer = undefined;
  nameLookup = undefined;
}

/** Whether a receiver typed as `value` is resolved as a name (eip155 with a Blockchain API). */
const resolvesAsName = (value: string): boolean =>
  looksLikeName(value) && $activeNetwork.get()?.chainNamespace === 'eip155' && getBlockchainApi() !== undefined;

/**
 * Sets the receiver. A valid EVM address is looked up for a name and avatar; a name is resolved
 * to its address once typing pauses (NAME_LOOKUP_DELAY_MS), or at once by reviewSend().
 */
export function setReceiver(receiver: string): void {
  const value = receiver.trim();
  cancelNameLookup();
  const receiverNameStatus: ReceiverNameStatus = resolvesAsName(value) ? 'resolving' : 'none';
  $send.set({
    ...$send.get(),
    receiver: value,
    receiverAddress: undefined,
    receiverNameStatus,
    receiverProfileName: undefined,
    receiverProfileImageUrl: undefined,
    error: undefined,
  });
  if (receiverNameStatus === 'resolving') {
    nameTimer = setTimeout(() => void resolveReceiver(), NAME_LOOKUP_DELAY_MS);
    return;
  }
  if (!isEvmAddress(value)) return;
  const mine = lookup;
  void lookupName(value).then((identity) => {
    if (mine !== lookup || $send.get().receiver !== value || !identity) return;
    $send.set({ ...$send.get(), receiverProfileName: identity.name ?? undefined, receiverProfileImageUrl: identity.avatar ?? undefined });
  });
}

/** Resolves the receiver typed as a name now (joining a lookup under way); resolves when the state has the outcome. */
export function resolveReceiver(): Promise<void> {
  const { receiver, receiverNameStatus } = $send.get();
  if (receiverNameStatus !== 'resolving') return Promise.resolve();
  const mine = lookup;
  if (nameLookup?.id === mine) return nameLookup.done;
  clearTimeout(nameTimer);
  nameTimer = undefined;
  const settle = (patch: Partial<SendState>) => {
    if (mine === lookup && $send.get().receiver === receiver) $send.set({ ...$send.get(), ...patch });
  };
  const done = resolveName(receiver).then(
    (resolved) => {
      if (resolved === undefined) settle({ receiverNameStatus: 'none' });
      else if (resolved === null) settle({ receiverNameStatus: 'not-found' });
      else
        settle({
          receiverNameStatus: 'resolved',
          receiverAddress: resolved.address,
          receiverProfileName: resolved.name,
          receiverProfileImageUrl: resolved.avatar,
        });
    },
    () => settle({ receiverNameStatus: 'failed' }),
  );
  nameLookup = { id: mine, done };
  return done;
}

/** Max: the whole balance of the chosen token. */
export function setMaxAmount(): void {
  const token = $send.get().token;
  if (token) setSendAmount(token.balance);
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

/**
 * Validates (after resolving a receiver typed as a name); on success shows the preview step.
 * Resolves to the error message, if any.
 */
export async function reviewSend(): Promise<string | undefined> {
  // A receiver changed while its name was looked up is looked up in turn (bounded: typing goes on).
  for (let i = 0; i < 3 && $send.get().receiverNameStatus === 'resolving'; i++) await resolveReceiver();
  const error = validateSend($send.get(), $activeNetwork.get());
  $send.set({ ...$send.get(), error, step: error ? 'form' : 'preview' });
  return error;
}

export function backToForm(): void {
  $send.set({ ...$send.get(), step: 'form', error: undefined });
}

export function resetSend(): void {
  cancelNameLookup();
  $send.set({ ...EMPTY });
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

/** Once the wallet's session has the receipt and the native balance, the tokens and the activity follow. */
async function afterSend(hash: `0x${string}`): Promise<void> {
  await transactionSettled(hash);
  await fetchBalances({ force: true });
  await watchTransaction(hash);
}

/**
 * Signs and sends the previewed transfer. Resolves with the hash once the wallet sent it; on
 * failure the state keeps the error and the preview stays, so the user can try again.
 */
export async function submitSend(): Promise<`0x${string}`> {
  const state = $send.get();
  const network = $activeNetwork.get();
  const error = validateSend(state, network);
  if (error) {
    $send.set({ ...state, error, step: 'form' });
    throw new SendError(error);
  }
  if (network?.chainNamespace !== 'eip155') {
    // Solana sends need the Solana adapter, which is not part of this build yet.
    const message = network?.chainNamespace === 'solana' ? 'Adapter not found' : SEND_MESSAGES.unsupported;
    $send.set({ ...state, error: message });
    throw new SendError(message);
  }
  $send.set({ ...state, loading: true, error: undefined });
  let hash: `0x${string}`;
  try {
    hash = await sendTransaction(buildSendTransaction(state.token!, sendReceiver(state), state.amount));
  } catch (err) {
    const message = err instanceof W3Error ? err.shortMessage : 'Something went wrong';
    $send.set({ ...$send.get(), loading: false, error: message });
    showError(message);
    throw err;
  }
  resetSend();
  showSuccess(`Transaction sent ${truncateAddress(hash, 6, 6)}`);
  resetRouter('Account');
  emitTransactionSent(hash);
  void afterSend(hash);
  return hash;
}
