import type { EIP1193Provider } from 'viem';
import type { ChainNamespace } from './core/caip.js';
import type { Network } from './wire/networks.js';
import type { AccountType, ThemeMode } from './core/options.js';
import {
  $accounts,
  $activeAccount,
  EMPTY_ACCOUNT,
  type AccountEntry,
  type AccountState,
  type AccountStatus,
} from './stores/connection/account.js';
import { disconnect } from './stores/connection/disconnect.js';
import { $lastEvent, type W3Event } from './stores/app/events.js';
import { closeModal } from './stores/ui/modal.js';
import { $activeNamespace, $currentNetwork } from './stores/network/networks.js';
import { $publicState, type PublicState } from './stores/views/public-state.js';
import { setThemeMode, setThemeVariables } from './stores/ui/theme.js';
import { setLocale } from './stores/ui/locale.js';
import type { Locale } from './core/locales.js';
import type { SolanaProvider, SolanaSendOptions } from './chains/solana/provider.js';
import type { SolanaNamespace } from './chains/solana/namespace.js';
import type { Bip122Namespace } from './chains/bip122/namespace.js';
import type { FeeSpeed } from './chains/types.js';
import type { BitcoinProvider } from './chains/bip122/provider.js';
import type { Eip155Namespace } from './chains/eip155/namespace.js';
import { getWalletProvider } from './stores/connection/providers.js';
import { openModal, type OpenModalParameters } from './stores/views/open-modal.js';
import type { SIWXSession } from './core/siwx.js';
import { $authStatus, type AuthStatus } from './stores/connection/auth-status.js';
import type { CallsStatus, SendCallsRequest } from './chains/eip155/wallet-calls.js';

export type { CallsStatus, CallReceipt, CallRequest, SendCallsRequest } from './chains/eip155/wallet-calls.js';

export type OpenOptions = OpenModalParameters;

/** Which namespace's wallet acts (the active namespace when absent). */
export interface WalletActionOptions {
  namespace?: ChainNamespace;
}

export interface SendTransactionOptions extends WalletActionOptions {
  /** Solana send options (spec 5): skipPreflight, preflightCommitment, maxRetries, minContextSlot. */
  sendOptions?: SolanaSendOptions;
  /** Bitcoin: the fee's speed ('normal' when absent), from the network's fee estimates. */
  feeSpeed?: FeeSpeed;
}

/** A Bitcoin send: `value` in sats as a bigint, or in BTC as a decimal string (at most 8 decimals). */
export interface BitcoinTransferRequest {
  to: string;
  value: bigint | string;
}

export interface Eip155TransactionRequest {
  to: string;
  value?: bigint | number | string;
  data?: `0x${string}`;
}

/** A SOL transfer: `value` lamports to the base58 address `to`. */
export interface SolanaTransferRequest {
  to: string;
  value: bigint | number | string;
}

export interface PublicAccount {
  address: string | undefined;
  caipAddress: string | undefined;
  status: AccountStatus;
  isConnected: boolean;
  allAccounts: AccountEntry[];
  /** The active account's type (spec 3): 'eoa', 'smartAccount', or 'payment' (bip122); undefined while disconnected. */
  type: AccountType | undefined;
}

/**
 * A library bound to the modal (`W3WagmiAdapter` of `w3kit/wagmi`), passed in the `adapters`
 * option: `attach` runs once with the instance and returns what detaches it. It works through the
 * instance API alone.
 */
export interface W3ModalAdapter {
  attach(modal: W3ModalInstance): () => void;
}

