/**
 * A WalletConnect session's providers, one per namespace of the session the app configured and
 * that has a WalletConnect part (src/chains/walletconnect.ts), each driven by its namespace's
 * adapter through the generic connection (lazy, with the WalletConnect session).
 */
import type { SessionTypes } from '@walletconnect/types';
import type { WcSignClient } from '../../adapters/walletconnect/client.js';
import { walletconnectPart, type WcNamespaceProvider } from '../../chains/walletconnect.js';
import type { WcClientLike } from '../../adapters/walletconnect/namespaces.js';
import { sessionAccounts } from '../../chains/walletconnect-accounts.js';
import type { ChainNamespace } from '../../core/caip.js';
import { WalletConnectSessionError } from '../../core/errors.js';
import { networkFor } from '../connection/chain-state.js';
import { setConnectorProvider } from '../connection/connectors.js';
import { activate, adapterFor } from '../connection/session.js';
import { $activeNetwork, $activeNetworkIds, $networks } from '../network/networks.js';
import { setWalletconnectPending } from './pending.js';
import { WALLETCONNECT_ID } from './state.js';

/** The live session's provider per namespace. */
export type WcProviders = Partial<Record<ChainNamespace, WcNamespaceProvider>>;

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
  isLive: (namespace: ChainNamespace, provider: unknown) => boolean,
): { next: WcProviders; accounts: SessionAccounts } {
  const preferred = Object.values($activeNetworkIds.get()).filter((id): id is `${string}:${string}` => !!id);
  const accounts = sessionAccounts(session, preferred);
  const configured = configuredNamespaces();
  const next: WcProviders = {};
  const active = $activeNetwork.get();
  for (const [namespace, approved] of Object.entries(accounts) as [ChainNamespace, SessionAccounts[ChainNamespace]][]) {
    const part = walletconnectPart(namespace);
    if (!approved || !part || !configured.has(namespace)) continue;
    const provider: WcNamespaceProvider = part.provider({
      // sign-client's typed events (E extends its event names) are wider than the parts' structural client.
      client: client as unknown as WcClientLike,
      session,
      walletName,
      accounts: approved,
      active: active?.chainNamespace === namespace ? active : undefined,
      network: (reference) => networkFor(namespace, reference),
      onPending: (pending) => {
        if (isLive(namespace, provider) || !pending) setWalletconnectPending(pending);
      },
    });
    next[namespace] = provider;
  }
  if (Object.keys(next).length === 0)
    throw new WalletConnectSessionError('The wallet approved no eip155 chain', { messageCode: 'NoEip155Chain' });
  return { next, accounts };
}

/**
 * Makes each provider its namespace's live session (activate() stops a previous provider's events
 * first); `restored`: the stored session came back at load.
 */
export async function activateProviders(next: WcProviders, accounts: SessionAccounts, restored = false): Promise<void> {
  for (const [namespace, provider] of Object.entries(next) as [ChainNamespace, WcNamespaceProvider][]) {
    const part = walletconnectPart(namespace);
    const approved = accounts[namespace];
    if (!part || !approved) continue;
    setConnectorProvider(namespace, WALLETCONNECT_ID, provider);
    activate(namespace, WALLETCONNECT_ID, provider, await adapterFor(namespace), part.session(provider, approved), restored);
  }
}
