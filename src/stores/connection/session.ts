/**
 * The generic wallet session (lazy chunk): connect, restore, activate and end a wallet's session
 * in any namespace, through that namespace's adapter (src/chains/registry.ts). What every
 * namespace shares lives here once: persistence, several known connections (ProfileWallets),
 * wallet events, CONNECT_SUCCESS, disconnect per namespace. Requests (sign, send, switch,
 * balance) are in requests.ts.
 */
import { loadAdapter } from '../../chains/registry.js';
import type { AdapterSession, ChainAdapter } from '../../chains/types.js';
import type { ChainNamespace } from '../../core/caip.js';
import {
  AdapterNotFoundError,
  ConnectionRejectedError,
  ModalClosedError,
  NotConnectedError,
  W3Error,
  WalletNotFoundError,
} from '../../core/errors.js';
import { emitEvent } from '../app/events.js';
import { signInFlow } from '../app/sign-in.js';
import { storage } from '../app/storage.js';
import { $activeNamespace, $networks } from '../network/networks.js';
import { $modal, onModalClose } from '../ui/modal.js';
import { getAccountState, patchAccount, resetAccount } from './account.js';
import { handOverActiveNamespace, takesActiveNamespace } from './active-namespace.js';
import { applyAccounts, applyChain, namespaceNetwork } from './chain-state.js';
import {
  $activeConnectorIds,
  $connectedWallet,
  $connectors,
  discoveryStarted,
  getConnectorProvider,
  type Connector,
} from './connectors.js';
import { disconnect, forgetStoredConnection, onDisconnect } from './disconnect.js';
import { setWalletProvider } from './providers.js';
import { addRecentWallet } from './recent.js';
import { dropConnection, loadStoredConnections, persist, preferStoredAccount, upsertConnection } from './persistence.js';
import { refreshBalance } from './requests.js';
import { liveSession, setLiveSession, targetNamespace } from './session-state.js';

/** The namespace's adapter; 'Adapter not found' when no adapter serves it. */
export async function adapterFor(namespace: ChainNamespace): Promise<ChainAdapter> {
  const adapter = await loadAdapter(namespace);
  if (!adapter) throw new AdapterNotFoundError(undefined, { details: `No adapter for ${namespace}` });
  return adapter;
}

/**
 * Makes a wallet's provider the namespace's live session: accounts, chain, wallet events, stored
 * connection, CONNECT_SUCCESS (`restored`: true when a stored connection came back at load). Used
 * by every connector, WalletConnect's and the embedded wallet's included.
 */
export function activate(
  namespace: ChainNamespace,
  connectorId: string,
  provider: unknown,
  adapter: ChainAdapter,
  session: AdapterSession,
  restored = false,
): void {
  liveSession(namespace)?.stopEvents();
  const isLive = (): boolean => liveSession(namespace)?.provider === provider;
  const stopEvents = adapter.watchEvents(provider, {
    accountsChanged: (next) => {
      if (!isLive()) return;
      if (next.length === 0) return void endSession(namespace, 'wallet');
      upsertConnection(namespace, connectorId, next);
      applyAccounts(namespace, next);
      persist(namespace);
      void refreshBalance(namespace);
    },
    chainChanged: (id, raw) => {
      if (!isLive()) return;
      applyChain(namespace, id, raw);
      void refreshBalance(namespace);
    },
    disconnect: () => {
      if (isLive()) void endSession(namespace, 'wallet');
    },
  });
  setLiveSession(namespace, { namespace, connectorId, provider, adapter, stopEvents });
  $activeConnectorIds.setKey(namespace, connectorId);
  upsertConnection(namespace, connectorId, session.accounts);
  if (takesActiveNamespace(namespace, restored)) $activeNamespace.set(namespace);
  applyAccounts(namespace, session.accounts);
  applyChain(namespace, session.chainId, session.chainId);
  const connector = $connectors.get().find((c) => c.id === connectorId && c.chain === namespace);
  if ($activeNamespace.get() === namespace || !$connectedWallet.get())
    $connectedWallet.set({
      name: connector?.name ?? connectorId,
      ...(connector?.imageUrl ? { icon: connector.imageUrl } : {}),
      ...(connector ? { type: connector.type } : {}),
    });
  // A WalletConnect session's recent wallet is the registry wallet it paired with (its store adds it).
  if (connector && connector.type !== 'WALLET_CONNECT')
    addRecentWallet({ id: connector.id, name: connector.name, ...(connector.rdns ? { rdns: connector.rdns } : {}) });
  setWalletProvider(namespace, provider);
  persist(namespace);
  const state = getAccountState(namespace);
  emitEvent('CONNECT_SUCCESS', { address: state.address, caipAddress: state.caipAddress, namespace, connectorId, restored });
  void refreshBalance(namespace);
  startSiwxIfSet();
}

