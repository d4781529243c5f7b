import type { Eip1193Provider } from '../../adapters/eip155/provider.js';
import * as wallet from '../../adapters/eip155/wallet.js';
import { toCaipAddress, type CaipNetworkId } from '../../core/caip.js';
import { ConnectionRejectedError, ModalClosedError, NotConnectedError, W3Error, WalletNotFoundError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { getAccountState, patchAccount, resetAccount } from './account.js';
import { $activeConnectorIds, $connectedWallet, $connections, $connectors, type Connection } from './connectors.js';
import { forgetStoredConnection, onDisconnect } from './disconnect.js';
import { getEip155Provider } from './eip155.js';
import { emitEvent } from '../app/events.js';
import { $modal, onModalClose, openModalOn } from '../ui/modal.js';
import { $activeNamespace, $activeNetwork, $networks, $unknownNetwork, setActiveNetwork } from '../network/networks.js';
import { registerWalletSwitcher } from '../network/network-switch.js';
import { setWalletProvider } from './providers.js';
import { addRecentWallet } from './recent.js';
import { storage } from '../app/storage.js';
import { activeSession, setActiveSession } from './eip155-active.js';
import { refreshBalance, switchWalletNetwork } from './eip155-requests.js';
import { $activeBalanceKey } from './native-balance.js';
import { preferStoredAccount } from './eip155-accounts.js';

// Requests on the active session (signing, sending, balance, switching) live in eip155-requests.ts.
export {
  getCapabilities,
  refreshBalance,
  sendTransaction,
  signMessage,
  signTypedData,
  switchWalletNetwork,
  transactionSettled,
} from './eip155-requests.js';
export { selectEip155Account } from './eip155-accounts.js';

/**
 * The eip155 wallet session (lazy chunk, viem): connect, restore, wallet events, switching,
 * balance, signing and sending. Wires the adapter (src/adapters/eip155) to the stores.
 */
let attempt = 0;

/** The configured eip155 network of a chain id. */
export function networkForChainId(chainId: number): Network | undefined {
  return $networks.get().find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId);
}

function persist(): void {
  const connections = $connections.get().eip155 ?? [];
  storage.set('connections', { ...storage.get('connections'), eip155: connections.map((c) => ({ ...c, namespace: 'eip155' as const })) });
  const id = $activeConnectorIds.get().eip155;
  if (id) {
    storage.set('connectedConnectorIds', { ...storage.get('connectedConnectorIds'), eip155: id });
    storage.set('connectionStatus', 'connected');
    const namespaces = new Set(storage.get('connectedNamespaces') ?? []);
    namespaces.add('eip155');
    storage.set('connectedNamespaces', [...namespaces]);
  }
}

function upsertConnection(connectorId: string, accounts: `0x${string}`[]): void {
  const list = ($connections.get().eip155 ?? []).filter((c) => c.connectorId !== connectorId);
  const connection: Connection = { connectorId, accounts: accounts.map((address) => ({ address, type: 'eoa' })) };
  $connections.setKey('eip155', [connection, ...list]);
}

/** Applies the wallet's chain: a configured one becomes active, another is the 'Unknown Network'. */
function applyChain(chainId: number | undefined, raw: unknown): void {
  const network = chainId === undefined ? undefined : networkForChainId(chainId);
  const address = getAccountState('eip155').address;
  if (network) {
    $unknownNetwork.set(undefined);
    setActiveNetwork(network.caipNetworkId);
    if (address) patchAccount('eip155', { caipAddress: toCaipAddress(network.caipNetworkId, address) });
    return;
  }
  const reference = chainId === undefined ? String(raw) : String(chainId);
  $unknownNetwork.set({ namespace: 'eip155', chainId: reference });
  if (address) patchAccount('eip155', { caipAddress: toCaipAddress(`eip155:${reference}` as CaipNetworkId, address), balance: undefined });
  openModalOn('UnsupportedChain');
}

