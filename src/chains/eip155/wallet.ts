import { getAddress, isHex, numberToHex, stringToHex } from 'viem';
import { assertChainId } from '../../core/caip.js';
import { isEvmAddress, isTransactionHash } from '../../core/address.js';
import { ConnectionRejectedError, SignatureDeclinedError, toRpcError, W3Error, WalletRequestError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import type { Eip1193Provider } from './provider.js';

/** Sends one request; whatever the wallet throws becomes a typed error by its code. */
export async function walletRequest(provider: Eip1193Provider, method: string, params?: unknown): Promise<unknown> {
  try {
    return await provider.request(params === undefined ? { method } : { method, params });
  } catch (err) {
    throw toRpcError(err);
  }
}

function malformed(method: string, reply: unknown): W3Error {
  return new WalletRequestError(`The wallet answered ${method} with a malformed reply`, { details: JSON.stringify(reply)?.slice(0, 200) });
}

/** Parses an account list: checksummed addresses; anything else is a malformed reply. */
export function parseAccounts(method: string, reply: unknown): `0x${string}`[] {
  if (!Array.isArray(reply) || !reply.every((a) => typeof a === 'string' && isEvmAddress(a))) throw malformed(method, reply);
  return reply.map((a: string) => getAddress(a.startsWith('0x') ? a : `0x${a}`));
}

export async function requestAccounts(provider: Eip1193Provider): Promise<`0x${string}`[]> {
  const accounts = parseAccounts('eth_requestAccounts', await walletRequest(provider, 'eth_requestAccounts'));
  if (accounts.length === 0) throw new ConnectionRejectedError(undefined, { details: 'The wallet returned no account' });
  return accounts;
}

/** The authorised accounts without a prompt (used to restore a connection on reload). */
export async function getAccounts(provider: Eip1193Provider): Promise<`0x${string}`[]> {
  return parseAccounts('eth_accounts', await walletRequest(provider, 'eth_accounts'));
}

export function parseChainId(reply: unknown): number {
  if (typeof reply === 'number') return assertChainId(reply);
  if (typeof reply === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(reply)) return assertChainId(reply);
  throw malformed('eth_chainId', reply);
}

export async function getChainId(provider: Eip1193Provider): Promise<number> {
  return parseChainId(await walletRequest(provider, 'eth_chainId'));
}

/** wallet_addEthereumChain's parameter (EIP-3085) for a configured network. */
export function addChainParams(network: Network): Record<string, unknown> {
  const explorer = network.blockExplorers?.default.url;
  return {
    chainId: numberToHex(assertChainId(network.id)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  };
}

/**
 * Asks the wallet to switch; when it does not know the chain (4902) adds it with
 * wallet_addEthereumChain (chainName, nativeCurrency, rpcUrls, blockExplorerUrls), then switches.
 */
export async function switchChain(provider: Eip1193Provider, network: Network): Promise<void> {
  const chainId = numberToHex(assertChainId(network.id));
  try {
    await walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId }]);
  } catch (err) {
    if ((err as W3Error).code !== 4902) throw err;
    await walletRequest(provider, 'wallet_addEthereumChain', [addChainParams(network)]);
    const now = await getChainId(provider);
    if (now !== assertChainId(network.id)) await walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId }]);
  }
}

function parseHex(method: string, reply: unknown): `0x${string}` {
  if (typeof reply !== 'string' || !isHex(reply)) throw malformed(method, reply);
  return reply;
}

/** personal_sign; a refusal (4001) gives 'Signature declined'. */
export async function signMessage(provider: Eip1193Provider, address: string, message: string): Promise<`0x${string}`> {
  try {
    return parseHex('personal_sign', await walletRequest(provider, 'personal_sign', [stringToHex(message), address]));
  } catch (err) {
    if ((err as W3Error).code === 4001) throw new SignatureDeclinedError(undefined, { cause: err });
    throw err;
  }
}

const bigintJson = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : value);

export async function signTypedData(provider: Eip1193Provider, address: string, typedData: object): Promise<`0x${string}`> {
  try {
    const reply = await walletRequest(provider, 'eth_signTypedData_v4', [address, JSON.stringify(typedData, bigintJson)]);
    return parseHex('eth_signTypedData_v4', reply);
  } catch (err) {
    if ((err as W3Error).code === 4001) throw new SignatureDeclinedError(undefined, { cause: err });
    throw err;
  }
}

export interface TransactionRequest {
  from: string | undefined;
  to: string;
  value?: bigint;
  data?: `0x${string}`;
  gas?: bigint;
}

/** eth_sendTransaction; needs an account address. Returns the transaction hash. */
export async function sendTransaction(provider: Eip1193Provider, tx: TransactionRequest): Promise<`0x${string}`> {
  if (!tx.from || !isEvmAddress(tx.from)) throw new WalletRequestError('Transactions need an account address');
  if (!isEvmAddress(tx.to))
    throw new WalletRequestError('Invalid input', { messageCode: 'InvalidInput', details: `"${tx.to}" is not an EVM address` });
  const reply = await walletRequest(provider, 'eth_sendTransaction', [
    {
      from: tx.from,
      to: tx.to,
      ...(tx.value !== undefined ? { value: numberToHex(tx.value) } : {}),
      ...(tx.data ? { data: tx.data } : {}),
      ...(tx.gas !== undefined ? { gas: numberToHex(tx.gas) } : {}),
    },
  ]);
  if (typeof reply !== 'string' || !isTransactionHash(reply)) throw malformed('eth_sendTransaction', reply);
  return reply as `0x${string}`;
}

/** wallet_getCapabilities (EIP-5792); the address is required. */
export async function getCapabilities(provider: Eip1193Provider, address: string | undefined): Promise<Record<string, unknown>> {
  if (!address) throw new WalletRequestError('Missing address parameter in wallet_getCapabilities request');
  const reply = await walletRequest(provider, 'wallet_getCapabilities', [address]);
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) throw malformed('wallet_getCapabilities', reply);
  return reply as Record<string, unknown>;
}

export interface WalletEventHandlers {
  accountsChanged(accounts: `0x${string}`[]): void;
  chainChanged(chainId: number | undefined, raw: unknown): void;
  disconnect(error: unknown): void;
}

/** Subscribes to the provider's events with parsed payloads; returns an unsubscribe. */
export function watchWalletEvents(provider: Eip1193Provider, handlers: WalletEventHandlers): () => void {
  const onAccounts = (accounts: unknown): void => {
    try {
      handlers.accountsChanged(parseAccounts('accountsChanged', accounts));
    } catch {
      handlers.accountsChanged([]);
    }
  };
  const onChain = (chainId: unknown): void => {
    let parsed: number | undefined;
    try {
      parsed = parseChainId(chainId);
    } catch {
      parsed = undefined;
    }
    handlers.chainChanged(parsed, chainId);
  };
  const onDisconnect = (error: unknown): void => handlers.disconnect(error);
  provider.on?.('accountsChanged', onAccounts as (...args: unknown[]) => void);
  provider.on?.('chainChanged', onChain as (...args: unknown[]) => void);
  provider.on?.('disconnect', onDisconnect as (...args: unknown[]) => void);
  return () => {
    provider.removeListener?.('accountsChanged', onAccounts as (...args: unknown[]) => void);
    provider.removeListener?.('chainChanged', onChain as (...args: unknown[]) => void);
    provider.removeListener?.('disconnect', onDisconnect as (...args: unknown[]) => void);
  };
}
