/**
 * Finds the page's Solana wallets (a small module: no @solana/web3.js): Wallet Standard wallets
 * (../wallet-standard-discovery.ts) kept when they have `standard:connect`, a `solana:` chain and
 * `solana:signMessage` or `solana:signTransaction`; and, as a fallback, injected
 * `window.phantom.solana`, `window.solflare` and `window.solana` providers whose name no Wallet
 * Standard wallet has.
 *
 * Ids: `wallet-standard:<name>` and `injected:<name>` (lower case), stable across reloads. At
 * most MAX_SOLANA_WALLETS. A wallet whose getters throw or whose data is bad is told to `onBad`
 * and skipped; discovery never throws.
 */
import type { Wallet } from '@wallet-standard/base';
import type { AdapterDiscovery, AdapterWallet } from '../types.js';
import { readStandardWallet as readWallet, standardWalletDiscovery, type StandardWalletKind } from '../wallet-standard-discovery.js';
import { isSolanaChain } from './chains.js';
import { isInjectedSolana, wrapInjected, type InjectedSolana } from './injected.js';
import type { SolanaProvider } from './provider.js';
import { FEATURES, wrapStandardWallet } from './wallet-standard.js';

export const MAX_SOLANA_WALLETS = 50;

const SOLANA: StandardWalletKind<SolanaProvider> = {
  max: MAX_SOLANA_WALLETS,
  connect: FEATURES.connect,
  sign: [FEATURES.signMessage, FEATURES.signTransaction],
  chains: { accepts: (chains) => Array.isArray(chains) && chains.some(isSolanaChain), missing: 'has no solana chain' },
  cannotSign: 'cannot sign',
  wrap: wrapStandardWallet,
};

/** Reads a Wallet Standard wallet (each getter once); a reason string when it is not a usable Solana wallet. */
export function readStandardWallet(wallet: Wallet): AdapterWallet<SolanaProvider> | string {
  return readWallet(wallet, SOLANA);
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

export const watchSolanaWallets: AdapterDiscovery<SolanaProvider> = standardWalletDiscovery(SOLANA, (onBad) =>
  injectedWallets(onBad).map(({ name, injected }) => ({
    name,
    entry: () => ({ id: `injected:${name.toLowerCase()}`, type: 'INJECTED', name, provider: injectedProvider(injected, name) }),
  })),
);

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
