/**
 * The wallet actions the views and stores call, for every namespace (the active one unless one
 * is named); each loads the generic session module (and the namespace's adapter) lazily. The
 * instance API loads requests.ts itself on first use.
 */
import type { Transfer } from '../../chains/types.js';
import type { ChainNamespace } from '../../core/caip.js';
import type { Network } from '../../wire/networks.js';
import { loadConnectionSession as session } from './discovery.js';

const requests = () => import('./requests.js');

/** Connects a wallet by connector id: each namespace it shares with the app, the active one first. */
export const connectExternal = async (connectorId: string): Promise<void> => (await session()).connectWallet(connectorId);

/** ProfileWallets: makes a known connection the live one; false when its wallet must connect again. */
export const activateConnection = async (connectorId: string, namespace?: ChainNamespace): Promise<boolean> =>
  (await session()).activateConnection(connectorId, namespace);

/** Makes one of the active wallet's connected accounts the active address (ProfileWallets). */
export const selectAccount = async (address: string, namespace?: ChainNamespace): Promise<void> =>
  (await import('./accounts.js')).selectAccount(address, namespace);

export const removeConnection = async (connectorId: string, namespace?: ChainNamespace): Promise<void> =>
  (await session()).removeConnection(connectorId, namespace);

/** Reads the native balance (30 s cache unless `force`: see balance-reads.ts). */
export const refreshBalance = async (namespace?: ChainNamespace, options?: { force?: boolean }): Promise<void> =>
  (await requests()).refreshBalance(namespace, options);

export const sendTransfer = async (transfer: Transfer): Promise<string> => (await requests()).sendTransfer(transfer);

export const estimateTransferFee = async (network: Network, from: string, transfer: Transfer): Promise<bigint> =>
  (await requests()).estimateTransferFee(network, from, transfer);

/** Resolves once a sent transaction is final and the native balance was read again. */
export const transactionSettled = async (hash: string): Promise<void> => (await requests()).transactionSettled(hash);