/** The instance API of DESIGN.md: `el.modal`, or what createW3Modal returns. */
export interface W3ModalInstance {
  /** Resolves when the view shows; for `WalletSend`, with the transaction hash once sent. */
  open(options?: OpenOptions): Promise<unknown>;
  close(): void;
  getState(): PublicState;
  subscribeState(callback: (state: PublicState) => void): () => void;
  getAccount(namespace?: ChainNamespace): PublicAccount;
  subscribeAccount(callback: (account: PublicAccount) => void, namespace?: ChainNamespace): () => void;
  /** The active network; undefined while the wallet is on a chain the app does not support (see getState().selectedNetworkId). */
  getNetwork(): Network | undefined;
  switchNetwork(network: Network | string): Promise<Network>;
  disconnect(namespace?: ChainNamespace): Promise<void>;
  /** The connected wallet's provider (viem's EIP-1193 type for eip155); undefined while not connected. */
  getWalletProvider(namespace: Eip155Namespace): EIP1193Provider | undefined;
  /** The Solana provider (src/chains/solana/provider.ts): connect, signMessage, signTransaction, signAndSendTransaction. */
  getWalletProvider(namespace: SolanaNamespace): SolanaProvider | undefined;
  /** The Bitcoin provider (src/chains/bip122/provider.ts): connect, signMessage (BIP-322), signPsbt. */
  getWalletProvider(namespace: Bip122Namespace): BitcoinProvider | undefined;
  getWalletProvider(namespace: ChainNamespace): unknown;
  setThemeMode(mode: ThemeMode | undefined): void;
  setThemeVariables(variables: Record<string, string | number>): void;
  /**
   * Switches the modal and the buttons to `locale` (a BCP 47 tag: `de`, `pt-BR`, `ar`) live, the
   * modal staying open; undefined follows the page's `lang`, then the browser's languages. An
   * unknown tag warns and falls back. Resolves with the locale active once its texts have loaded.
   */
  setLocale(locale?: string): Promise<Locale>;
  subscribeEvents(callback: (event: W3Event) => void): () => void;
  /**
   * Signs a text message with the namespace's connected wallet (the active namespace unless
   * `namespace` says otherwise): personal_sign on eip155 (a hex signature), solana_signMessage on
   * solana (the ed25519 signature in base58).
   */
  signMessage(message: string, options: { namespace: Eip155Namespace }): Promise<`0x${string}`>;
  signMessage(message: string, options?: WalletActionOptions): Promise<string>;
  /** Signs EIP-712 typed data (eth_signTypedData_v4) with the eip155 wallet. */
  signTypedData(typedData: object): Promise<`0x${string}`>;
  /**
   * Sends a transaction from the namespace's connected account; resolves with the transaction
   * hash (eip155: `{ to, value?, data? }`) or signature (solana: `{ to, value }`, `value` lamports
   * of SOL to the base58 address `to`). `value` is a bigint, a safe integer or a decimal string.
   * `options.sendOptions` are Solana's send options (spec 5), checked. Bitcoin (`{ to, value }`,
   * sats or a BTC decimal string): the modal builds the PSBT from the account's coins at
   * `options.feeSpeed`, the wallet signs it, the modal broadcasts it; resolves with the txid.
   */
  sendTransaction(tx: Eip155TransactionRequest, options: { namespace: Eip155Namespace }): Promise<`0x${string}`>;
  sendTransaction(tx: BitcoinTransferRequest, options: SendTransactionOptions & { namespace: Bip122Namespace }): Promise<string>;
  sendTransaction(tx: Eip155TransactionRequest | SolanaTransferRequest, options?: SendTransactionOptions): Promise<string>;
  /** wallet_getCapabilities (EIP-5792) for the connected account. */
  getCapabilities(): Promise<Record<string, unknown>>;
  /**
   * wallet_sendCalls (EIP-5792 2.0.0) from the eip155 account on the active chain: `calls` are
   * `{ to, data?, value? }` (`value` wei: a bigint, a safe integer, a decimal or 0x string), checked
   * before the wallet is asked (a refusal names the field). Resolves with the batch id. At most 99
   * batches of an account may be pending.
   */
  sendCalls(request: SendCallsRequest, options?: WalletActionOptions): Promise<{ id: string }>;
  /** wallet_getCallsStatus: `{ status, atomic, receipts }`, status 100 pending, 200 confirmed, 400/500/600 failed. */
  getCallsStatus(id: string): Promise<CallsStatus>;
  /** Opens the modal's CallsStatus view on the batch (resolves once it shows): pending, confirmed or failed, with each call's receipt. */
  showCallsStatus(id: string): Promise<void>;
  /**
   * Sign in with X: the live sessions of the namespace's (default: the active one's) connected
   * account on its chain, each with its message, signature and data; [] without `siwx` or
   * `siweConfig`, or when disconnected.
   */
  getSiwxSessions(namespace?: ChainNamespace): Promise<SIWXSession[]>;
  /**
   * Sign in with X, as RainbowKit's `AuthenticationStatus`: 'loading' while a connection is made
   * or restored and while its session is checked, 'authenticated' once the active account on its
   * chain has a session, 'unauthenticated' otherwise (also without `siwx` / `siweConfig`).
   */
  getAuthStatus(): AuthStatus;
  /** Calls back at once with the authentication status, then on every change; returns an unsubscribe. */
  subscribeAuthStatus(callback: (status: AuthStatus) => void): () => void;
}

