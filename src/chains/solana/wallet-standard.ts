/**
 * A Wallet Standard wallet as a SolanaProvider: `standard:connect` (silent when restoring),
 * `standard:disconnect` when it has it, `standard:events` 'change' for its accounts,
 * `solana:signMessage`, `solana:signTransaction` and, only when the wallet has it,
 * `solana:signAndSendTransaction`, each with the Wallet Standard chain name. Features are read
 * when used (a wallet may change them); a missing one or a reply of the wrong shape is a typed
 * error, what the wallet throws is passed on for the adapter to type. No @solana/web3.js here.
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { WalletRequestError } from '../../core/errors.js';
import { isAddress } from './address.js';
import { isSolanaChain } from './chains.js';
import type { SolanaProvider, SolanaSendOptions } from './provider.js';
import { malformed } from './wallet-errors.js';

type Fn = (...args: unknown[]) => Promise<unknown>;

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>;
}
interface EventsFeature {
  on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void;
}

export const FEATURES = {
  connect: 'standard:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'solana:signMessage',
  signTransaction: 'solana:signTransaction',
  signAndSend: 'solana:signAndSendTransaction',
} as const;

/** A wallet's feature by name (the object it gave, read now), or undefined. */
function feature<T>(wallet: Wallet, name: string): T | undefined {
  const value = (wallet.features as Record<string, unknown>)[name];
  return typeof value === 'object' && value !== null ? (value as T) : undefined;
}

function method(wallet: Wallet, name: string, fn: string): Fn {
  const value = feature<Record<string, unknown>>(wallet, name)?.[fn];
  if (typeof value !== 'function') throw new WalletRequestError(`The wallet has no ${name}`, { code: 'MISSING_FEATURE' });
  return value.bind(feature(wallet, name)) as Fn;
}

/** Whether an account is a Solana one: a base58 address and a Solana chain (or no chains listed). */
function isSolanaAccount(account: unknown): account is WalletAccount {
  const acc = account as Partial<WalletAccount> | null;
  if (typeof acc?.address !== 'string' || !isAddress(acc.address)) return false;
  return !Array.isArray(acc.chains) || acc.chains.length === 0 || acc.chains.some(isSolanaChain);
}

/** The Solana accounts of a reply; a reply that is not a list is malformed. */
function solanaAccounts(method: string, accounts: unknown): WalletAccount[] {
  if (!Array.isArray(accounts)) throw malformed(method, `expected a list of accounts, got ${typeof accounts}`);
  return accounts.filter(isSolanaAccount);
}

/** The first result of a Wallet Standard method, which answers with one output per input. */
function first(method: string, outputs: unknown): Record<string, unknown> {
  const out = Array.isArray(outputs) ? (outputs[0] as unknown) : undefined;
  if (typeof out !== 'object' || out === null) throw malformed(method, 'expected one output per input');
  return out as Record<string, unknown>;
}

function bytes(method: string, value: unknown, field: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw malformed(method, `${field} is not bytes`);
  return value;
}

/** Wraps a Wallet Standard wallet (already checked by discovery) into a SolanaProvider. */
export function wrapStandardWallet(wallet: Wallet, name: string): SolanaProvider {
  /** Accounts from the last connect, for wallets whose `accounts` getter lags. */
  let known: WalletAccount[] = [];
  const account = (address: string): WalletAccount => {
    let current: readonly WalletAccount[] = [];
    try {
      current = wallet.accounts;
    } catch {
      current = [];
    }
    const found = [...(Array.isArray(current) ? current : []), ...known].find((a) => a?.address === address);
    if (!found) throw new WalletRequestError(`The wallet has no account ${address}`, { code: 'UNKNOWN_ACCOUNT' });
    return found;
  };

  const provider: SolanaProvider = {
    name,
    async connect({ silent }) {
      const connect = method(wallet, FEATURES.connect, 'connect') as unknown as ConnectFeature['connect'];
      let reply: unknown;
      if (silent) {
        try {
          reply = await connect({ silent: true });
        } catch {
          return [];
        }
      } else {
        reply = await connect();
      }
      known = solanaAccounts('standard:connect', (reply as { accounts?: unknown } | null)?.accounts);
      return known.map((a) => a.address);
    },
    async disconnect() {
      known = [];
      const disconnect = feature<{ disconnect?: unknown }>(wallet, FEATURES.disconnect)?.disconnect;
      if (typeof disconnect === 'function') await (disconnect as Fn).call(feature(wallet, FEATURES.disconnect));
    },
    async signMessage(address, message) {
      const outputs = await method(wallet, FEATURES.signMessage, 'signMessage')({ account: account(address), message });
      return bytes(FEATURES.signMessage, first(FEATURES.signMessage, outputs).signature, 'signature');
    },
    async signTransaction(address, transaction, chain) {
      const outputs = await method(wallet, FEATURES.signTransaction, 'signTransaction')({ account: account(address), transaction, chain });
      return bytes(FEATURES.signTransaction, first(FEATURES.signTransaction, outputs).signedTransaction, 'signedTransaction');
    },
    onAccountsChanged(listener) {
      const events = feature<EventsFeature>(wallet, FEATURES.events);
      if (typeof events?.on !== 'function') return () => undefined;
      const off = events.on('change', (properties) => {
        if (!properties || !('accounts' in properties)) return;
        try {
          known = solanaAccounts('standard:events', properties.accounts);
        } catch {
          known = [];
        }
        listener(known.map((a) => a.address));
      });
      return typeof off === 'function' ? off : () => undefined;
    },
  };
  if (feature(wallet, FEATURES.signAndSend)) {
    provider.signAndSendTransaction = async (address: string, transaction: Uint8Array, chain: string, options?: SolanaSendOptions) => {
      const send = method(wallet, FEATURES.signAndSend, 'signAndSendTransaction');
      const outputs = await send({ account: account(address), transaction, chain, ...(options ? { options } : {}) });
      return bytes(FEATURES.signAndSend, first(FEATURES.signAndSend, outputs).signature, 'signature');
    };
  }
  return provider;
}
