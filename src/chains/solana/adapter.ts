/**
 * The Solana adapter (lazy: it loads @solana/web3.js, an optional peer, through ./web3.ts before
 * each send or fee estimate; the adapter table loads it first, to name the package when missing). Wallets follow the app's network, so a
 * session's chainId is undefined and switchNetwork resolves; the `chain` each request names is
 * the Wallet Standard name of the app's network (chains.ts). Messages are signed as UTF-8 bytes
 * and the ed25519 signature is checked against the address before it is returned (base58).
 * Sends use the wallet's signAndSendTransaction when it has one, else signTransaction and one
 * sendTransaction of ours; RPC reads and the send are bounded by timeouts (rpc.ts).
 */
import { ConnectionRejectedError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import type { AdapterSession, ChainAdapter, Transfer } from '../types.js';
import { formatAddress, isAddress, isTransactionId } from './address.js';
import { readNativeBalance, readTokenBalances, waitForSignature } from './balances.js';
import { base58Encode } from '../../wire/base58.js';
import { instanceTransaction } from './instance-tx.js';
import type { SolanaProvider } from './provider.js';
import { badReply, solanaRpc, toBase64, valueOf } from './rpc.js';
import { parseSendOptions } from './send-options.js';
import { signatureMatches } from './signature.js';
import { signAndSend, transactionOf, transferInstructions, unsignedBytes } from './transfer.js';
import { askWallet, connectError, malformed, signError } from './wallet-errors.js';
import { loadWeb3 } from './web3.js';

/** Lamports per signature when the node cannot price a message (Solana's base fee). */
const BASE_FEE = 5000n;

/** The wallet's account list, formatted; anything that is not a list of addresses is malformed. */
function accountsOf(method: string, reply: unknown): string[] {
  if (!Array.isArray(reply) || !reply.every((a) => typeof a === 'string' && isAddress(a))) {
    throw malformed(method, `expected a list of Solana addresses, got ${JSON.stringify(reply)?.slice(0, 200)}`);
  }
  return [...new Set(reply as string[])];
}

async function connect(provider: SolanaProvider): Promise<AdapterSession> {
  const accounts = accountsOf('standard:connect', await askWallet(() => provider.connect({ silent: false }), connectError));
  if (accounts.length === 0) throw new ConnectionRejectedError(undefined, { details: 'The wallet returned no account' });
  return { accounts, chainId: undefined };
}

async function restore(provider: SolanaProvider): Promise<AdapterSession> {
  try {
    return { accounts: accountsOf('standard:connect', await provider.connect({ silent: true })), chainId: undefined };
  } catch {
    return { accounts: [], chainId: undefined };
  }
}

async function signMessage(provider: SolanaProvider, address: string, message: string): Promise<string> {
  const from = formatAddress(address);
  const bytes = new TextEncoder().encode(message);
  const signature: unknown = await askWallet(() => provider.signMessage(from, bytes), signError);
  if (!(signature instanceof Uint8Array) || signature.length !== 64) {
    throw malformed(
      'solana:signMessage',
      `expected a 64-byte ed25519 signature, got ${signature instanceof Uint8Array ? `${signature.length} bytes` : typeof signature}`,
    );
  }
  if (!(await signatureMatches(from, bytes, signature)))
    throw malformed('solana:signMessage', `the signature is not ${from}'s over the message`);
  return base58Encode(signature);
}

async function sendTransfer(provider: SolanaProvider, from: string, transfer: Transfer, network: Network): Promise<string> {
  await loadWeb3();
  const { instructions } = await transferInstructions(network, from, transfer);
  const tx = await transactionOf(network, from, instructions);
  return signAndSend(provider, from, unsignedBytes(tx), network, {});
}

async function sendTransaction(provider: SolanaProvider, from: string, tx: unknown, network: Network, options?: unknown): Promise<string> {
  const sendOptions = parseSendOptions(options);
  await loadWeb3();
  const sender = formatAddress(from);
  return signAndSend(provider, sender, await instanceTransaction(network, sender, tx), network, sendOptions);
}

/** getFeeForMessage for the transfer, plus the rent of the receiver's token account when it is created. */
async function estimateTransferFee(network: Network, from: string, transfer: Transfer): Promise<bigint> {
  await loadWeb3();
  const { instructions, creates } = await transferInstructions(network, from, transfer);
  const tx = await transactionOf(network, from, instructions);
  const message = tx.compileMessage();
  const reply = await solanaRpc(network, 'getFeeForMessage', [toBase64(message.serialize()), { commitment: 'confirmed' }]);
  const value = valueOf('getFeeForMessage', reply);
  if (value !== null && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)) throw badReply('getFeeForMessage', reply);
  let fee = value === null ? BASE_FEE * BigInt(message.header.numRequiredSignatures) : BigInt(value);
  if (creates > 0) {
    const rent = await solanaRpc(network, 'getMinimumBalanceForRentExemption', [creates, { commitment: 'confirmed' }]);
    if (typeof rent !== 'number' || !Number.isSafeInteger(rent) || rent < 0) throw badReply('getMinimumBalanceForRentExemption', rent);
    fee += BigInt(rent);
  }
  return fee;
}

export const solanaAdapter: ChainAdapter<SolanaProvider> = {
  namespace: 'solana',
  connect: (provider) => connect(provider),
  restore: (provider) => restore(provider),
  async disconnect(provider) {
    try {
      await provider.disconnect();
    } catch {
      // best effort: the page forgets the connection whatever the wallet says
    }
  },
  watchEvents(provider, events) {
    return provider.onAccountsChanged((accounts) => {
      events.accountsChanged(Array.isArray(accounts) ? [...new Set(accounts.filter((a) => typeof a === 'string' && isAddress(a)))] : []);
    });
  },
  switchNetwork: async () => undefined,
  signMessage: (provider, address, message) => signMessage(provider, address, message),
  sendTransaction,
  waitForTransaction: (network, hash, timeoutMs) => waitForSignature(network, hash, timeoutMs),
  sendTransfer,
  estimateTransferFee,
  isAddress,
  formatAddress,
  isTransactionId,
  readNativeBalance,
  readTokenBalances,
};
