/**
 * A Wallet Standard Bitcoin wallet (the features of @exodus/bitcoin-wallet-standard) as a
 * BitcoinProvider: `bitcoin:connect` with the purposes payment and ordinals (a restore reads the
 * wallet's authorised `accounts` instead: the feature has no silent mode), `standard:disconnect`
 * when it has it, `standard:events` 'change' for its accounts, `bitcoin:signMessage` (raw bytes
 * in, the signature's bytes out) and `bitcoin:signTransaction` (the PSBT's bytes and the inputs
 * each account signs). Features are read when used (a wallet may change them); a missing one or
 * a reply of the wrong shape is a typed error, what the wallet throws is passed on for the
 * adapter to type.
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { WalletRequestError } from '../../core/errors.js';
import { isAddress } from './address.js';
import type { BitcoinProvider } from './provider.js';
import { malformed } from './wallet-errors.js';

type Fn = (...args: unknown[]) => Promise<unknown>;

export const FEATURES = {
  connect: 'bitcoin:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'bitcoin:signMessage',
  signTransaction: 'bitcoin:signTransaction',
} as const;

/** The accounts a connect asks for, in this order: the payment address is the active account. */
export const PURPOSES = ['payment', 'ordinals'] as const;

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

/** The Bitcoin accounts of a reply (accounts whose address is a Bitcoin address); a reply that is not a list is malformed. */
function bitcoinAccounts(method: string, accounts: unknown): WalletAccount[] {
  if (!Array.isArray(accounts)) throw malformed(method, `expected a list of accounts, got ${typeof accounts}`);
  const out: WalletAccount[] = [];
  for (const account of accounts.slice(0, 20) as unknown[]) {
    const address = (account as Partial<WalletAccount> | null)?.address;
    if (typeof address === 'string' && isAddress(address) && !out.some((a) => a.address === address)) out.push(account as WalletAccount);
  }
  return out;
}

/** The first result of a Wallet Standard method, which answers with one output per input. */
function first(method: string, outputs: unknown): Record<string, unknown> {
  const out = Array.isArray(outputs) ? (outputs[0] as unknown) : undefined;
  if (typeof out !== 'object' || out === null) throw malformed(method, 'expected one output per input');
  return out as Record<string, unknown>;
}

function bytes(method: string, value: unknown, field: string): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length === 0) throw malformed(method, `${field} is not bytes`);
  return value;
}

function currentAccounts(wallet: Wallet): readonly WalletAccount[] {
  try {
    const accounts = wallet.accounts;
    return Array.isArray(accounts) ? accounts : [];
  } catch {
    return [];
  }
}

/** Wraps a Wallet Standard Bitcoin wallet (already checked by discovery) into a BitcoinProvider. */
export function wrapBitcoinWallet(wallet: Wallet, name: string): BitcoinProvider {
  /** Accounts from the last connect, for wallets whose `accounts` getter lags. */
  let known: WalletAccount[] = [];
  const account = (address: string): WalletAccount => {
    const found = [...currentAccounts(wallet), ...known].find((a) => a?.address === address);
    if (!found) throw new WalletRequestError(`The wallet has no account ${address}`, { code: 'UNKNOWN_ACCOUNT' });
    return found;
  };

  return {
    name,
    async connect({ silent }) {
      if (silent) {
        known = bitcoinAccounts('accounts', currentAccounts(wallet));
        return known.map((a) => a.address);
      }
      const reply = await method(wallet, FEATURES.connect, 'connect')({ purposes: [...PURPOSES] });
      known = bitcoinAccounts(FEATURES.connect, (reply as { accounts?: unknown } | null)?.accounts);
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
    async signPsbt(psbt, inputs, chain) {
      const inputsToSign = inputs.map((input) => ({ account: account(input.address), signingIndexes: [...input.indexes] }));
      const outputs = await method(
        wallet,
        FEATURES.signTransaction,
        'signTransaction',
      )({ psbt, inputsToSign, ...(chain ? { chain } : {}) });
      return bytes(FEATURES.signTransaction, first(FEATURES.signTransaction, outputs).signedPsbt, 'signedPsbt');
    },
    onAccountsChanged(listener) {
      const events = feature<{ on?: unknown }>(wallet, FEATURES.events);
      if (typeof events?.on !== 'function') return () => undefined;
      const off: unknown = (events.on as (event: string, fn: (p: { accounts?: unknown }) => void) => unknown).call(
        events,
        'change',
        (properties) => {
          if (!properties || !('accounts' in properties)) return;
          try {
            known = bitcoinAccounts('standard:events', properties.accounts);
          } catch {
            known = [];
          }
          listener(known.map((a) => a.address));
        },
      );
      return typeof off === 'function' ? (off as () => void) : () => undefined;
    },
  };
}
