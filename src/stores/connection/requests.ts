/**
 * Requests on a namespace's live session (lazy chunk, with session.ts): switching the wallet's
 * network, reading the native balance, signing, sending and capabilities. Each goes through the
 * namespace's adapter; the active namespace unless one is named.
 */
import { EIP155 } from '../../chains/eip155/namespace.js';
import { loadAdapter } from '../../chains/registry.js';
import type { Transfer } from '../../chains/types.js';
import { toCaipAddress, type ChainNamespace } from '../../core/caip.js';
import { AdapterNotFoundError, ChainNotSupportedError, NotConnectedError, WalletRequestError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { $unknownNetwork } from '../network/networks.js';
import { getAccountState, patchAccount } from './account.js';
import { namespaceNetwork } from './chain-state.js';
import { readNativeBalance } from './balance-reads.js';
import { liveSession, requireSession, targetNamespace } from './session-state.js';

/** Asks the namespace's wallet to move to `network`; resolves once it has. */
export async function switchWalletNetwork(network: Network): Promise<void> {
  const session = liveSession(network.chainNamespace);
  if (!session) throw new NotConnectedError();
  await session.adapter.switchNetwork(session.provider, network);
  if ($unknownNetwork.get()?.namespace === network.chainNamespace) $unknownNetwork.set(undefined);
  const address = getAccountState(network.chainNamespace).address;
  if (address) patchAccount(network.chainNamespace, { caipAddress: toCaipAddress(network.caipNetworkId, address) });
}

/**
 * Reads the native balance of a namespace's account on its network into its own key (see
 * balance-reads.ts: one fetcher store per namespace, a 30 s cache unless `force`): a failed read
 * is 'unavailable', a late answer never lands on another chain.
 */
export async function refreshBalance(namespace?: ChainNamespace, options?: { force?: boolean }): Promise<void> {
  await readNativeBalance(targetNamespace(namespace), options);
}

export async function signMessage(message: string, namespace?: ChainNamespace): Promise<string> {
  const { adapter, provider, address, namespace: ns } = requireSession(namespace);
  const network = namespaceNetwork(ns);
  if (!network) throw new ChainNotSupportedError(undefined, { details: `No ${ns} network is configured` });
  return adapter.signMessage(provider, address, message, network);
}

/** EIP-712 typed data, signed by `namespace`'s wallet (by default eip155's: the instance API's method is theirs). */
export async function signTypedData(typedData: object, namespace: ChainNamespace = EIP155): Promise<string> {
  const { adapter, provider, address } = requireSession(namespace);
  if (!adapter.signTypedData) throw new ChainNotSupportedError(undefined, { details: `${namespace} has no typed data` });
  return adapter.signTypedData(provider, address, typedData);
}

/** Transactions sent here whose confirmation is awaited (then the native balance is read again). */
const settling = new Map<string, Promise<void>>();

function settle(namespace: ChainNamespace, network: Network, hash: string): void {
  const session = liveSession(namespace);
  const done = (session ? session.adapter.waitForTransaction(network, hash) : Promise.resolve())
    .then(() => refreshBalance(namespace, { force: true }))
    .finally(() => settling.delete(hash));
  settling.set(hash, done);
}

/** An app-built transaction (the instance API); resolves to the hash or signature. */
export async function sendTransaction(tx: unknown, namespace?: ChainNamespace, options?: unknown): Promise<string> {
  // Not connected reads the same as for signing: 'Not connected'.
  const { adapter, provider, address, namespace: ns } = requireSession(namespace);
  const network = namespaceNetwork(ns);
  if (!network) throw new ChainNotSupportedError(undefined, { details: `No ${ns} network is configured` });
  const hash = await adapter.sendTransaction(provider, address, tx, network, options);
  settle(ns, network, hash);
  return hash;
}

/** A WalletSend transfer on the active namespace; 'Unsupported chain' where the adapter has no send. */
export async function sendTransfer(transfer: Transfer): Promise<string> {
  const { adapter, provider, address, namespace } = requireSession();
  const network = namespaceNetwork(namespace);
  if (!adapter.sendTransfer || !network) throw new ChainNotSupportedError('Unsupported chain', { details: `${namespace} has no send` });
  const hash = await adapter.sendTransfer(provider, address, transfer, network);
  settle(namespace, network, hash);
  return hash;
}

/** The network fee of a transfer from `from` on `network`, in the native coin's base units. */
export async function estimateTransferFee(network: Network, from: string, transfer: Transfer): Promise<bigint> {
  const adapter = await loadAdapter(network.chainNamespace);
  if (!adapter) throw new AdapterNotFoundError();
  if (!adapter.estimateTransferFee)
    throw new ChainNotSupportedError(undefined, { details: `${network.chainNamespace} has no fee estimate` });
  return adapter.estimateTransferFee(network, from, transfer);
}

/** Resolves once a transaction sent here is final (or the wait gave up) and the native balance was read again. */
export function transactionSettled(hash: string): Promise<void> {
  return settling.get(hash) ?? Promise.resolve();
}

/** wallet_getCapabilities (EIP-5792) of `namespace`'s wallet for its account (by default eip155's: the instance API's method is theirs). */
export async function getCapabilities(namespace: ChainNamespace = EIP155): Promise<Record<string, unknown>> {
  const session = liveSession(namespace);
  if (!session?.adapter.getCapabilities) throw new WalletRequestError('Missing address parameter in wallet_getCapabilities request');
  return session.adapter.getCapabilities(session.provider, getAccountState(namespace).address);
}
