/**
 * Finds the page's Solana wallets (a small module: no @solana/web3.js): Wallet Standard wallets
 * through `@wallet-standard/app` (registered before or after this loads, and unregistered), kept
 * when they have `standard:connect`, a `solana:` chain and `solana:signMessage` or
 * `solana:signTransaction`; and, as a fallback, injected `window.phantom.solana`,
 * `window.solflare` and `window.solana` providers whose name no Wallet Standard wallet has.
 *
 * Ids: `wallet-standard:<name>` and `injected:<name>` (lower case), stable across reloads.
 * Names are trimmed to 80 characters; icons kept only as data URIs of images; the first of two
 * wallets with one name wins; at most MAX_SOLANA_WALLETS. A wallet whose getters throw or whose
 * data is bad is told to `onBad` and skipped; discovery never throws.
 */
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import type { AdapterDiscovery, AdapterWallet } from '../types.js';
import { isSolanaChain } from './chains.js';
import { isInjectedSolana, wrapInjected, type InjectedSolana } from './injected.js';
import type { SolanaProvider } from './provider.js';
import { FEATURES, wrapStandardWallet } from './wallet-standard.js';

export const MAX_SOLANA_WALLETS = 50;
/** Wallet objects examined at most (bad ones included), so a flood of registrations stays bounded. */
const MAX_READ = 200;
const MAX_NAME = 80;
const MAX_ICON = 200_000;
const ICON = /^data:image\//i;

export function walletName(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_NAME) : undefined;
}

export function walletIcon(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_ICON && ICON.test(value) ? value : undefined;
}

/** Reads a Wallet Standard wallet (each getter once); a reason string when it is not a usable Solana wallet. */
export function readStandardWallet(wallet: Wallet): AdapterWallet<SolanaProvider> | string {
  const name = walletName(wallet.name);
  if (!name) return 'wallet-standard: a wallet without a name';
  const chains: unknown = wallet.chains;
  const features: unknown = wallet.features;
  if (!Array.isArray(chains) || !chains.some(isSolanaChain)) return `wallet-standard: ${name} has no solana chain`;
  if (typeof features !== 'object' || features === null) return `wallet-standard: ${name} has no features`;
  const has = (feature: string): boolean => typeof (features as Record<string, unknown>)[feature] === 'object';
  if (!has(FEATURES.connect)) return `wallet-standard: ${name} has no standard:connect`;
  if (!has(FEATURES.signMessage) && !has(FEATURES.signTransaction)) return `wallet-standard: ${name} cannot sign`;
  const icon = walletIcon(wallet.icon);
  return {
    id: `wallet-standard:${name.toLowerCase()}`,
    type: 'ANNOUNCED',
    name,
    ...(icon ? { icon } : {}),
    provider: wrapStandardWallet(wallet, name),
  };
}

type Globals = Record<string, unknown> & { phantom?: { solana?: unknown } };

const INJECTED: [string, (w: Globals) => unknown, string][] = [
  ['Phantom', (w) => w.phantom?.solana, 'isPhantom'],
  ['Solflare', (w) => w.solflare, 'isSolflare'],
  ['Backpack', (w) => w.backpack, 'isBackpack'],
];

/** The injected providers of the page, named by where they are or by their flags. */
function injectedWallets(onBad: (reason: string, error?: unknown) => void): { name: string; injected: InjectedSolana }[] {
  if (typeof window === 'undefined') return [];
  const w = window as unknown as Globals;
  const found: { name: string; injected: InjectedSolana }[] = [];
  const add = (name: string, value: unknown): void => {
    if (isInjectedSolana(value) && !found.some((f) => f.injected === value || f.name === name)) found.push({ name, injected: value });
  };
  for (const [name, read] of INJECTED) {
    try {
      add(name, read(w));
    } catch (err) {
      onBad(`injected: window.${name.toLowerCase()} throws`, err);
    }
  }
  try {
    const legacy: unknown = w.solana;
    const flags = (legacy ?? {}) as Record<string, unknown>;
    add(INJECTED.find(([, , flag]) => flags[flag] === true)?.[0] ?? 'Solana Wallet', legacy);
  } catch (err) {
    onBad('injected: window.solana throws', err);
  }
  return found;
}

export const watchSolanaWallets: AdapterDiscovery<SolanaProvider> = (onChange, onBad) => {
  let api: ReturnType<typeof getWallets>;
  try {
    api = getWallets();
  } catch (err) {
    onBad('wallet-standard: registry unavailable', err);
    return () => undefined;
  }
  /** Wallet objects already read (a wallet object is read once; its provider is reused). */
  const read = new Map<Wallet, AdapterWallet<SolanaProvider> | undefined>();
  let scheduled = false;
  let stopped = false;

  const list = (): AdapterWallet<SolanaProvider>[] => {
    const out: AdapterWallet<SolanaProvider>[] = [];
    const names = new Set<string>();
    let wallets: readonly Wallet[] = [];
    try {
      wallets = api.get();
    } catch (err) {
      onBad('wallet-standard: the registry throws', err);
    }
    for (const wallet of wallets) {
      if (out.length >= MAX_SOLANA_WALLETS) break;
      if (!read.has(wallet)) {
        if (read.size >= MAX_READ) continue;
        let entry: AdapterWallet<SolanaProvider> | string;
        try {
          entry = readStandardWallet(wallet);
        } catch (err) {
          entry = 'wallet-standard: a wallet whose getters throw';
          onBad(entry, err);
          read.set(wallet, undefined);
          continue;
        }
        if (typeof entry === 'string') onBad(entry);
        read.set(wallet, typeof entry === 'string' ? undefined : entry);
      }
      const entry = read.get(wallet);
      if (!entry || names.has(entry.name.toLowerCase())) continue;
      names.add(entry.name.toLowerCase());
      out.push(entry);
    }
    for (const { name, injected } of injectedWallets(onBad)) {
      if (out.length >= MAX_SOLANA_WALLETS || names.has(name.toLowerCase())) continue;
      names.add(name.toLowerCase());
      out.push({ id: `injected:${name.toLowerCase()}`, type: 'INJECTED', name, provider: injectedProvider(injected, name) });
    }
    return out;
  };
  let last: AdapterWallet<SolanaProvider>[] | undefined;
  const flush = (): void => {
    scheduled = false;
    if (stopped) return;
    const next = list();
    // A registration that changes nothing (a bad wallet, a duplicate name) is no update.
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

/** One provider per injected object, so the list keeps its providers across changes. */
const injectedProviders = new WeakMap<InjectedSolana, SolanaProvider>();
function injectedProvider(injected: InjectedSolana, name: string): SolanaProvider {
  let provider = injectedProviders.get(injected);
  if (!provider) {
    provider = wrapInjected(injected, name);
    injectedProviders.set(injected, provider);
  }
  return provider;
}
