/**
 * Approving and swapping (issue 19): each transaction is built by the swap routes, sent as it is
 * through the connected wallet of the active network's namespace (one with swap in the registry),
 * and followed to its receipt. Approval re-reads the allowance afterwards, so it is asked once.
 * The toast follows each transaction (sent, confirmed). A success refreshes the balances and
 * Activity and returns to Account; a
 * refusal or a revert keeps every input and shows the error.
 */
import { SendError } from '../../core/errors.js';
import type { SwapTransaction } from '../../wire/convert-api.js';
import { $activeNetwork } from '../network/networks.js';
import { watchTransaction } from '../portfolio/activity.js';
import { fetchBalances } from '../portfolio/balances.js';
import { trackTransaction } from '../portfolio/transactions.js';
import { resetRouter } from '../ui/router.js';
import { $swap, $swapDetails, $swapStore, quotable, resetSwap, retrySwapLoads, setAllowance, userCaip } from './swap.js';
import { getSwapApi } from './swap-client.js';

const patch = (next: Partial<ReturnType<typeof $swapStore.get>>) => $swapStore.set({ ...$swapStore.get(), ...next });

/** Sends `tx` through the wallet and waits for its receipt; rejects when the wallet refuses or the chain reverts it. */
async function sendAndConfirm(tx: SwapTransaction, onSent: (hash: string) => void): Promise<string> {
  const network = $activeNetwork.get();
  if (!network) throw new SendError('No active network');
  const { sendTransaction } = await import('../connection/requests.js');
  const hash = await sendTransaction({ to: tx.to, data: tx.data, value: tx.value }, network.chainNamespace);
  onSent(hash);
  // The toast follows it: 'Transaction sent', then 'Transaction confirmed' or 'Transaction failed'.
  const status = await trackTransaction(network, hash);
  if (status === 'failed') throw new SendError('The transaction failed on chain', { details: `Reverted: ${hash}` });
  return hash;
}

function ready() {
  const state = $swap.get();
  const api = getSwapApi();
  const user = userCaip();
  const units = quotable(state);
  if (!api || !user || !state.from || !state.to || units === undefined)
    throw new SendError('The swap form is not complete', { details: 'Choose both tokens and a valid amount first' });
  return { api, user, from: state.from, to: state.to, units, slippage: state.slippage };
}

/** Approves the DEX to spend the amount of `from`, then reads the allowance again. Rejects (state 'error') on failure. */
export async function approveSwap(): Promise<void> {
  const { api, user, from, to } = ready();
  patch({ status: 'approving', error: undefined, approveHash: undefined });
  try {
    const tx = await api.buildApprove({ userAddress: user, from: from.id, to: to.id });
    await sendAndConfirm(tx, (hash) => patch({ approveHash: hash }));
    setAllowance(await api.getAllowance({ tokenAddress: from.id, userAddress: user }));
    patch({ status: 'idle' });
  } catch (err) {
    patch({ status: 'error', error: err });
    throw err;
  }
}

/** After a swap: fresh token balances, then Activity until the swap shows. */
async function afterSwap(hash: string): Promise<void> {
  await fetchBalances({ force: true });
  await watchTransaction(hash);
}

/**
 * Swaps at the current quote with the slippage tolerance (the route sets the minimum out). On
 * success returns to Account with a toast; resolves with the hash. Rejects (state 'error',
 * inputs kept) when the wallet refuses or the router reverts.
 */
export async function submitSwap(): Promise<string> {
  const { api, user, from, to, units, slippage } = ready();
  if ($swapDetails.get().needsApproval) throw new SendError('Approve the token first', { details: `${from.symbol} allowance is short` });
  patch({ status: 'swapping', error: undefined, swapHash: undefined });
  let hash: string;
  try {
    const tx = await api.buildTransaction({
      amount: units.toString(),
      eip155: { slippage },
      from: from.id,
      to: to.id,
      userAddress: user,
    });
    hash = await sendAndConfirm(tx, (sent) => patch({ swapHash: sent }));
  } catch (err) {
    patch({ status: 'error', error: err });
    throw err;
  }
  patch({ status: 'success' });
  resetSwap();
  resetRouter('Account');
  void afterSwap(hash);
  return hash;
}

/** 'Try again' after a failure: back to the form's state with the inputs kept (a failed load is asked again). */
export function clearSwapError(): void {
  patch({ status: 'idle', error: undefined });
  retrySwapLoads();
}
