/**
 * A WalletConnect session's providers, one per namespace of the session the app configured:
 * eip155's EIP-1193 provider and a SolanaProvider, each driven by its namespace's adapter through
 * the generic connection (lazy, with the WalletConnect session).
 */
import type { SessionTypes } from '@walletconnect/types';
import { getAddress } from 'viem';
import type { WcSignClient } from '../../adapters/walletconnect/client.js';
import type { WcClientLike, WcSessionLike } from '../../adapters/walletconnect/namespaces.js';
import { WalletConnectProvider } from '../../chains/eip155/walletconnect-provider.js';
import { sessionAccounts } from '../../chains/walletconnect-accounts.js';
import { createWcSolanaProvider, type WcSolanaProvider } from '../../chains/solana/walletconnect-provider.js';
import type { ChainNamespace } from '../../core/caip.js';
import { WalletConnectSessionError } from '../../core/errors.js';
import { networkFor } from '../connection/chain-state.js';
import { setConnectorProvider } from '../connection/connectors.js';
import { activate, adapterFor } from '../connection/session.js';
import { $activeNetwork, $activeNetworkIds, $networks } from '../network/networks.js';
import { setWalletconnectPending } from './pending.js';
import { WALLETCONNECT_ID } from './state.js';

export interface WcProviders {
  eip155?: WalletConnectProvider;
  solana?: WcSolanaProvider;
}

/** The namespaces the app configured (a session's other namespaces are not used). */
export const configuredNamespaces = (): Set<ChainNamespace> => new Set($networks.get().map((n) => n.chainNamespace));

type SessionAccounts = ReturnType<typeof sessionAccounts>;

/**
 * Builds the session's providers; `isLive(ns, p)` tells whether `p` is still the namespace's
 * provider (a replaced one's pending requests are not shown). A session with none of the app's
 * namespaces is refused.
 */
export function makeProviders(
  client: WcSignClient,
  session: SessionTypes.Struct,
  walletName: string,
  isLive: (namespace: 'eip155' | 'solana', provider: unknown) => boolean,
): { next: WcProviders; accounts: SessionAccounts } {
  const preferred = Object.values($activeNetworkIds.get()).filter((id): id is `${string}:${string}` => !!id);
  const accounts = sessionAccounts(session, preferred);
  const configured = configuredNamespaces();
  const next: WcProviders = {};
  const onPending = (namespace: 'eip155' | 'solana', mine: () => unknown) => (pending: Parameters<typeof setWalletconnectPending>[0]) => {
    if (isLive(namespace, mine()) || !pending) setWalletconnectPending(pending);
  };
  if (accounts.eip155 && configured.has('eip155')) {
    const active = $activeNetwork.get();
    const provider: WalletConnectProvider = new WalletConnectProvider(
      client as unknown as WcClientLike,
      session as unknown as WcSessionLike,
      {
        chain: active?.chainNamespace === 'eip155' ? active.caipNetworkId : undefined,
        network: (chainId) => networkFor('eip155', String(chainId)),
        onPending: onPending('eip155', () => provider),
      },
    );
    next.eip155 = provider;
  }
  if (accounts.solana && configured.has('solana')) {
    const provider: WcSolanaProvider = createWcSolanaProvider(client, session, `solana:${accounts.solana.chainId}`, {
      name: walletName,
      onPending: onPending('solana', () => provider),
    });
    next.solana = provider;
  }
  if (!next.eip155 && !next.solana)
    throw new WalletConnectSessionError('The wallet approved no eip155 chain', { messageCode: 'NoEip155Chain' });
  return { next, accounts };
}

/**
 * Makes each provider its namespace's live session (activate() stops a previous provider's events
 * first); `restored`: the stored session came back at load.
 */
export async function activateProviders(next: WcProviders, accounts: SessionAccounts, restored = false): Promise<void> {
  if (next.eip155) {
    setConnectorProvider('eip155', WALLETCONNECT_ID, next.eip155);
    activate(
      'eip155',
      WALLETCONNECT_ID,
      next.eip155,
      await adapterFor('eip155'),
      {
        accounts: next.eip155.accounts.map((a) => getAddress(a)),
        chainId: String(next.eip155.chainId),
      },
      restored,
    );
  }
  if (next.solana && accounts.solana) {
    setConnectorProvider('solana', WALLETCONNECT_ID, next.solana);
    activate('solana', WALLETCONNECT_ID, next.solana, await adapterFor('solana'), accounts.solana, restored);
  }
}
