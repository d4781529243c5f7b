/**
 * The Bitcoin adapter (lazy). Wallets follow the app's network, so a session's chainId is
 * undefined and switchNetwork resolves; the accounts kept are the network's (./accounts.ts), the
 * payment address first. Messages are signed as UTF-8 bytes with the wallet's BIP-322 "simple"
 * signature, returned as base64. Balances and transaction statuses come from the network's
 * Esplora API (./esplora.ts). Sends (a PSBT the wallet signs, broadcast and followed) are in
 * ./send/adapter-send.ts, loaded on the first send (with its PSBT library).
 */
import { ConnectionRejectedError } from '../../core/errors.js';
import { base64Encode } from '../../wire/base64.js';
import type { Network } from '../../wire/networks.js';
import type { AdapterSession, ChainAdapter } from '../types.js';
import { orderAccounts } from './accounts.js';
import { formatAddress, isAddress, isTransactionId } from './address.js';
import { readNativeBalance } from './esplora.js';
import type { BitcoinProvider } from './provider.js';
import { askWallet, connectError, malformed, signError } from './wallet-errors.js';

/** A BIP-322 simple signature is a serialized witness: a few hundred bytes; more is no signature. */
const MAX_SIGNATURE_BYTES = 10_000;

/** The network each provider was connected on: its events keep that network's accounts. */
/** The send's module (PSBTs, Esplora client, follow): loaded on the first send, fee estimate or wait. */
const sends = () => import('./send/adapter-send.js');

const networkOf = new WeakMap<BitcoinProvider, Network | undefined>();

function accountsOf(method: string, reply: unknown, network: Network | undefined): string[] {
  if (!Array.isArray(reply) || !reply.every((a) => typeof a === 'string')) {
    throw malformed(method, `expected a list of Bitcoin addresses, got ${JSON.stringify(reply)?.slice(0, 200)}`);
  }
  return orderAccounts(reply as string[], network);
}

async function connect(provider: BitcoinProvider, network: Network | undefined): Promise<AdapterSession> {
  const reply = await askWallet(() => provider.connect({ silent: false }), connectError);
  const accounts = accountsOf('bitcoin:connect', reply, network);
  if (accounts.length === 0) {
    throw new ConnectionRejectedError(undefined, {
      details: `The wallet returned no payment address (P2WPKH or P2TR) of ${network?.name ?? 'the network'}`,
    });
  }
  networkOf.set(provider, network);
  return { accounts, chainId: undefined };
}

async function restore(provider: BitcoinProvider, network: Network | undefined): Promise<AdapterSession> {
  try {
    const accounts = accountsOf('accounts', await provider.connect({ silent: true }), network);
    networkOf.set(provider, network);
    return { accounts, chainId: undefined };
  } catch {
    return { accounts: [], chainId: undefined };
  }
}

async function signMessage(provider: BitcoinProvider, address: string, message: string): Promise<string> {
  const from = formatAddress(address);
  const signature: unknown = await askWallet(() => provider.signMessage(from, new TextEncoder().encode(message)), signError);
  if (!(signature instanceof Uint8Array) || signature.length === 0 || signature.length > MAX_SIGNATURE_BYTES) {
    throw malformed(
      'bitcoin:signMessage',
      `expected a BIP-322 signature, got ${signature instanceof Uint8Array ? `${signature.length} bytes` : typeof signature}`,
    );
  }
  return base64Encode(signature);
}

export const bip122Adapter: ChainAdapter<BitcoinProvider> = {
  namespace: 'bip122',
  connect,
  restore,
  async disconnect(provider) {
    networkOf.delete(provider);
    try {
      await provider.disconnect();
    } catch {
      // best effort: the page forgets the connection whatever the wallet says
    }
  },
  watchEvents(provider, events) {
    return provider.onAccountsChanged((accounts) => {
      events.accountsChanged(
        Array.isArray(accounts)
          ? orderAccounts(
              accounts.filter((a) => typeof a === 'string'),
              networkOf.get(provider),
            )
          : [],
      );
    });
  },
  switchNetwork: async () => undefined,
  signMessage: (provider, address, message) => signMessage(provider, address, message),
  sendTransaction: async (provider, from, tx, network, options) => (await sends()).sendTransaction(provider, from, tx, network, options),
  sendTransfer: async (provider, from, transfer, network) => (await sends()).sendTransfer(provider, from, transfer, network),
  estimateTransferFee: async (network, from, transfer) => (await sends()).estimateTransferFee(network, from, transfer),
  waitForTransaction: async (network, hash, timeoutMs) => (await sends()).waitForTransaction(network, hash, timeoutMs),
  isAddress,
  formatAddress,
  isTransactionId,
  readNativeBalance,
  readTokenBalances: async () => [],
  // Without a Blockchain API: the network's Esplora history (loaded when the Activity tab shows).
  readActivity: async (network, address, cursor) => (await import('./activity.js')).readActivity(network, address, cursor),
};