function applyAccounts(accounts: `0x${string}`[]): void {
  const [address] = accounts;
  if (!address) return;
  const network = $unknownNetwork.get() ? undefined : $activeNetwork.get();
  const caipNetworkId =
    network?.chainNamespace === 'eip155' ? network.caipNetworkId : (`eip155:${$unknownNetwork.get()?.chainId ?? '1'}` as CaipNetworkId);
  patchAccount('eip155', {
    address,
    caipAddress: toCaipAddress(caipNetworkId, address),
    status: 'connected',
    allAccounts: accounts.map((a) => ({ namespace: 'eip155', address: a, type: 'eoa' })),
  });
}

/**
 * Makes a wallet's provider the active eip155 session: accounts, chain, wallet events, stored
 * connection, CONNECT_SUCCESS. Exported for adapters with their own provider (WalletConnect).
 */
export function activate(connectorId: string, provider: Eip1193Provider, accounts: `0x${string}`[], chainId: number): void {
  activeSession()?.stopEvents();
  const stopEvents = wallet.watchWalletEvents(provider, {
    accountsChanged: (next) => {
      if (activeSession()?.provider !== provider) return;
      if (next.length === 0) {
        void endSession('wallet');
        return;
      }
      upsertConnection(connectorId, next);
      applyAccounts(next);
      persist();
      void refreshBalance();
    },
    chainChanged: (id, raw) => {
      if (activeSession()?.provider !== provider) return;
      applyChain(id, raw);
      void refreshBalance();
    },
    disconnect: () => {
      if (activeSession()?.provider === provider) void endSession('wallet');
    },
  });
  // Any change of account or network reads the balance of the pair now active.
  const stopBalance = $activeBalanceKey.listen((key) => {
    if (key && activeSession()?.provider === provider) void refreshBalance();
  });
  setActiveSession({
    connectorId,
    provider,
    stopEvents: () => {
      stopEvents();
      stopBalance();
    },
  });
  $activeConnectorIds.setKey('eip155', connectorId);
  upsertConnection(connectorId, accounts);
  $activeNamespace.set('eip155');
  const network = networkForChainId(chainId);
  if (network) {
    $unknownNetwork.set(undefined);
    setActiveNetwork(network.caipNetworkId);
  }
  applyAccounts(accounts);
  if (!network) applyChain(chainId, chainId);
  const connector = $connectors.get().find((c) => c.id === connectorId);
  $connectedWallet.set({
    name: connector?.name ?? connectorId,
    ...(connector?.imageUrl ? { icon: connector.imageUrl } : {}),
    ...(connector ? { type: connector.type } : {}),
  });
  // A WalletConnect session's recent wallet is the registry wallet it paired with (its store adds it).
  if (connector && connector.type !== 'WALLET_CONNECT')
    addRecentWallet({ id: connector.id, name: connector.name, ...(connector.rdns ? { rdns: connector.rdns } : {}) });
  setWalletProvider('eip155', provider);
  registerWalletSwitcher((target) => switchWalletNetwork(target));
  persist();
  const state = getAccountState('eip155');
  emitEvent('CONNECT_SUCCESS', { address: state.address, caipAddress: state.caipAddress, namespace: 'eip155', connectorId });
  void refreshBalance();
}

/**
 * Connects a wallet by connector id (eth_requestAccounts). Closing the modal meanwhile ends the
 * attempt with 'Modal closed' and leaves nothing half-connected.
 */
export async function connectEip155(connectorId: string): Promise<void> {
  const provider = getEip155Provider(connectorId);
  if (!provider) throw new WalletNotFoundError(undefined, { details: `No provider for connector ${connectorId}` });
  // The view may have closed while this chunk was loading: then there is nothing to attempt.
  if (!$modal.get().open) throw new ModalClosedError();
  const mine = ++attempt;
  const wasConnected = getAccountState('eip155').status === 'connected';
  if (!wasConnected) patchAccount('eip155', { status: 'connecting' });
  let stopClose: () => void = () => undefined;
  const closed = new Promise<never>((_, reject) => {
    stopClose = onModalClose(() => reject(new ModalClosedError()));
  });
  try {
    const accounts = await Promise.race([wallet.requestAccounts(provider), closed]);
    const chainId = await Promise.race([wallet.getChainId(provider), closed]);
    if (mine !== attempt || !$modal.get().open) throw new ModalClosedError();
    activate(connectorId, provider, accounts, chainId);
  } catch (err) {
    if (mine === attempt && !wasConnected && getAccountState('eip155').status === 'connecting')
      patchAccount('eip155', { status: 'disconnected' });
    const error = err instanceof W3Error ? err : new ConnectionRejectedError(undefined, { cause: err });
    throw error.code === 4001 ? new ConnectionRejectedError(undefined, { code: 4001, cause: err }) : error;
  } finally {
    stopClose();
  }
}