/** Sign in with X (its own lazy chunk, loaded only when configured) checks the account just applied. */
function startSiwxIfSet(): void {
  signInFlow()?.then(
    (flow) => flow.startSiwx(),
    (err: unknown) => void emitEvent('SIWX_AUTH_ERROR', { message: err instanceof Error ? err.message : String(err) }),
  );
}

let attempt = 0;

/**
 * Connects a connector's wallet in its namespace (the wallet may prompt). Closing the modal
 * meanwhile ends the attempt with 'Modal closed' and leaves nothing half-connected.
 */
export async function connectNamespace(namespace: ChainNamespace, connectorId: string): Promise<void> {
  const provider = getConnectorProvider(namespace, connectorId);
  if (!provider) throw new WalletNotFoundError(undefined, { details: `No ${namespace} provider for connector ${connectorId}` });
  const adapter = await adapterFor(namespace);
  // The view may have closed while the adapter was loading: then there is nothing to attempt.
  if (!$modal.get().open) throw new ModalClosedError();
  const mine = ++attempt;
  const wasConnected = getAccountState(namespace).status === 'connected';
  if (!wasConnected) patchAccount(namespace, { status: 'connecting' });
  let stopClose: () => void = () => undefined;
  const closed = new Promise<never>((_, reject) => {
    stopClose = onModalClose(() => reject(new ModalClosedError()));
  });
  try {
    const session = await Promise.race([adapter.connect(provider, namespaceNetwork(namespace)), closed]);
    if (session.accounts.length === 0) throw new ConnectionRejectedError(undefined, { details: 'The wallet returned no account' });
    if (mine !== attempt || !$modal.get().open) throw new ModalClosedError();
    activate(namespace, connectorId, provider, adapter, session);
  } catch (err) {
    if (mine === attempt && !wasConnected && getAccountState(namespace).status === 'connecting')
      patchAccount(namespace, { status: 'disconnected' });
    const error = err instanceof W3Error ? err : new ConnectionRejectedError(undefined, { cause: err });
    throw error.code === 4001 ? new ConnectionRejectedError(undefined, { code: 4001, cause: err }) : error;
  } finally {
    stopClose();
  }
}

/**
 * The connectors of one wallet across namespaces (spec 9: one wallet, two chains shows once): the
 * connector itself and those of other namespaces with the same name, the app's active namespace first.
 */
function walletConnectors(connector: Connector, activeNamespace: ChainNamespace | undefined): Connector[] {
  const name = connector.name.toLowerCase();
  const siblings = $connectors
    .get()
    .filter(
      (c) =>
        c.id === connector.id ||
        (c.name.toLowerCase() === name && c.chain !== connector.chain && c.type !== 'WALLET_CONNECT' && c.type !== 'AUTH'),
    );
  const byNamespace = new Map<ChainNamespace, Connector>();
  for (const c of [connector, ...siblings]) if (!byNamespace.has(c.chain)) byNamespace.set(c.chain, c);
  const list = [...byNamespace.values()];
  return list.sort((a, b) => Number(b.chain === activeNamespace) - Number(a.chain === activeNamespace));
}

/**
 * Connects a wallet by connector id: its own namespace and, for a wallet with connectors in other
 * configured namespaces, those too, the active namespace first. The first namespace's failure is
 * the caller's; a later namespace's refusal leaves the first connected.
 */
