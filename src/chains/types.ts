/**
 * The one interface every chain namespace's adapter implements (eip155 on viem, solana on
 * @solana/web3.js, and whatever registers later). The stores' generic connection module drives
 * every namespace through it; nothing outside an adapter knows a namespace's wire format.
 *
 * An adapter is two parts, so the first chunk stays small:
 * - discovery (`AdapterDiscovery`): watches the page for the namespace's wallets. eip155's
 *   (EIP-6963 and injected) is in the first chunk; others load when their namespace is configured.
 * - the adapter (`ChainAdapter`): connecting, events, switching, signing, sending and reading, in
 *   a lazy chunk loaded on first use.
 *
 * A provider (`P`) is whatever the adapter speaks to: an EIP-1193 provider for eip155, a
 * `SolanaProvider` for solana. Discovery gives one per wallet; WalletConnect and the embedded
 * wallet supply one per namespace of their session to the same adapters.
 *
 * Adapters never import stores: they take plain values and return plain values or typed
 * `W3Error`s.
 */
import type { ChainNamespace } from '../core/caip.js';
import type { AccountType } from '../core/options.js';
import type { HistoryReply } from '../wire/blockchain-api.js';
import type { Network } from '../wire/networks.js';
import type { WalletConnectPart } from './walletconnect-part.js';

/** A wallet discovery found in the page. */
export interface AdapterWallet<P = unknown> {
  /** The connector id: stable across reloads (an rdns, a Wallet Standard name), unique within the namespace. */
  id: string;
  /** ANNOUNCED: the wallet announced itself (EIP-6963, Wallet Standard); INJECTED: a legacy global. */
  type: 'ANNOUNCED' | 'INJECTED';
  name: string;
  rdns?: string;
  /** A data URI of an image, already checked. */
  icon?: string;
  provider: P;
}

/** Watches the page's wallets of one namespace; returns a function that stops watching. */
export type AdapterDiscovery<P = unknown> = (
  /** Called with the whole current list each time it changes. */
  onChange: (wallets: AdapterWallet<P>[]) => void,
  /** A wallet that announced itself with bad data (logged, never thrown). */
  onBad: (reason: string, error?: unknown) => void,
) => () => void;

/** What a wallet gave on connect or restore. */
export interface AdapterSession {
  /** The wallet's accounts, formatted (`formatAddress`), the active one first; never empty. */
  accounts: string[];
  /**
   * The chain the wallet is on, as the CAIP-2 reference (`'1'`, a genesis-hash prefix), or
   * undefined when the wallet follows the app's network (Wallet Standard wallets).
   */
  chainId: string | undefined;
}

/** The wallet's own events, after connecting. */
export interface AdapterEvents {
  /** The accounts changed; an empty list means the wallet disconnected this page. */
  accountsChanged(accounts: string[]): void;
  /** The wallet moved to another chain (CAIP-2 reference; `raw` is what it said, for the error). */
  chainChanged(chainId: string | undefined, raw: unknown): void;
  disconnect(): void;
}

/** A transfer of the native coin or a token, in base units. */
export interface Transfer {
  to: string;
  amount: bigint;
  /** The token (ERC-20 contract, SPL mint); absent for the native coin. */
  token?: { address: string; decimals: number };
  /** The fee's speed, where the chain lets the sender choose (rules' `feeSpeeds`); the chain's default when absent. */
  feeSpeed?: FeeSpeed;
}

/** How fast a transfer should confirm, for chains whose fee is chosen (Bitcoin: slow, normal, fast). */
export type FeeSpeed = 'slow' | 'normal' | 'fast';

/** A token balance read from the chain itself (used when no Blockchain API is set). */
export interface ChainTokenBalance {
  /** The token's address (contract, mint). */
  address: string;
  /** Base units, as a decimal string. */
  amount: string;
  decimals: number;
}

export interface ChainAdapter<P = unknown> {
  readonly namespace: ChainNamespace;

  /** Asks the wallet for accounts (it may prompt). `network` is the app's active network of this namespace. */
  connect(provider: P, network: Network | undefined): Promise<AdapterSession>;
  /** The accounts the wallet still authorises, without a prompt (reload); an empty list when none. */
  restore(provider: P, network: Network | undefined): Promise<AdapterSession>;
  /** Tells the wallet the page is done with it (best effort: never throws). */
  disconnect(provider: P): Promise<void>;
  /** Follows the wallet's events; returns a function that stops following. */
  watchEvents(provider: P, events: AdapterEvents): () => void;
  /** Moves the wallet to `network` (eip155 asks the wallet; namespaces whose wallets follow the app just resolve). */
  switchNetwork(provider: P, network: Network): Promise<void>;

