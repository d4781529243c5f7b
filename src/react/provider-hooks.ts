/**
 * React hooks AppKit and RainbowKit users look for: the connected wallet's provider
 * (`useW3Provider`, like AppKit's `useAppKitProvider`) and the sign-in status (`useW3AuthStatus`,
 * like RainbowKit's `AuthenticationStatus`). Both re-render when what they return changes.
 */
import { useMemo } from 'react';
import type { EIP1193Provider } from 'viem';
import type { SolanaProvider } from '../chains/solana/provider.js';
import type { SolanaNamespace } from '../chains/solana/namespace.js';
import type { Bip122Namespace } from '../chains/bip122/namespace.js';
import type { BitcoinProvider } from '../chains/bip122/provider.js';
import type { Eip155Namespace } from '../chains/eip155/namespace.js';
import type { ChainNamespace } from '../core/caip.js';
import { $activeConnectorIds, $connectors, type ConnectorType } from '../stores/connection/connectors.js';
import { $walletProviders } from '../stores/connection/providers.js';
import { AUTH_CONNECTOR_ID } from '../stores/connection/connector-ids.js';
import { $activeNamespace } from '../stores/network/networks.js';
import { $authStatus, type AuthStatus } from '../stores/connection/auth-status.js';
import { WALLETCONNECT_ID } from '../stores/walletconnect/state.js';
import { useW3Store } from './hydration.js';
import { NO_CONNECTOR_IDS, NO_CONNECTORS, NO_NAMESPACE, NO_PROVIDERS } from './server-values.js';

export interface UseW3ProviderResult<P = unknown> {
  /** The connected wallet's provider (EIP-1193 for eip155, the Solana provider for solana); undefined while not connected. */
  walletProvider: P | undefined;
  /** How that wallet is connected: 'ANNOUNCED', 'INJECTED', 'EXTERNAL', 'WALLET_CONNECT', 'AUTH' (embedded wallet), ... */
  walletProviderType: ConnectorType | undefined;
}

/** The connector type of a namespace's active connector (the two connectors without a row when not configured, by id). */
function typeOf(
  connectorId: string | undefined,
  namespace: ChainNamespace | undefined,
  list: { id: string; chain: ChainNamespace; type: ConnectorType }[],
) {
  if (!connectorId) return undefined;
  const found = list.find((c) => c.id === connectorId && c.chain === namespace) ?? list.find((c) => c.id === connectorId);
  if (found) return found.type;
  if (connectorId === WALLETCONNECT_ID) return 'WALLET_CONNECT';
  if (connectorId === AUTH_CONNECTOR_ID) return 'AUTH';
  return undefined;
}

/**
 * The provider of `namespace`'s connected wallet (default: the active namespace's), as the
 * instance's `getWalletProvider(namespace)`, and how it is connected; follows connects,
 * disconnects and wallet switches.
 */
export function useW3Provider(namespace: Eip155Namespace): UseW3ProviderResult<EIP1193Provider>;
export function useW3Provider(namespace: SolanaNamespace): UseW3ProviderResult<SolanaProvider>;
export function useW3Provider(namespace: Bip122Namespace): UseW3ProviderResult<BitcoinProvider>;
export function useW3Provider(namespace?: ChainNamespace): UseW3ProviderResult;
export function useW3Provider(namespace?: ChainNamespace): UseW3ProviderResult {
  const providers = useW3Store($walletProviders, NO_PROVIDERS);
  const active = useW3Store($activeNamespace, NO_NAMESPACE);
  const connectorIds = useW3Store($activeConnectorIds, NO_CONNECTOR_IDS);
  const connectors = useW3Store($connectors, NO_CONNECTORS);
  const ns = namespace ?? active;
  const walletProvider = ns ? providers[ns] : undefined;
  const connectorId = ns ? connectorIds[ns] : undefined;
  const walletProviderType = walletProvider === undefined ? undefined : typeOf(connectorId, ns, connectors);
  return useMemo(() => ({ walletProvider, walletProviderType }), [walletProvider, walletProviderType]);
}

/**
 * Sign in with X: 'loading' while a connection is made or restored and while its session is
 * checked, 'authenticated' once the active account has a session on its chain, 'unauthenticated'
 * otherwise (the instance's `getAuthStatus()`). Gate what needs a signed-in user on
 * 'authenticated' while a required sign-in is open.
 */
export function useW3AuthStatus(): AuthStatus {
  return useW3Store($authStatus, 'unauthenticated');
}
