import type { SessionTypes } from '@walletconnect/types';
import { closeWcClient, createWcClient, type WcClientOptions, type WcSignClient } from '../../adapters/walletconnect/client.js';
import { optionalNamespaces } from '../../adapters/walletconnect/namespaces.js';
import { startPairing, systemClock, type Clock, type Pairing } from '../../adapters/walletconnect/pairing.js';
import type { WalletConnectProvider } from '../../chains/eip155/walletconnect-provider.js';
import { WALLETCONNECT_HOME } from '../../chains/registry.js';
import { walletconnectPart } from '../../chains/walletconnect.js';
import { watchRelay } from '../../adapters/walletconnect/relay-watch.js';
import {
  ChainNotSupportedError,
  ConnectionRejectedError,
  errorText,
  MissingConfigError,
  W3Error,
  WalletConnectSessionError,
} from '../../core/errors.js';
import type { ChainNamespace } from '../../core/caip.js';
import { patchAccount, resetAccount } from '../connection/account.js';
import { $connectedWallet } from '../connection/connectors.js';
import { forgetStoredConnection, onDisconnect } from '../connection/disconnect.js';
import { handOverActiveNamespace } from '../connection/active-namespace.js';
import { $networks } from '../network/networks.js';
import { $options } from '../app/options.js';
import { addRecentWallet } from '../connection/recent.js';
import { showError } from '../ui/toast.js';
import { $wcPairing, WALLETCONNECT_ID } from './state.js';
import { storage } from '../app/storage.js';
import { setConnectorProvider } from '../connection/connectors.js';
import { sessionAccounts } from '../../chains/walletconnect-accounts.js';
import { activateProviders, configuredNamespaces, makeProviders, type WcProviders } from './session-providers.js';
import type { RegistryWallet } from '../registry/wallet-list.js';

/**
 * The WalletConnect session (lazy chunk with sign-client): pairing with QR URIs that refresh
 * before they expire, approval into a session of the app's namespaces, restore on reload, wallet-side updates
 * and deletes, user disconnect, and the relay connection's supervision.
 */
type Session = SessionTypes.Struct;

let clientPromise: Promise<WcSignClient> | undefined;
let clientKey = '';
let pairing: Pairing<Session> | undefined;
/** The live session's provider per namespace (one session, one provider for each of its namespaces). */
let providers: WcProviders = {};
let stopRelayWatch: (() => void) | undefined;
const liveProviders = () => Object.values(providers).filter((p) => p !== undefined);
let clock: Clock = systemClock;
let extraClientOptions: Partial<WcClientOptions> = {};

/** For tests: the pairing's clock and extra client options (Node storage, a storage prefix). */
export function configureWcSession(settings: { clock?: Clock; client?: Partial<WcClientOptions> }): void {
  clock = settings.clock ?? systemClock;
  extraClientOptions = settings.client ?? {};
}

function clientOptions(): WcClientOptions {
  const options = $options.get();
  if (!options?.relayUrl || !options.projectId) {
    throw new MissingConfigError('Sign Client not initialized', {
      details: 'WalletConnect needs relayUrl and projectId',
      messageCode: 'WalletConnectNotConfigured',
    });
  }
  const page = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  const title = typeof document === 'undefined' ? 'w3kit app' : document.title || page;
  const metadata = {
    name: options.metadata?.name ?? title,
    description: options.metadata?.description ?? '',
    url: options.metadata?.url ?? page,
    icons: options.metadata?.icons ?? [],
  };
  return { projectId: options.projectId, relayUrl: options.relayUrl, metadata, ...extraClientOptions };
}

