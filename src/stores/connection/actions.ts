import { loadEip155Session } from './eip155.js';

/**
 * Store actions the views call for eip155 wallets; each loads the session module (viem) lazily,
 * so the first chunk stays small.
 */
export async function connectExternal(connectorId: string): Promise<void> {
  return (await loadEip155Session()).connectEip155(connectorId);
}

export async function activateConnection(connectorId: string): Promise<boolean> {
  return (await loadEip155Session()).activateConnection(connectorId);
}

/** Makes one of the active wallet's connected accounts the active address (ProfileWallets). */
export async function selectAccount(address: string): Promise<void> {
  (await loadEip155Session()).selectEip155Account(address);
}

export async function removeConnection(connectorId: string): Promise<void> {
  return (await loadEip155Session()).removeConnection(connectorId);
}

export async function refreshBalance(): Promise<void> {
  return (await loadEip155Session()).refreshBalance();
}

export async function signMessage(message: string): Promise<`0x${string}`> {
  return (await loadEip155Session()).signMessage(message);
}

export async function signTypedData(typedData: object): Promise<`0x${string}`> {
  return (await loadEip155Session()).signTypedData(typedData);
}

export async function sendTransaction(tx: { to: string; value?: bigint; data?: `0x${string}` }): Promise<`0x${string}`> {
  return (await loadEip155Session()).sendTransaction(tx);
}

/** Resolves once a sent transaction is mined and the native balance was read again. */
export async function transactionSettled(hash: `0x${string}`): Promise<void> {
  return (await loadEip155Session()).transactionSettled(hash);
}

export async function getCapabilities(): Promise<Record<string, unknown>> {
  return (await loadEip155Session()).getCapabilities();
}