function toPublicAccount(namespace?: ChainNamespace): PublicAccount {
  return publicAccount(namespace ? $accounts.get()[namespace] : $activeAccount.get());
}

/** An account store entry as `getAccount()` gives it (no entry: disconnected). */
export function publicAccount(account: AccountState = EMPTY_ACCOUNT): PublicAccount {
  const connected = account.status === 'connected' && !!account.address;
  return {
    address: connected ? account.address : undefined,
    caipAddress: connected ? account.caipAddress : undefined,
    status: account.status,
    isConnected: connected,
    allAccounts: connected ? account.allAccounts : [],
    type: connected ? account.allAccounts.find((a) => a.address.toLowerCase() === account.address!.toLowerCase())?.type : undefined,
  };
}

function sameAccount(a: PublicAccount, b: PublicAccount | undefined): boolean {
  // `type` follows from the address and allAccounts (a retyped account is a new allAccounts list).
  return !!b && a.address === b.address && a.status === b.status && a.caipAddress === b.caipAddress && a.allAccounts === b.allAccounts;
}

// With the stores' Blockchain API registered (./stores/portfolio/blockchain.ts): a Bitcoin send reads its coins through it.
const requests = () =>
  Promise.all([import('./stores/connection/requests.js'), import('./stores/portfolio/blockchain.js')]).then(([m]) => m);

/** EIP-5792 batches (their own lazy chunk). */
const calls = () => import('./stores/views/calls-status.js');

let instance: W3ModalInstance | undefined;

/** The one instance per page (the stores are page-wide). */
export function getInstance(): W3ModalInstance {
  instance ??= {
    open: (options) => openModal(options),
    close() {
      closeModal();
    },
    getState: () => $publicState.get(),
    subscribeState: (callback) => $publicState.subscribe((state) => callback(state)),
    getAccount: (namespace) => toPublicAccount(namespace),
    subscribeAccount(callback, namespace) {
      let last: PublicAccount | undefined;
      const emit = (): void => {
        const next = toPublicAccount(namespace);
        if (sameAccount(next, last)) return;
        last = next;
        callback(next);
      };
      const a = $accounts.listen(emit);
      const b = $activeNamespace.listen(emit);
      emit();
      return () => {
        a();
        b();
      };
    },
    getNetwork: () => $currentNetwork.get().network,
    // The switching logic is not needed to show the modal: it loads with the first switch.
    switchNetwork: (network) => import('./stores/connection/network-switch.js').then((m) => m.switchNetwork(network)),
    disconnect: (namespace) => disconnect(namespace),
    getWalletProvider: ((namespace: ChainNamespace) => getWalletProvider(namespace)) as W3ModalInstance['getWalletProvider'],
    setThemeMode: (mode) => setThemeMode(mode),
    setThemeVariables: (variables) => setThemeVariables(variables),
    setLocale: (locale) => setLocale(locale),
    // The wallet actions load with the first use (the first chunk holds none of them).
    signMessage: (async (message: string, options?: WalletActionOptions) =>
      (await requests()).signMessage(message, options?.namespace)) as W3ModalInstance['signMessage'],
    signTypedData: async (typedData) => (await requests()).signTypedData(typedData) as Promise<`0x${string}`>,
    sendTransaction: (async (tx: unknown, options?: SendTransactionOptions) =>
      (await requests()).sendTransaction(
        tx,
        options?.namespace,
        options?.sendOptions ?? (options?.feeSpeed ? { feeSpeed: options.feeSpeed } : undefined),
      )) as W3ModalInstance['sendTransaction'],
    getCapabilities: async () => (await requests()).getCapabilities(),
    sendCalls: async (request, options) => (await calls()).sendCalls(request, options?.namespace),
    getCallsStatus: async (id) => (await calls()).getCallsStatus(id),
    showCallsStatus: async (id) => (await calls()).showCallsStatus(id),
    getSiwxSessions: (namespace) => import('./stores/siwx/sessions.js').then((m) => m.getSiwxSessions(namespace)),
    getAuthStatus: () => $authStatus.get(),
    subscribeAuthStatus: (callback) => $authStatus.subscribe((status) => callback(status)),
    subscribeEvents(callback) {
      const current = $lastEvent.get();
      if (current) callback(current);
      return $lastEvent.listen((event) => {
        if (event) callback(event);
      });
    },
  };
  return instance;
}