  /** Signs a text message with `address`; resolves to the namespace's signature encoding (hex, base58). */
  signMessage(provider: P, address: string, message: string, network: Network): Promise<string>;
  /**
   * Sends an app-built transaction (the instance API's `sendTransaction`); the adapter parses
   * `tx` and `options` and throws a typed error naming what is wrong. Resolves to the hash or
   * signature.
   */
  sendTransaction(provider: P, from: string, tx: unknown, network: Network, options?: unknown): Promise<string>;
  /**
   * Waits until a transaction is final: 'success', 'reverted' (it failed on chain), or 'unknown'
   * when no answer came within `timeoutMs` (the chain unreachable). Never throws.
   */
  waitForTransaction(network: Network, hash: string, timeoutMs?: number): Promise<'success' | 'reverted' | 'unknown'>;

  /** Builds and sends a transfer from WalletSend; absent when the namespace has no send ('Unsupported chain'). */
  sendTransfer?(provider: P, from: string, transfer: Transfer, network: Network): Promise<string>;
  /** The network fee of a transfer, in the native coin's base units. */
  estimateTransferFee?(network: Network, from: string, transfer: Transfer): Promise<bigint>;

  /** Whether `value` is an address of this namespace. */
  isAddress(value: string): boolean;
  /** The address as the namespace writes it (checksummed for eip155). Throws for a non-address. */
  formatAddress(value: string): string;
  /** Whether `value` looks like a transaction hash or signature of this namespace. */
  isTransactionId(value: string): boolean;

  /** The native balance of `address` in whole coins, as a decimal string. */
  readNativeBalance(network: Network, address: string): Promise<string>;
  /** Token balances read from the chain (the fallback without a Blockchain API); absent when unsupported. */
  readTokenBalances?(network: Network, address: string): Promise<ChainTokenBalance[]>;
  /** One page of the account's activity read from the chain (the fallback without a Blockchain API), as the API's history. */
  readActivity?(network: Network, address: string, cursor?: string): Promise<HistoryReply>;

  /** eip155 only: EIP-712 typed data. */
  signTypedData?(provider: P, address: string, typedData: object): Promise<string>;
  /** eip155 only: wallet_getCapabilities (EIP-5792). */
  getCapabilities?(provider: P, address: string | undefined): Promise<Record<string, unknown>>;
}

/** An entry of the adapter table: how to find a namespace's wallets, and how to load its adapter. */
export interface AdapterEntry<P = unknown> {
  namespace: ChainNamespace;
  /** The discovery, loaded when the namespace is configured; absent when wallets come only from connectors (WalletConnect). */
  discovery?: () => Promise<AdapterDiscovery<P>>;
  /** The adapter, loaded on first use. */
  load: () => Promise<ChainAdapter<P>>;
  /** The adapter reads token balances from the chain: without a Blockchain API the Tokens list comes from there. */
  readsTokens?: boolean;
  /** The adapter reads the account's activity from the chain (`readActivity`): without a Blockchain API the Activity tab comes from there. */
  readsActivity?: boolean;
  /** Its rules and labels (Send, Networks); absent (and no `loadRules`): the namespace connects and signs but has no Send. */
  rules?: ChainRules;
  /**
   * Its rules loaded lazily instead (a namespace that stays out of the first chunk): the registry
   * loads them into `rules` once the namespace is configured or its adapter loads (`loadChainRules`).
   */
  loadRules?: () => Promise<ChainRules>;
  /** Its WalletConnect part (a namespace registered at run time; the built-in ones are in src/chains/walletconnect.ts). */
  walletconnect?: WalletConnectPart;
  /** The app's own connectors (the `connectors` option, EIP-1193 providers) connect on this namespace. */
  appConnectors?: boolean;
}

/**
 * A namespace's light, synchronous rules and labels (in the first chunk: keep them small). The
 * stores and views read them through the registry (`chainRules`) instead of naming namespaces.
 */
export interface ChainRules {
  /** The Networks view's group heading (a function: the text follows the active locale). */
  heading(): string;
  /** The Send view's receiver placeholder: the shape of an address here. */
  addressPlaceholder(): string;
  /** Whether `value` is an address of this namespace (Send's receiver rule). */
  isAddress(value: string): boolean;
  /** The largest amount a transfer carries, in base units (uint256 on EVM, u64 on Solana). */
  maxAmount: bigint;
  /** The chain's own id is a number (EIP-155 chain ids): React's useW3Network gives it so. */
  numericChainId?: boolean;
  /** The type of the namespace's accounts (spec 3 and 9: bip122's are 'payment'); 'eoa' when absent. */
  accountType?: AccountType;
  /**
   * The embedded wallet's account here can be a smart account (spec 3 and 9: the default type is
   * 'smartAccount' where the network is a smart-account enabled one, else the account stays 'eoa').
   */
  smartAccounts?: boolean;
  /** The Review step offers a fee speed (slow, normal, fast) and the transfer carries it. */
  feeSpeeds?: boolean;
  /** The same account (addresses of this namespace compare case-insensitively when true). */
  caseInsensitive?: boolean;
  /**
   * Features served through the Blockchain API that only some namespaces have: receiver names
   * and profiles (`names`), NFTs, activity, swap.
   */
  features?: { names?: boolean; nfts?: boolean; activity?: boolean; swap?: boolean };
}
