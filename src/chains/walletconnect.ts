/**
 * The WalletConnect part of each namespace (lazy, with sign-client): how to build the
 * namespace's provider over an approved session and what its adapter activates with. The stores'
 * session (src/stores/walletconnect) iterates these instead of naming namespaces; a namespace
 * registered at run time brings its own (`AdapterEntry.walletconnect`).
 */
import { getAddress } from 'viem';
import type { ChainNamespace } from '../core/caip.js';
import { WalletConnectProvider } from './eip155/walletconnect-provider.js';
import { orderAccounts } from './bip122/accounts.js';
import { BIP122_WC_EVENTS, BIP122_WC_METHODS, createWcBitcoinProvider, type WcBitcoinProvider } from './bip122/walletconnect-provider.js';
import { adapterEntry } from './registry.js';
import { createWcSolanaProvider, type WcSolanaProvider } from './solana/walletconnect-provider.js';
import type { WalletConnectPart } from './walletconnect-part.js';

export type { WalletConnectPart, WcNamespaceProvider } from './walletconnect-part.js';

const eip155: WalletConnectPart<WalletConnectProvider> = {
  provider: ({ client, session, active, network, onPending }) =>
    new WalletConnectProvider(client, session, {
      chain: active?.caipNetworkId,
      network: (chainId) => network(String(chainId)),
      onPending,
    }),
  session: (provider) => ({ accounts: provider.accounts.map((a) => getAddress(a)), chainId: String(provider.chainId) }),
};

const solana: WalletConnectPart<WcSolanaProvider> = {
  provider: ({ client, session, accounts, walletName, onPending }) =>
    createWcSolanaProvider(client, session, `solana:${accounts.chainId}`, { name: walletName, onPending }),
  session: (_provider, accounts) => accounts,
};

/** Bitcoin: the session's first address (payment) is the active account, an ordinals address the wallet gives follows. */
const bip122: WalletConnectPart<WcBitcoinProvider> = {
  proposal: { methods: BIP122_WC_METHODS, events: BIP122_WC_EVENTS },
  provider: ({ client, session, accounts, walletName, onPending }) =>
    createWcBitcoinProvider(client, session, `bip122:${accounts.chainId}`, { name: walletName, onPending }),
  session: (provider, accounts) => {
    const ordered = orderAccounts(provider.accounts, undefined);
    return { accounts: ordered.length ? ordered : provider.accounts, chainId: accounts.chainId };
  },
};

const BUILT_IN: Partial<Record<ChainNamespace, WalletConnectPart>> = {
  eip155: eip155 as unknown as WalletConnectPart,
  solana: solana as unknown as WalletConnectPart,
  bip122: bip122 as unknown as WalletConnectPart,
};

/** The namespace's WalletConnect part: its registry entry's, else the built-in one; undefined when it has none. */
export const walletconnectPart = (namespace: ChainNamespace): WalletConnectPart | undefined =>
  adapterEntry(namespace)?.walletconnect ?? (Object.hasOwn(BUILT_IN, namespace) ? BUILT_IN[namespace] : undefined);
