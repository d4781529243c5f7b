/**
 * EIP-5792 batches of the instance API (sendCalls, getCallsStatus): each batch is checked before
 * the wallet is asked (src/chains/eip155/wallet-calls.ts) and sent by the namespace's connected
 * wallet (eip155: the embedded wallet's frame, an injected or EIP-6963 wallet, WalletConnect).
 * The batches still pending are remembered per account, at most MAX_PENDING_CALLS (99): past that a
 * new batch is refused until one settles (their statuses are asked again first).
 */
import { EIP155 } from '../../chains/eip155/namespace.js';
import type { Eip1193Provider } from '../../chains/eip155/provider.js';
import {
  getCallsStatus as walletCallsStatus,
  sendCalls as walletSendCalls,
  sendCallsParams,
  type CallsStatus,
  type SendCallsRequest,
} from '../../chains/eip155/wallet-calls.js';
import type { ChainNamespace } from '../../core/caip.js';
import { ChainNotSupportedError, NotConnectedError, WalletRequestError } from '../../core/errors.js';
import { namespaceNetwork } from '../connection/chain-state.js';
import { getAccountState } from '../connection/account.js';
import { liveSession, requireSession } from '../connection/session-state.js';

/** Pending batches per account (issue 34). */
export const MAX_PENDING_CALLS = 99;
/** Accounts whose pending batches are remembered (the least recent one is forgotten past this). */
const MAX_ACCOUNTS = 16;

/** account (lower case) -> pending batch ids. */
const pending = new Map<string, Set<string>>();

function pendingOf(account: string): Set<string> {
  const key = account.toLowerCase();
  let ids = pending.get(key);
  if (!ids) {
    if (pending.size >= MAX_ACCOUNTS) pending.delete(pending.keys().next().value!);
    ids = new Set();
    pending.set(key, ids);
  }
  return ids;
}

function settle(id: string, status: CallsStatus): void {
  if (status.status === 100) return;
  for (const ids of pending.values()) ids.delete(id);
}

/** The pending batch ids of `account` (tests and the view). */
export function pendingCalls(account: string): readonly string[] {
  return [...(pending.get(account.toLowerCase()) ?? [])];
}

/** Forgets every batch (tests, disconnect). */
export function resetCalls(): void {
  pending.clear();
}

function eip155Provider(namespace?: ChainNamespace): { provider: Eip1193Provider; address: string; namespace: ChainNamespace } {
  const session = requireSession(namespace);
  if (session.namespace !== EIP155)
    throw new ChainNotSupportedError(undefined, { details: `${session.namespace} has no batched calls (EIP-5792 is eip155's)` });
  return { provider: session.provider as Eip1193Provider, address: session.address, namespace: session.namespace };
}

/** wallet_sendCalls (EIP-5792 2.0.0) from the namespace's account on its active chain; resolves with the batch id. */
export async function sendCalls(request: SendCallsRequest, namespace?: ChainNamespace): Promise<{ id: string }> {
  const { provider, address, namespace: ns } = eip155Provider(namespace);
  const network = namespaceNetwork(ns);
  if (!network) throw new ChainNotSupportedError(undefined, { details: `No ${ns} network is configured` });
  const params = sendCallsParams(request, Number(network.id), address);
  const ids = pendingOf(address);
  if (ids.size >= MAX_PENDING_CALLS) {
    // Settled batches the app never asked about are let go first.
    await Promise.all(
      [...ids].map((id) =>
        walletCallsStatus(provider, id).then(
          (s) => settle(id, s),
          () => undefined,
        ),
      ),
    );
    if (ids.size >= MAX_PENDING_CALLS)
      throw new WalletRequestError(`At most ${MAX_PENDING_CALLS} batches of calls may be pending`, { messageCode: 'TooManyPendingCalls' });
  }
  const sent = await walletSendCalls(provider, params);
  pendingOf(address).add(sent.id);
  return sent;
}

/** Throws unless `id` can be a batch id (a non-empty string of at most 8194 characters). */
export function checkCallsId(id: unknown): void {
  if (typeof id !== 'string' || id.length === 0 || id.length > 8194)
    throw new WalletRequestError('Invalid id: it must be the id sendCalls answered', { messageCode: 'InvalidInput' });
}

/** wallet_getCallsStatus of a batch, asked of the eip155 wallet connected now. */
export async function getCallsStatus(id: string): Promise<CallsStatus> {
  checkCallsId(id);
  const session = liveSession(EIP155);
  if (!session || !getAccountState(EIP155).address) throw new NotConnectedError(undefined, { details: 'Connect a wallet first' });
  const status = await walletCallsStatus(session.provider as Eip1193Provider, id);
  settle(id, status);
  return status;
}