/** Waits (up to `ms`) for a connector to be announced. */
async function waitForProvider(connectorId: string, ms = 1500): Promise<Eip1193Provider | undefined> {
  const start = Date.now();
  for (;;) {
    const provider = getEip155Provider(connectorId);
    if (provider || Date.now() - start > ms) return provider;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Restores the stored connection without a prompt (eth_accounts); a gone wallet restores to disconnected. */
export async function restoreEip155Connection(): Promise<boolean> {
  const connectorId = storage.get('connectedConnectorIds')?.eip155;
  if (!connectorId) return false;
  const stored = storage.get('connections')?.eip155 ?? [];
  $connections.setKey(
    'eip155',
    stored.map(({ connectorId: id, accounts }) => ({ connectorId: id, accounts })),
  );
  patchAccount('eip155', { status: 'connecting' });
  try {
    const provider = await waitForProvider(connectorId);
    if (!provider) throw new WalletNotFoundError();
    const accounts = preferStoredAccount(connectorId, await wallet.getAccounts(provider));
    if (accounts.length === 0) throw new NotConnectedError();
    const chainId = await wallet.getChainId(provider);
    activate(connectorId, provider, accounts, chainId);
    return true;
  } catch {
    resetAccount('eip155');
    $connections.setKey(
      'eip155',
      ($connections.get().eip155 ?? []).filter((c) => c.connectorId !== connectorId),
    );
    persist();
    forgetStoredConnection('eip155');
    return false;
  }
}

/** Ends the active eip155 session (wallet side); the disconnect store action resets the rest. */
async function endSession(reason: 'user' | 'wallet'): Promise<void> {
  const session = activeSession();
  if (!session) return;
  setActiveSession(undefined);
  session.stopEvents();
  setWalletProvider('eip155', undefined);
  registerWalletSwitcher(undefined);
  if (reason === 'user') {
    await Promise.race([
      wallet.walletRequest(session.provider, 'wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined),
      new Promise((r) => setTimeout(r, 1000)),
    ]);
  }
  // The disconnect action (which runs this or is run by it) forgets the stored connection.
  storage.set('connections', { ...storage.get('connections'), eip155: [] });
  if (reason === 'wallet') {
    const { disconnect } = await import('./disconnect.js');
    await disconnect('eip155');
  }
}

onDisconnect(async (namespace) => {
  if (namespace === 'eip155') await endSession('user');
});

/**
 * ProfileWallets: makes a known connection the active one. When its wallet still authorises
 * this page it switches at once (true); otherwise the caller starts a fresh connect (false).
 */
export async function activateConnection(connectorId: string): Promise<boolean> {
  if (activeSession()?.connectorId === connectorId) return true;
  const provider = getEip155Provider(connectorId);
  if (!provider) return false;
  const accounts = preferStoredAccount(connectorId, await wallet.getAccounts(provider).catch(() => [] as `0x${string}`[]));
  if (accounts.length === 0) {
    $connections.setKey(
      'eip155',
      ($connections.get().eip155 ?? []).filter((c) => c.connectorId !== connectorId),
    );
    persist();
    return false;
  }
  const chainId = await wallet.getChainId(provider);
  activate(connectorId, provider, accounts, chainId);
  return true;
}

/** Forgets one known connection; when it is the active one, the session ends. */
export async function removeConnection(connectorId: string): Promise<void> {
  if (activeSession()?.connectorId === connectorId) {
    const { disconnect } = await import('./disconnect.js');
    await disconnect('eip155');
    return;
  }
  $connections.setKey(
    'eip155',
    ($connections.get().eip155 ?? []).filter((c) => c.connectorId !== connectorId),
  );
  persist();
}