/** The sign-client for the configured relay and project, created once (again after they change). */
export function getWcClient(): Promise<WcSignClient> {
  const options = clientOptions();
  const key = `${options.relayUrl}|${options.projectId}`;
  if (clientPromise && key === clientKey) return clientPromise;
  clientKey = key;
  const created = createWcClient(options);
  clientPromise = created;
  created.then(
    (client) => {
      stopRelayWatch?.();
      stopRelayWatch = watchRelay(client.core.relayer, {
        active: () => Boolean(liveProviders().length || pairing),
        onLost: (err) => {
          const lost = { code: 'RELAY_LOST', error: err } as const;
          if (pairing) $wcPairing.set({ ...$wcPairing.get(), status: 'error', error: lost });
          showError(lost);
        },
      });
    },
    () => {
      if (clientPromise === created) clientPromise = undefined;
    },
  );
  return created;
}

/**
 * Wires an approved (or restored) session into the generic connection as the walletConnect
 * connector (session-providers.ts: one provider per configured namespace of the session).
 */
async function useSession(client: WcSignClient, session: Session, wallet?: RegistryWallet, restored = false): Promise<void> {
  const peer = session.peer.metadata;
  const previous = providers;
  const { next, accounts } = makeProviders(client, session, wallet?.name ?? peer.name, (ns, p) => providers[ns] === p);
  providers = next;
  await activateProviders(next, accounts, restored);
  for (const provider of Object.values(previous)) provider?.end();
  $connectedWallet.set({
    name: wallet?.name ?? peer.name,
    type: 'WALLET_CONNECT',
    ...((wallet?.imageUrl ?? peer.icons[0]) ? { icon: wallet?.imageUrl ?? peer.icons[0] } : {}),
  });
  if (wallet)
    addRecentWallet({
      id: wallet.id,
      name: wallet.name,
      imageUrl: wallet.imageUrl,
      walletConnect: true,
      ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
    });
}

/**
 * Offers pairing URIs (in $wcPairing, for the QR views) until a wallet approves; then connects.
 * Resolves once connected; a rejection or failure shows in $wcPairing as the error.
 */
export async function startWcPairing(wallet?: RegistryWallet): Promise<void> {
  stopWcPairing();
  $wcPairing.set({ status: 'loading', ...(wallet ? { wallet } : {}) });
  let client: WcSignClient;
  try {
    client = await getWcClient();
  } catch (err) {
    $wcPairing.set({ status: 'error', error: { code: 'ERROR', error: err }, ...(wallet ? { wallet } : {}) });
    throw err;
  }
  const namespaces = optionalNamespaces($networks.get(), (ns) => walletconnectPart(ns)?.proposal);
  if (!Object.keys(namespaces).some((ns) => walletconnectPart(ns as ChainNamespace))) {
    const err = new ChainNotSupportedError(undefined, { details: 'WalletConnect here needs a network of a namespace it serves' });
    $wcPairing.set({ status: 'error', error: { code: 'ERROR', error: err } });
    throw err;
  }
  const mine = startPairing<Session>(client, {
    optionalNamespaces: namespaces,
    clock,
    onUri: ({ uri, expiresAt }) => {
      // A refreshed URI keeps the 'opened in the wallet' state: the proposal already sent still completes.
      const { openedIn } = $wcPairing.get();
      if (pairing === mine)
        $wcPairing.set({ status: 'ready', uri, expiresAt, ...(wallet ? { wallet } : {}), ...(openedIn ? { openedIn } : {}) });
    },
  });
  pairing = mine;
  try {
    const session = await mine.session;
    if (pairing !== mine) return;
    pairing = undefined;
    await useSession(client, session, wallet);
    $wcPairing.set({ status: 'idle' });
  } catch (err) {
    if (pairing !== mine && pairing !== undefined) return;
    pairing = undefined;
    const error = toConnectError(err);
    $wcPairing.set({ status: 'error', error: { code: 'ERROR', error }, ...(wallet ? { wallet } : {}) });
    throw error;
  }
}

