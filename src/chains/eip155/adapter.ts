/**
 * The eip155 adapter (lazy chunk, viem): the ChainAdapter of src/chains/types.ts over an
 * EIP-1193 provider. Wallet requests are in wallet.ts, chain reads in chain.ts; this file maps
 * them onto the interface the stores drive every namespace through.
 */
import { encodeFunctionData, getAddress } from 'viem';
import { isEvmAddress, isTransactionHash } from '../../core/address.js';
import { WalletRequestError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import type { AdapterSession, ChainAdapter, Transfer } from '../types.js';
import { estimateFee, readNativeBalance, waitForReceipt } from './chain.js';
import type { Eip1193Provider } from './provider.js';
import * as wallet from './wallet.js';

/** `transfer(address,uint256)` without outputs: USDT-style tokens return nothing, and nothing is decoded. */
const TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

/** A hex address (0x optional) checksummed. */
const checksum = (value: string): `0x${string}` => getAddress(/^0x/i.test(value) ? `0x${value.slice(2)}` : `0x${value}`);

/** The transaction of a transfer: the native coin as the value, an ERC-20 as `transfer(to, amount)` calldata. */
export function transferTransaction(transfer: Transfer): { to: `0x${string}`; value?: bigint; data?: `0x${string}` } {
  const to = checksum(transfer.to);
  if (!transfer.token) return { to, value: transfer.amount };
  const data = encodeFunctionData({ abi: TRANSFER_ABI, functionName: 'transfer', args: [to, transfer.amount] });
  return { to: checksum(transfer.token.address), data };
}

/** The instance API's transaction: `{ to, value?, data? }`, value as a bigint, a safe integer or a decimal string of wei. */
export function parseEip155Transaction(tx: unknown): { to: string; value?: bigint; data?: `0x${string}` } {
  if (typeof tx !== 'object' || tx === null)
    throw new WalletRequestError('Invalid transaction', { details: 'Expected { to, value?, data? }' });
  const { to, value, data } = tx as Record<string, unknown>;
  if (typeof to !== 'string') throw new WalletRequestError('Invalid transaction', { details: '"to" must be an address' });
  let wei: bigint | undefined;
  if (typeof value === 'bigint') wei = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) wei = BigInt(value);
  else if (typeof value === 'string' && /^\d+$/.test(value)) wei = BigInt(value);
  else if (value !== undefined)
    throw new WalletRequestError('Invalid transaction', { details: '"value" must be wei as a bigint, an integer or a decimal string' });
  if (wei !== undefined && wei < 0n) throw new WalletRequestError('Invalid transaction', { details: '"value" must not be negative' });
  if (data !== undefined && (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data)))
    throw new WalletRequestError('Invalid transaction', { details: '"data" must be hex bytes' });
  return { to, ...(wei !== undefined ? { value: wei } : {}), ...(data ? { data: data as `0x${string}` } : {}) };
}

async function session(provider: Eip1193Provider, accounts: `0x${string}`[]): Promise<AdapterSession> {
  return { accounts, chainId: String(await wallet.getChainId(provider)) };
}

export const eip155Adapter: ChainAdapter<Eip1193Provider> = {
  namespace: 'eip155',
  connect: async (provider) => session(provider, await wallet.requestAccounts(provider)),
  restore: async (provider) => {
    const accounts = await wallet.getAccounts(provider);
    return accounts.length ? session(provider, accounts) : { accounts, chainId: undefined };
  },
  disconnect: async (provider) => {
    // wallet_revokePermissions (EIP-2255) where the wallet has it; a second at most.
    await Promise.race([
      wallet.walletRequest(provider, 'wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined),
      new Promise((r) => setTimeout(r, 1000)),
    ]);
  },
  watchEvents: (provider, events) =>
    wallet.watchWalletEvents(provider, {
      accountsChanged: (accounts) => events.accountsChanged(accounts),
      chainChanged: (chainId, raw) => events.chainChanged(chainId === undefined ? undefined : String(chainId), raw),
      disconnect: () => events.disconnect(),
    }),
  switchNetwork: (provider, network) => wallet.switchChain(provider, network),
  signMessage: (provider, address, message) => wallet.signMessage(provider, address, message),
  sendTransaction: (provider, from, tx) => wallet.sendTransaction(provider, { from, ...parseEip155Transaction(tx) }),
  waitForTransaction: (network, hash, timeoutMs) =>
    waitForReceipt(network, hash as `0x${string}`, timeoutMs).catch(() => 'unknown' as const),
  sendTransfer: (provider, from, transfer) => wallet.sendTransaction(provider, { from, ...transferTransaction(transfer) }),
  estimateTransferFee: (network: Network, from, transfer) =>
    estimateFee(network, { from: checksum(from), ...transferTransaction(transfer) }),
  isAddress: (value) => isEvmAddress(value),
  formatAddress: (value) => checksum(value),
  isTransactionId: (value) => isTransactionHash(value),
  readNativeBalance: (network, address) => readNativeBalance(network, checksum(address)),
  signTypedData: (provider, address, typedData) => wallet.signTypedData(provider, address, typedData),
  getCapabilities: (provider, address) => wallet.getCapabilities(provider, address),
};
