/**
 * Finds the page's Bitcoin wallets (a small module: no optional peer): Wallet Standard wallets
 * through `@wallet-standard/app` (registered before or after this loads, and unregistered), kept
 * when they have `bitcoin:connect` and `bitcoin:signMessage` or `bitcoin:signTransaction`.
 *
 * Ids: `wallet-standard:<name>` (lower case), stable across reloads; a wallet that is also an EVM
 * or Solana wallet under the same name is one row in Connect (the stores merge by name). Names are
 * trimmed to 80 characters; icons kept only as data URIs of images; the first of two wallets with
 * one name wins; at most MAX_BITCOIN_WALLETS. A wallet whose getters throw or whose data is bad is
 * told to `onBad` and skipped; discovery never throws.
 */
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import type { AdapterDiscovery, AdapterWallet } from '../types.js';
import type { BitcoinProvider } from './provider.js';
import { FEATURES, wrapBitcoinWallet } from './wallet-standard.js';

export const MAX_BITCOIN_WALLETS = 50;
/** Wallet objects examined at most (bad ones included), so a flood of registrations stays bounded. */
const MAX_READ = 200;
const MAX_NAME = 80;
const MAX_ICON = 200_000;
const ICON = /^data:image\//i;

/** Reads a Wallet Standard wallet (each getter once); a reason string when it is not a usable Bitcoin wallet. */
export function readBitcoinWallet(wallet: Wallet): AdapterWallet<BitcoinProvider> | string {
  const rawName: unknown = wallet.name;
  const name = typeof rawName === 'string' && rawName.trim() !== '' ? rawName.trim().slice(0, MAX_NAME) : undefined;
  if (!name) return 'wallet-standard: a wallet without a name';
  const features: unknown = wallet.features;
  if (typeof features !== 'object' || features === null) return `wallet-standard: ${name} has no features`;
  const has = (feature: string): boolean => typeof (features as Record<string, unknown>)[feature] === 'object';
  if (!has(FEATURES.connect)) return `wallet-standard: ${name} has no bitcoin:connect`;
  if (!has(FEATURES.signMessage) && !has(FEATURES.signTransaction)) return `wallet-standard: ${name} cannot sign bitcoin`;
  const icon: unknown = wallet.icon;
  const okIcon = typeof icon === 'string' && icon.length <= MAX_ICON && ICON.test(icon) ? icon : undefined;
  return {
    id: `wallet-standard:${name.toLowerCase()}`,
    type: 'ANNOUNCED',
    name,
    ...(okIcon ? { icon: okIcon } : {}),
    provider: wrapBitcoinWallet(wallet, name),
  };
}

export const watchBitcoinWallets: AdapterDiscovery<BitcoinProvider> = (onChange, onBad) => {
  let api: ReturnType<typeof getWallets>;
  try {
    api = getWallets();
  } catch (err) {
    onBad('wallet-standard: registry unavailable', err);
    return () => undefined;
  }
  /** Wallet objects already read (a wallet object is read once; its provider is reused). */
  const read = new Map<Wallet, AdapterWallet<BitcoinProvider> | undefined>();
  let scheduled = false;
  let stopped = false;
  let last: AdapterWallet<BitcoinProvider>[] | undefined;

  const list = (): AdapterWallet<BitcoinProvider>[] => {
    const out: AdapterWallet<BitcoinProvider>[] = [];
    const names = new Set<string>();
    let wallets: readonly Wallet[] = [];
    try {
      wallets = api.get();
    } catch (err) {
      onBad('wallet-standard: the registry throws', err);
    }
    for (const wallet of wallets) {
      if (out.length >= MAX_BITCOIN_WALLETS) break;
      if (!read.has(wallet)) {
        if (read.size >= MAX_READ) continue;
        let entry: AdapterWallet<BitcoinProvider> | string;
        try {
          entry = readBitcoinWallet(wallet);
        } catch (err) {
          onBad('wallet-standard: a wallet whose getters throw', err);
          read.set(wallet, undefined);
          continue;
        }
        // Most Wallet Standard wallets are not Bitcoin ones: only a wallet with bitcoin:connect and no way to sign is bad.
        if (typeof entry === 'string' && entry.endsWith('cannot sign bitcoin')) onBad(entry);
        read.set(wallet, typeof entry === 'string' ? undefined : entry);
      }
      const entry = read.get(wallet);
      if (!entry || names.has(entry.name.toLowerCase())) continue;
      names.add(entry.name.toLowerCase());
      out.push(entry);
    }
    return out;
  };
  const flush = (): void => {
    scheduled = false;
    if (stopped) return;
    const next = list();
    // A registration that changes nothing (another chain's wallet, a duplicate name) is no update.
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
