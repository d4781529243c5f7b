/**
 * The wallet actions the views and the instance API call, for every namespace; each loads the
 * generic session module (and the namespace's adapter) lazily, so the first chunk stays small.
 * A wallet with connectors in several namespaces (one wallet, two chains) connects each
 * namespace the app configured, the active one first.
 */
import type { Transfer } from '../../adapters/types.js';
import type { ChainNamespace } from '../../core/caip.js';
import { WalletNotFoundError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { $activeNamespace, $networks } from '../network/networks.js';
import { $connectors, walletConnectors } from './connectors.js';
import { loadConnectionSession } from './discovery.js';

const session = loadConnectionSession;
const requests = () => import('./requests.js');

/**
 * Connects a wallet by connector id: its own namespace and, for a wallet with connectors in other
 * configured namespaces, those too. The first namespace's failure is the caller's; a later
 * namespace's refusal leaves the first connected.
 */
export async function connectExternal(connectorId: string): Promise<void> {
  const active = $activeNamespace.get();
  const clicked = $connectors.get().find((c) => c.id === connectorId && c.chain === active) ?? $connectors.get().find((c) => c.id === connectorId);
  if (!clicked) throw new WalletNotFoundError(undefined, { details: `No connector ${connectorId}` });
  const configured = new Set($networks.get().map((n) => n.chainNamespace));
  const [first, ...rest] = walletConnectors(clicked, active).filter((c) => configured.has(c.chain));
  const m = await session();
  await m.connectNamespace(first!.chain, first!.id);
  for (const c of rest) await m.connectNamespace(c.chain, c.id).catch(() => undefined);
}

export async function activateConnection(connectorId: string, namespace?: ChainNamespace): Promise<boolean> {
  const ns = namespace ?? $activeNamespace.get();
  return ns ? (await session()).activateConnection(ns, connectorId) : false;
}

/** Makes one of the active wallet's connected accounts the active address (ProfileWallets). */
export async function selectAccount(address: string, namespace?: ChainNamespace): Promise<void> {
  (await import('./accounts.js')).selectAccount(address, namespace);
}

export async function removeConnection(connectorId: string, namespace?: ChainNamespace): Promise<void> {
  const ns = namespace ?? $activeNamespace.get();
  if (ns) await (await session()).removeConnection(ns, connectorId);
}

export async function refreshBalance(namespace?: ChainNamespace): Promise<void> {
  return (await requests()).refreshBalance(namespace);
}

export async function signMessage(message: string, namespace?: ChainNamespace): Promise<string> {
  await session();
  return (await requests()).signMessage(message, namespace);
}

export async function signTypedData(typedData: object): Promise<string> {
  return (await requests()).signTypedData(typedData);
}

export async function sendTransaction(tx: unknown, namespace?: ChainNamespace, options?: unknown): Promise<string> {
  return (await requests()).sendTransaction(tx, namespace, options);
}

export async function sendTransfer(transfer: Transfer): Promise<string> {
  return (await requests()).sendTransfer(transfer);
}

export async function estimateTransferFee(network: Network, from: string, transfer: Transfer): Promise<bigint> {
  return (await requests()).estimateTransferFee(network, from, transfer);
}

/** Resolves once a sent transaction is final and the native balance was read again. */
export async function transactionSettled(hash: string): Promise<void> {
  return (await requests()).transactionSettled(hash);
}

export async function getCapabilities(): Promise<Record<string, unknown>> {
  return (await requests()).getCapabilities();
}