export async function connectWallet(connectorId: string): Promise<void> {
  const active = $activeNamespace.get();
  const all = $connectors.get();
  const clicked = all.find((c) => c.id === connectorId && c.chain === active) ?? all.find((c) => c.id === connectorId);
  if (!clicked) throw new WalletNotFoundError(undefined, { details: `No connector ${connectorId}` });
  const configured = new Set($networks.get().map((n) => n.chainNamespace));
  const [first, ...rest] = walletConnectors(clicked, active).filter((c) => configured.has(c.chain));
  if (!first) throw new WalletNotFoundError(undefined, { details: `${connectorId} serves no configured namespace` });
  await connectNamespace(first.chain, first.id);
  for (const c of rest) await connectNamespace(c.chain, c.id).catch(() => undefined);
}

/** Waits (up to `ms`) for a connector's provider to be announced. */
async function waitForProvider(namespace: ChainNamespace, connectorId: string, ms = 1500): Promise<unknown> {
  await discoveryStarted(namespace);
  const start = Date.now();
  for (;;) {
    const provider = getConnectorProvider(namespace, connectorId);
    if (provider || Date.now() - start > ms) return provider;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Restores a namespace's stored connection without a prompt; a gone wallet restores to disconnected. */
export async function restoreConnection(namespace: ChainNamespace): Promise<boolean> {
  const connectorId = storage.get('connectedConnectorIds')?.[namespace];
  if (!connectorId) return false;
  loadStoredConnections(namespace);
  patchAccount(namespace, { status: 'connecting' });
  try {
    const adapter = await adapterFor(namespace);
    const provider = await waitForProvider(namespace, connectorId);
    if (!provider) throw new WalletNotFoundError();
    const session = await adapter.restore(provider, namespaceNetwork(namespace));
    const accounts = preferStoredAccount(namespace, connectorId, session.accounts);
    if (accounts.length === 0) throw new NotConnectedError();
    activate(namespace, connectorId, provider, adapter, { ...session, accounts }, true);
    return true;
  } catch {
    resetAccount(namespace);
    dropConnection(namespace, connectorId);
    forgetStoredConnection(namespace);
    handOverActiveNamespace(namespace);
    return false;
  }
}

/** Ends a namespace's live session (wallet side); the disconnect store action resets the rest. */
async function endSession(namespace: ChainNamespace, reason: 'user' | 'wallet'): Promise<void> {
  const session = liveSession(namespace);
  if (!session) return;
  setLiveSession(namespace, undefined);
  session.stopEvents();
  setWalletProvider(namespace, undefined);
  if (reason === 'user') await session.adapter.disconnect(session.provider).catch(() => undefined);
  // The disconnect action (which runs this or is run by it) forgets the stored connection.
  storage.set('connections', { ...storage.get('connections'), [namespace]: [] });
  if (reason === 'wallet') await disconnect(namespace);
}

onDisconnect((namespace) => endSession(namespace, 'user'));

/**
 * ProfileWallets: makes a known connection the namespace's live one. When its wallet still
 * authorises this page it switches at once (true); otherwise the caller starts a fresh connect (false).
 */
export async function activateConnection(connectorId: string, ns?: ChainNamespace): Promise<boolean> {
  const namespace = targetNamespace(ns);
  if (!namespace) return false;
  if (liveSession(namespace)?.connectorId === connectorId) return true;
  const provider = getConnectorProvider(namespace, connectorId);
  if (!provider) return false;
  const adapter = await adapterFor(namespace);
  const session = await adapter.restore(provider, namespaceNetwork(namespace)).catch(() => ({ accounts: [], chainId: undefined }));
  const accounts = preferStoredAccount(namespace, connectorId, session.accounts);
  if (accounts.length === 0) {
    dropConnection(namespace, connectorId);
    return false;
  }
  activate(namespace, connectorId, provider, adapter, { ...session, accounts });
  return true;
}

/** Forgets one known connection; when it is the live one, the namespace disconnects. */
export async function removeConnection(connectorId: string, ns?: ChainNamespace): Promise<void> {
  const namespace = targetNamespace(ns);
  if (!namespace) return;
  if (liveSession(namespace)?.connectorId === connectorId) {
    await disconnect(namespace);
    return;
  }
  dropConnection(namespace, connectorId);
}
