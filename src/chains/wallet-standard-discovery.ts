/**
 * Finds the page's Wallet Standard wallets of one namespace (bip122, solana) through
 * `@wallet-standard/app`: registered before or after this loads, and unregistered. A namespace
 * says which wallets are its own (`StandardWalletKind`: the features a wallet needs, optionally
 * its chains) and wraps them into its provider; it may add wallets found elsewhere (`more`,
 * e.g. injected globals) whose name no Wallet Standard wallet has.
 *
 * Ids: `wallet-standard:<name>` (lower case), stable across reloads. Names are trimmed to 80
 * characters; icons kept only as data URIs of images; the first of two wallets with one name
 * wins; at most `kind.max` wallets, at most MAX_READ wallet objects examined. A wallet whose
 * getters throw or whose data is bad is told to `onBad` and skipped; discovery never throws.
 */
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import type { AdapterDiscovery, AdapterWallet } from './types.js';

/** Wallet objects examined at most (bad ones included), so a flood of registrations stays bounded. */
const MAX_READ = 200;
const MAX_NAME = 80;
const MAX_ICON = 200_000;
const ICON = /^data:image\//i;

export interface StandardWalletKind<P> {
  /** The most wallets listed. */
  max: number;
  /** The feature a wallet must have to connect, and those to sign with (one of them is enough). */
  connect: string;
  sign: readonly string[];
  /** The namespace's chains among the wallet's (checked first), and the reason when there are none. */
  chains?: { accepts(chains: unknown): boolean; missing: string };
  /** The reason a wallet that can connect but not sign is refused (it is told to `onBad`). */
  cannotSign: string;
  /** Whether an unusable wallet's reason is told to `onBad` (default: every one). */
  isBad?(reason: string): boolean;
  wrap(wallet: Wallet, name: string): P;
}

/** Another wallet than a Wallet Standard one, named; its entry is made only when it is listed. */
export interface MoreWallet<P> {
  name: string;
  entry(): AdapterWallet<P>;
}

export function walletName(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_NAME) : undefined;
}

export function walletIcon(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_ICON && ICON.test(value) ? value : undefined;
}

/** Reads a Wallet Standard wallet (each getter once); a reason string when it is not a usable wallet of `kind`. */
export function readStandardWallet<P>(wallet: Wallet, kind: StandardWalletKind<P>): AdapterWallet<P> | string {
  const name = walletName(wallet.name);
  if (!name) return 'wallet-standard: a wallet without a name';
  const chains: unknown = kind.chains ? wallet.chains : undefined;
  const features: unknown = wallet.features;
  if (kind.chains && !kind.chains.accepts(chains)) return `wallet-standard: ${name} ${kind.chains.missing}`;
  if (typeof features !== 'object' || features === null) return `wallet-standard: ${name} has no features`;
  const has = (feature: string): boolean => typeof (features as Record<string, unknown>)[feature] === 'object';
  if (!has(kind.connect)) return `wallet-standard: ${name} has no ${kind.connect}`;
  if (!kind.sign.some(has)) return `wallet-standard: ${name} ${kind.cannotSign}`;
  const icon = walletIcon(wallet.icon);
  return {
    id: `wallet-standard:${name.toLowerCase()}`,
    type: 'ANNOUNCED',
    name,
    ...(icon ? { icon } : {}),
    provider: kind.wrap(wallet, name),
  };
}

/** The discovery of `kind`'s wallets, then `more`'s. */
export function standardWalletDiscovery<P>(
  kind: StandardWalletKind<P>,
  more?: (onBad: (reason: string, error?: unknown) => void) => MoreWallet<P>[],
): AdapterDiscovery<P> {
  return (onChange, onBad) => {
    let api: ReturnType<typeof getWallets>;
    try {
      api = getWallets();
    } catch (err) {
      onBad('wallet-standard: registry unavailable', err);
      return () => undefined;
    }
    /** Wallet objects already read (a wallet object is read once; its provider is reused). */
    const read = new Map<Wallet, AdapterWallet<P> | undefined>();
    let scheduled = false;
    let stopped = false;
    let last: AdapterWallet<P>[] | undefined;

    const list = (): AdapterWallet<P>[] => {
      const out: AdapterWallet<P>[] = [];
      const names = new Set<string>();
      let wallets: readonly Wallet[] = [];
      try {
        wallets = api.get();
      } catch (err) {
        onBad('wallet-standard: the registry throws', err);
      }
      for (const wallet of wallets) {
        if (out.length >= kind.max) break;
        if (!read.has(wallet)) {
          if (read.size >= MAX_READ) continue;
          let entry: AdapterWallet<P> | string;
          try {
            entry = readStandardWallet(wallet, kind);
          } catch (err) {
            onBad('wallet-standard: a wallet whose getters throw', err);
            read.set(wallet, undefined);
            continue;
          }
          if (typeof entry === 'string' && (kind.isBad?.(entry) ?? true)) onBad(entry);
          read.set(wallet, typeof entry === 'string' ? undefined : entry);
        }
        const entry = read.get(wallet);
        if (!entry || names.has(entry.name.toLowerCase())) continue;
        names.add(entry.name.toLowerCase());
        out.push(entry);
      }
      for (const other of more?.(onBad) ?? []) {
        if (out.length >= kind.max || names.has(other.name.toLowerCase())) continue;
        names.add(other.name.toLowerCase());
        out.push(other.entry());
      }
      return out;
    };
    const flush = (): void => {
      scheduled = false;
      if (stopped) return;
      const next = list();
      // A registration that changes nothing (a wallet of another namespace, a bad one, a duplicate name) is no update.
      if (last && next.length === last.length && next.every((w, i) => w === last?.[i])) return;
      last = next;
      onChange(next);
    };
    const schedule = (): void => {
      if (scheduled || stopped) return;
      scheduled = true;
      queueMicrotask(flush);
    };
    const onUnregister = (...wallets: Wallet[]): void => {
      for (const wallet of wallets) read.delete(wallet);
      schedule();
    };
    const offs = [api.on('register', schedule), api.on('unregister', onUnregister)];
    flush();
    return () => {
      stopped = true;
      for (const off of offs) off();
    };
  };
}
