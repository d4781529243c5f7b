/**
 * What becomes of a sent transaction: pending until the chain has its receipt, then confirmed or
 * failed (reverted). The toast says so at each step and offers the transaction: the network's
 * explorer page where it has one, otherwise a copy of the hash.
 */
import { map } from 'nanostores';
import { loadAdapter } from '../../chains/registry.js';
import { transactionLink } from '../../core/explorer.js';
import type { Network } from '../../wire/networks.js';
import { showToast, type ToastAction } from '../ui/toast.js';

export type TransactionStatus = 'pending' | 'confirmed' | 'failed' | 'unknown';

/** The status of each transaction sent from this page, by hash. */
export const $transactions = map<Record<string, TransactionStatus>>({});

/** The toast action of transaction `hash` on `network`. */
export function transactionAction(network: Network | undefined, hash: string): ToastAction {
  const link = transactionLink(network, hash);
  return link ? { label: 'VIEW_ON_EXPLORER', explorer: link.name, href: link.href } : { label: 'COPY_HASH', copy: hash };
}

/**
 * Tracks a sent transaction: shows 'Transaction sent' (pending) at once, then 'Transaction
 * confirmed' or 'Transaction failed' once the receipt is in. When no receipt comes (timeout, the
 * chain unreachable) the status is 'unknown' and the pending toast gives way to a plain one.
 * Resolves with the final status; never rejects.
 */
export async function trackTransaction(network: Network, hash: string, timeoutMs = 60_000): Promise<TransactionStatus> {
  const action = transactionAction(network, hash);
  $transactions.setKey(hash, 'pending');
  showToast({ code: 'TRANSACTION_SENT' }, 'loading', action);
  let status: TransactionStatus;
  try {
    const adapter = await loadAdapter(network.chainNamespace);
    const outcome = adapter ? await adapter.waitForTransaction(network, hash, timeoutMs) : 'unknown';
    status = outcome === 'success' ? 'confirmed' : outcome === 'reverted' ? 'failed' : 'unknown';
  } catch {
    status = 'unknown';
  }
  $transactions.setKey(hash, status);
  if (status === 'confirmed') showToast({ code: 'TRANSACTION_CONFIRMED' }, 'success', action);
  else if (status === 'failed') showToast({ code: 'TRANSACTION_FAILED' }, 'error', action);
  else showToast({ code: 'TRANSACTION_SENT' }, 'success', action);
  return status;
}
