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
 *
 * The Review step shows the network fee (the chain's gas estimate times its gas price) and the
 * total; once sent, transactions.ts follows the transaction to its receipt in the toast.
 */
import { computed, map } from 'nanostores';
import { isEvmAddress } from '../../core/address.js';
import { SendError } from '../../core/errors.js';
import { chainRules } from '../../chains/registry.js';
import type { FeeSpeed, Transfer } from '../../chains/types.js';
import { $activeAccount } from '../connection/account.js';
import { watchTransaction } from '../portfolio/activity.js';
import { $balances, fetchBalances } from '../portfolio/balances.js';
import { getBlockchainApi } from '../portfolio/blockchain.js';
import { looksLikeName, lookupName, resolveName } from '../portfolio/identity.js';
import { resolvesWithEns } from '../portfolio/name-resolvers.js';
import { $activeNetwork } from '../network/networks.js';
import { $modal } from '../ui/modal.js';
import { $router, resetRouter } from '../ui/router.js';
import { emitTransactionSent } from './send-result.js';
import { showError } from '../ui/toast.js';
import { trackTransaction } from '../portfolio/transactions.js';
import { estimateTransferFee, sendTransfer, transactionSettled } from '../connection/actions.js';
import {
  buildTransfer,
  sendReceiver,
  sendErrorText,
  validateSend,
  type SendProblem,
  type ReceiverNameStatus,
  type SendState,
  type SendToken,
} from './send-rules.js';
import { onReset } from '../app/reset.js';

// The form's shapes, messages and rules are in send-rules.ts; importers of send.ts keep them here.
export * from './send-rules.js';

/** How long typing must pause before a name is looked up. */
export const NAME_LOOKUP_DELAY_MS = 300;

const EMPTY: SendState = {
  token: undefined,
  amount: '',
  receiver: '',
  receiverAddress: undefined,
  receiverNameStatus: 'none',
  receiverProfileName: undefined,
  receiverProfileImageUrl: undefined,
  step: 'form',
  attempted: false,
  fee: { status: 'idle' },
  feeSpeed: 'normal',
  loading: false,
  error: undefined,
};

export const $send = map<SendState>({ ...EMPTY });

/** A token's address from its CAIP-10 id (`eip155:1:0x…`, `solana:<ref>:<mint>`); hex addresses get their 0x. */
const contractOf = (caip: string | undefined): string | undefined => {
  const address = caip?.split(':')[2];
  if (!address) return undefined;
  return isEvmAddress(address) ? `0x${address.replace(/^0x/i, '')}` : address;
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

/** Whether a receiver typed as `value` is resolved as a name: on eip155, through ENS where the chain has it, else a Blockchain API. */
function resolvesAsName(value: string): boolean {
  const network = $activeNetwork.get();
  if (!looksLikeName(value) || !network || !chainRules(network.chainNamespace)?.features?.names) return false;
  return getBlockchainApi() !== undefined || resolvesWithEns(value, network);
}

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

/**
 * Validates (after resolving a receiver typed as a name); on success shows the preview step.
 * Resolves to the problem's code, if any.
 */
export async function reviewSend(): Promise<SendProblem | undefined> {
  // A receiver changed while its name was looked up is looked up in turn (bounded: typing goes on).
  for (let i = 0; i < 3 && $send.get().receiverNameStatus === 'resolving'; i++) await resolveReceiver();
  const error = validateSend($send.get(), $activeNetwork.get());
  $send.set({ ...$send.get(), error, attempted: true, step: error ? 'form' : 'preview' });
  if (!error) estimateSendFee();
  return error;
}

let feeRun = 0;

/** The transfer of the form's state: its token, receiver and amount, and the fee's speed where the chain offers one. */
function transferOf(state: SendState): Transfer {
  const speed = chainRules($activeNetwork.get()?.chainNamespace)?.feeSpeeds ? state.feeSpeed : undefined;
  return buildTransfer(state.token!, sendReceiver(state), state.amount, speed);
}

/** The Review step's fee speed (slow, normal, fast): the fee is estimated again at that speed. */
export function setFeeSpeed(feeSpeed: FeeSpeed): void {
  if ($send.get().feeSpeed === feeSpeed) return;
  $send.set({ ...$send.get(), feeSpeed, error: undefined });
  if ($send.get().step === 'preview') estimateSendFee();
}

/** Estimates the previewed transfer's network fee on the chain (through the namespace's adapter); the Review step shows it. */
function estimateSendFee(): void {
  const mine = ++feeRun;
  const state = $send.get();
  const network = $activeNetwork.get();
  const from = $activeAccount.get().address;
  if (!network) return;
  if (!from || !state.token) {
    $send.setKey('fee', { status: 'error' });
    return;
  }
  $send.setKey('fee', { status: 'loading' });
  const settle = (fee: SendState['fee']) => {
    if (mine === feeRun && $send.get().step === 'preview') $send.setKey('fee', fee);
  };
  estimateTransferFee(network, from, transferOf(state)).then(
    (wei) => settle({ status: 'ready', wei }),
    (error: unknown) => settle({ status: 'error', error }),
  );
}

export function backToForm(): void {
  feeRun++;
  $send.set({ ...$send.get(), step: 'form', fee: { status: 'idle' }, error: undefined });
}

export function resetSend(): void {
  cancelNameLookup();
  feeRun++;
  $send.set({ ...EMPTY });
}
onReset(resetSend);

/** Once the wallet's session has the receipt and the native balance, the tokens and the activity follow. */
async function afterSend(hash: string): Promise<void> {
  await transactionSettled(hash);
  await fetchBalances({ force: true });
  // Activity is eip155-only (spec 9).
  if (chainRules($activeNetwork.get()?.chainNamespace)?.features?.activity) await watchTransaction(hash);
}

/** Whether the WalletSend view is on screen (the modal open on it). */
const sendViewShown = (): boolean => $modal.get().open && $router.get().view === 'WalletSend';

/**
 * Signs and sends the previewed transfer. Resolves with the hash once the wallet sent it; on
 * failure the state keeps the error and the preview stays, so the user can try again. The error
 * shows once: in the Review step, or in a toast when the view is no longer on screen.
 */
export async function submitSend(): Promise<string> {
  const state = $send.get();
  const network = $activeNetwork.get();
  const error = validateSend(state, network);
  if (error) {
    $send.set({ ...state, error, step: 'form' });
    throw new SendError(sendErrorText(error, state.receiver, state.token?.decimals));
  }
  $send.set({ ...state, loading: true, error: undefined });
  let hash: string;
  try {
    hash = await sendTransfer(transferOf(state));
  } catch (err) {
    const failure = { code: 'SEND_FAILED', error: err } as const;
    $send.set({ ...$send.get(), loading: false, error: failure });
    // The Review step says it in its alert; a toast only when that step is no longer in sight.
    if (!sendViewShown()) showError(failure);
    throw err;
  }
  resetSend();
  void trackTransaction(network!, hash);
  resetRouter('Account');
  emitTransactionSent(hash);
  void afterSend(hash);
  return hash;
}
