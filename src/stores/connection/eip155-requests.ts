/**
 * Requests on the active eip155 session (lazy chunk, with eip155-session.ts): switching the
 * wallet's chain, reading the native balance, signing, sending and capabilities.
 */
import { readNativeBalance, waitForReceipt } from '../../adapters/eip155/chain.js';
import type { Eip1193Provider } from '../../adapters/eip155/provider.js';
import * as wallet from '../../adapters/eip155/wallet.js';
import { toCaipAddress } from '../../core/caip.js';
import { NotConnectedError, WalletRequestError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { getAccountState, patchAccount } from './account.js';
import { activeSession } from './eip155-active.js';
import { $activeNetwork, $unknownNetwork } from '../network/networks.js';
import { readBalanceInto } from './native-balance.js';

/** Asks the wallet to switch (adding the chain on 4902); resolves once it has switched. */
export async function switchWalletNetwork(network: Network): Promise<void> {
  const active = activeSession();
  if (!active) throw new NotConnectedError();
  await wallet.switchChain(active.provider, network);
  $unknownNetwork.set(undefined);
  const address = getAccountState('eip155').address;
  if (address) patchAccount('eip155', { caipAddress: toCaipAddress(network.caipNetworkId, address) });
}

/**
 * Reads the native balance of the active account on the active network into its own key (see
 * native-balance.ts): a failed read is 'unavailable', a late answer never lands on another chain.
 */
export async function refreshBalance(): Promise<void> {
  const { address } = getAccountState('eip155');
  const network = $activeNetwork.get();
  if (!address || !network || network.chainNamespace !== 'eip155' || $unknownNetwork.get()) return;
  await readBalanceInto(network, address, () => readNativeBalance(network, address as `0x${string}`));
}

function requireSession(): { provider: Eip1193Provider; address: string } {
  const address = getAccountState('eip155').address;
  const active = activeSession();
  if (!active || !address) throw new NotConnectedError(undefined, { details: 'Connect a wallet first' });
  return { provider: active.provider, address };
}

export async function signMessage(message: string): Promise<`0x${string}`> {
  const { provider, address } = requireSession();
  return wallet.signMessage(provider, address, message);
}

export async function signTypedData(typedData: object): Promise<`0x${string}`> {
  const { provider, address } = requireSession();
  return wallet.signTypedData(provider, address, typedData);
}

export async function sendTransaction(tx: { to: string; value?: bigint; data?: `0x${string}` }): Promise<`0x${string}`> {
  // Not connected reads the same as for signing: 'Not connected'.
  const { provider, address } = requireSession();
  const hash = await wallet.sendTransaction(provider, { from: address, ...tx });
  const settled = waitAndRefresh(hash).finally(() => settling.delete(hash));
  settling.set(hash, settled);
  return hash;
}

/** Transactions sent here whose receipt is awaited (then the native balance is read again). */
const settling = new Map<string, Promise<void>>();

/** Resolves once a transaction sent here is mined (or the wait gave up) and the native balance was read again. */
export function transactionSettled(hash: `0x${string}`): Promise<void> {
  return settling.get(hash) ?? Promise.resolve();
}

async function waitAndRefresh(hash: `0x${string}`): Promise<void> {
  const network = $activeNetwork.get();
  if (!network) return;
  try {
    await waitForReceipt(network, hash);
  } catch {
    // refresh anyway
  }
  await refreshBalance();
}

export async function getCapabilities(): Promise<Record<string, unknown>> {
  const active = activeSession();
  if (!active) throw new WalletRequestError('Missing address parameter in wallet_getCapabilities request');
  return wallet.getCapabilities(active.provider, getAccountState('eip155').address);
}