function toConnectError(err: unknown): W3Error {
  if (err instanceof W3Error) return err;
  const code = (err as { code?: unknown })?.code;
  // sign-client: 5000 user rejected, 5001/5100+ unsupported chains or methods
  if (code === 5000 || code === 4001) return new ConnectionRejectedError(undefined, { code: 4001, cause: err });
  // The wallet's own words are data; without any, the user sees 'Connection rejected' localized.
  const text = errorText(err, '');
  return new WalletConnectSessionError(text || 'Connection rejected', {
    cause: err,
    ...(text ? {} : { messageCode: 'ConnectionRejectedError' }),
  });
}

/** Stops offering URIs (the QR view closed); an approval after this is ignored. */
export function stopWcPairing(): void {
  pairing?.stop();
  pairing = undefined;
  if ($wcPairing.get().status !== 'idle') $wcPairing.set({ status: 'idle' });
}

/** The newest live session with accounts in a configured namespace, if sign-client still holds one. */
function storedSession(client: WcSignClient): Session | undefined {
  const now = Math.floor(Date.now() / 1000);
  const configured = configuredNamespaces();
  const usable = (s: Session) => Object.keys(sessionAccounts(s)).some((ns) => configured.has(ns as ChainNamespace));
  return client.session
    .getAll()
    .filter((s) => s.expiry > now && usable(s))
    .sort((a, b) => b.expiry - a.expiry)[0];
}

/** The namespaces whose stored connection is the WalletConnect session. */
const storedWcNamespaces = (): ChainNamespace[] =>
  (Object.entries(storage.get('connectedConnectorIds') ?? {}) as [ChainNamespace, string][])
    .filter(([, id]) => id === WALLETCONNECT_ID)
    .map(([ns]) => ns);

/** Restores the stored WalletConnect session on load; without one the stored connection is forgotten. */
export async function restoreWcSession(): Promise<boolean> {
  const namespaces = storedWcNamespaces();
  if (namespaces.length === 0) namespaces.push(WALLETCONNECT_HOME);
  for (const ns of namespaces) patchAccount(ns, { status: 'connecting' });
  try {
    const client = await getWcClient();
    const session = storedSession(client);
    if (!session) throw new WalletConnectSessionError('No WalletConnect session to restore', { messageCode: 'NoSessionToRestore' });
    await useSession(client, session, undefined, true);
    return true;
  } catch {
    for (const ns of namespaces) {
      resetAccount(ns);
      forgetStoredConnection(ns);
      handOverActiveNamespace(ns);
    }
    return false;
  }
}

/** The session's provider of the connector's home namespace (EIP-1193), for tests and advanced use. */
export function getWcProvider(): WalletConnectProvider | undefined {
  return providers[WALLETCONNECT_HOME] as WalletConnectProvider | undefined;
}

/**
 * A namespace's disconnect ends its provider; the session itself is deleted at the wallet once no
 * namespace of it is left. A session the wallet deleted (or that expired) says why.
 */
onDisconnect(async (namespace) => {
  const ending = providers[namespace];
  if (!ending) return;
  providers = { ...providers, [namespace]: undefined };
  setConnectorProvider(namespace, WALLETCONNECT_ID, undefined);
  if (ending.isClosed) {
    // The wallet deleted the session (or it expired): tell the person why they are disconnected (once).
    if (liveProviders().length === 0) showError({ code: 'WALLETCONNECT_SESSION_ENDED' });
    return;
  }
  ending.end();
  if (liveProviders().length > 0) return;
  const client = await clientPromise;
  if (!client) return;
  await Promise.race([
    client.disconnect({ topic: ending.topic, reason: { code: 6000, message: 'User disconnected.' } }).catch(() => undefined),
    new Promise((r) => setTimeout(r, 3000)),
  ]);
});

/** Ends everything (tests): pairing, relay watch and the client's socket. */
export async function shutdownWalletConnect(): Promise<void> {
  stopWcPairing();
  stopRelayWatch?.();
  stopRelayWatch = undefined;
  for (const provider of liveProviders()) provider.end();
  providers = {};
  const client = await clientPromise?.catch(() => undefined);
  clientPromise = undefined;
  clientKey = '';
  if (client) await closeWcClient(client);
}
