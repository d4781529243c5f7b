/**
 * What a namespace's provider over a Wallet Standard wallet shares with the others (bip122,
 * solana): features read when used (a wallet may change them), the accounts of the last connect
 * (for wallets whose `accounts` getter lags), `standard:disconnect` when the wallet has it,
 * `standard:events` 'change' for its accounts, and signing features that answer one output per
 * input. A missing feature, an unknown account or a reply of the wrong shape is a typed error;
 * what the wallet throws is passed on for the adapter to type. The namespace says which
 * accounts of a reply are its own (`readAccounts`) and names its features.
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { WalletRequestError } from '../core/errors.js';
import { malformed } from './wallet-errors.js';

export type WalletFn = (...args: unknown[]) => Promise<unknown>;

const DISCONNECT = 'standard:disconnect';
const EVENTS = 'standard:events';

/** A wallet's feature by name (the object it gave, read now), or undefined. */
export function feature<T>(wallet: Wallet, name: string): T | undefined {
  const value = (wallet.features as Record<string, unknown>)[name];
  return typeof value === 'object' && value !== null ? (value as T) : undefined;
}

/** The method `fn` of the feature `name`, bound to it; a MISSING_FEATURE error without one. */
export function method(wallet: Wallet, name: string, fn: string): WalletFn {
  const value = feature<Record<string, unknown>>(wallet, name)?.[fn];
  if (typeof value !== 'function') throw new WalletRequestError(`The wallet has no ${name}`, { code: 'MISSING_FEATURE' });
  return value.bind(feature(wallet, name)) as WalletFn;
}

/** The first result of a Wallet Standard method, which answers with one output per input. */
export function first(method: string, outputs: unknown): Record<string, unknown> {
  const out = Array.isArray(outputs) ? (outputs[0] as unknown) : undefined;
  if (typeof out !== 'object' || out === null) throw malformed(method, 'expected one output per input');
  return out as Record<string, unknown>;
}

/** `value` as bytes (at least `minLength` of them), else malformed naming `field`. */
export function bytes(method: string, value: unknown, field: string, minLength = 0): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length < minLength) throw malformed(method, `${field} is not bytes`);
  return value;
}

/** The wallet's `accounts` now; none when the getter throws or gives no list. */
export function currentAccounts(wallet: Wallet): readonly WalletAccount[] {
  try {
    const accounts = wallet.accounts;
    return Array.isArray(accounts) ? accounts : [];
  } catch {
    return [];
  }
}

export interface StandardWalletLink {
  /** The wallet's account of `address` (now or from the last connect); UNKNOWN_ACCOUNT otherwise. */
  account(address: string): WalletAccount;
  /** Keeps the namespace's accounts of a reply (`method` names it when it is malformed); their addresses. */
  remember(method: string, accounts: unknown): string[];
  /** Forgets the accounts; `standard:disconnect` when the wallet has it. */
  disconnect(): Promise<void>;
  /**
   * Calls the signing feature `name`'s `fn` with one input (built after the feature is found);
   * the bytes of `field` in its first output.
   */
  sign(name: string, fn: string, input: () => unknown, field: string, minLength?: number): Promise<Uint8Array>;
  /** `standard:events` 'change' with accounts: the namespace's accounts, kept, to `listener`. */
  onAccountsChanged(listener: (addresses: string[]) => void): () => void;
}

export function linkStandardWallet(
  wallet: Wallet,
  readAccounts: (method: string, accounts: unknown) => WalletAccount[],
): StandardWalletLink {
  /** Accounts from the last connect, for wallets whose `accounts` getter lags. */
  let known: WalletAccount[] = [];
  return {
    account(address) {
      const found = [...currentAccounts(wallet), ...known].find((a) => a?.address === address);
      if (!found) throw new WalletRequestError(`The wallet has no account ${address}`, { code: 'UNKNOWN_ACCOUNT' });
      return found;
    },
    remember(method, accounts) {
      known = readAccounts(method, accounts);
      return known.map((a) => a.address);
    },
    async disconnect() {
      known = [];
      const disconnect = feature<{ disconnect?: unknown }>(wallet, DISCONNECT)?.disconnect;
      if (typeof disconnect === 'function') await (disconnect as WalletFn).call(feature(wallet, DISCONNECT));
    },
    async sign(name, fn, input, field, minLength = 0) {
      const call = method(wallet, name, fn);
      const outputs = await call(input());
      return bytes(name, first(name, outputs)[field], field, minLength);
    },
    onAccountsChanged(listener) {
      const events = feature<{ on?: unknown }>(wallet, EVENTS);
      if (typeof events?.on !== 'function') return () => undefined;
      const off: unknown = (events.on as (event: string, fn: (p: { accounts?: unknown }) => void) => unknown).call(
        events,
        'change',
        (properties) => {
          if (!properties || !('accounts' in properties)) return;
          try {
            known = readAccounts(EVENTS, properties.accounts);
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
