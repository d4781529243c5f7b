/**
 * The WalletConnect part of a namespace (types): see src/chains/walletconnect.ts. The client and
 * the session are structural (WcClientLike, WcSessionLike): these types reach the package's public
 * declarations (AdapterEntry.walletconnect), which must not pull in @walletconnect's (they need
 * Node's types, which a browser app does not have).
 */
import type { WcClientLike, WcSessionLike } from '../adapters/walletconnect/namespaces.js';
import type { PendingWalletRequest } from '../adapters/walletconnect/pending.js';
import type { Network } from '../wire/networks.js';
import type { AdapterSession } from './types.js';
import type { NamespaceAccounts } from './walletconnect-accounts.js';

/** What the session keeps of a namespace's provider. */
export interface WcNamespaceProvider {
  readonly topic: string;
  /** Whether the session ended (deleted, expired, or `end()`). */
  readonly isClosed: boolean;
  end(): void;
}

export interface WcPartContext {
  client: WcClientLike;
  /** The approved session (its peer's metadata names the wallet). */
  session: WcSessionLike & { peer?: { metadata?: { name?: unknown } } };
  walletName: string;
  /** The session's accounts of the namespace (src/chains/walletconnect-accounts.ts). */
  accounts: NamespaceAccounts;
  /** The app's active network when it is one of the namespace's. */
  active: Network | undefined;
  /** The app's network of the namespace with this CAIP-2 reference. */
  network(reference: string): Network | undefined;
  /** The oldest request waiting for the person in the wallet, or undefined once none waits. */
  onPending(pending: PendingWalletRequest | undefined): void;
}

export interface WalletConnectPart<P extends WcNamespaceProvider = WcNamespaceProvider> {
  /** The methods and events the proposal asks for in this namespace (when the adapters' own list has none for it). */
  proposal?: { methods: readonly string[]; events: readonly string[] };
  provider(context: WcPartContext): P;
  /** What the namespace's adapter activates with (its accounts and chain). */
  session(provider: P, accounts: NamespaceAccounts): AdapterSession;
}
