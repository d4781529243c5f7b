/**
 * Finding wallets, for every configured namespace (first chunk): each namespace's discovery from
 * the adapter table fills $connectors with its wallets and keeps their providers; a stored
 * connection of each namespace is restored in the background. Connecting, reading and signing
 * live in the lazy session module (session.ts).
 */
import { adapterEntry, loadChainRules } from '../../chains/registry.js';
import type { AdapterWallet } from '../../chains/types.js';
import type { ChainNamespace } from '../../core/caip.js';
import { $options } from '../app/options.js';
import { storage } from '../app/storage.js';
import { AUTH_CONNECTOR_ID } from './connector-ids.js';
import { $connectors, addConnectors, setConnectorProvider, setDiscoveryStarted, type Connector } from './connectors.js';
import { markRestoring } from './restore-hint.js';

/** The generic session module (lazy): connect, restore, activate, requests. */
export const loadConnectionSession = () => import('./session.js');

/** Connectors whose session their own store restores (WalletConnect restores its own). */
const SELF_RESTORING = new Set(['walletConnect', AUTH_CONNECTOR_ID]);

/** The stop function of each namespace's discovery. */
const watching = new Map<ChainNamespace, () => void>();

function toConnector(namespace: ChainNamespace, w: AdapterWallet): Connector {
  return {
    id: w.id,
    type: w.type,
    name: w.name,
    chain: namespace,
    ...(w.rdns ? { rdns: w.rdns } : {}),
    ...(w.icon ? { imageUrl: w.icon } : {}),
  };
}

function setDiscovered(namespace: ChainNamespace, wallets: AdapterWallet[]): void {
  const others = $connectors.get().filter((c) => c.chain !== namespace || (c.type !== 'ANNOUNCED' && c.type !== 'INJECTED'));
  for (const w of wallets) setConnectorProvider(namespace, w.id, w.provider);
  $connectors.set(others);
  addConnectors(wallets.map((w) => toConnector(namespace, w)));
}

/** A bad announcement is a debug log line (the logger loads lazily: the first chunk stays small). */
const logIgnored = (reason: string, error?: unknown): void =>
  void import('../../core/logger.js').then((m) => m.logger.debug(reason, error));

/** (Re)starts a namespace's discovery: a fresh start asks the page's wallets to announce again. */
function watch(namespace: ChainNamespace): void {
  watching.get(namespace)?.();
  watching.delete(namespace);
  const discovery = adapterEntry(namespace)?.discovery;
  if (!discovery) return;
  const mine = (): void => undefined;
  watching.set(namespace, mine);
  const run = discovery().then(
    (discover) => {
      // A later restart (or stop) replaced this one meanwhile: do not start it.
      if (watching.get(namespace) === mine)
        watching.set(
          namespace,
          discover((wallets) => setDiscovered(namespace, wallets), logIgnored),
        );
    },
    (err: unknown) => logIgnored(`Could not load the ${namespace} wallet discovery`, err),
  );
  setDiscoveryStarted(namespace, run);
}

/**
 * (Re)starts discovery for every configured namespace (stopping it for namespaces no longer
 * configured), loads the rules of those whose rules are lazy, adds the app's own connectors (`connectors` option: EIP-1193 providers) and
 * restores each namespace's stored connection in the background.
 */
export function initConnectors(): void {
  const options = $options.get();
  if (!options || typeof window === 'undefined') return;
  const namespaces = new Set(options.networks.map((n) => n.chainNamespace));
  for (const [namespace, stop] of watching) {
    if (namespaces.has(namespace)) continue;
    stop();
    watching.delete(namespace);
    setDiscoveryStarted(namespace, undefined);
  }
  for (const namespace of namespaces) {
    // A namespace whose rules are lazy (a small registry descriptor) loads them now it is configured.
    loadChainRules(namespace).catch(() => undefined); // tried again when its adapter loads
    // `connectors` was validated with the options (id, name, an EIP-1193 provider): they join the namespace that takes them.
    if (adapterEntry(namespace)?.appConnectors)
      addConnectors(
        (options.connectors ?? []).map((c): Connector => {
          setConnectorProvider(namespace, c.id, c.provider);
          return { id: c.id, type: 'EXTERNAL', name: c.name, chain: namespace, ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}) };
        }),
      );
    watch(namespace);
  }
  const stored = storage.get('connectedConnectorIds') ?? {};
  for (const [namespace, connectorId] of Object.entries(stored) as [ChainNamespace, string][]) {
    if (!namespaces.has(namespace) || SELF_RESTORING.has(connectorId)) continue;
    // Connecting from now, not once the session code has loaded: no frame shows 'Connect Wallet'.
    markRestoring(namespace, connectorId);
    void loadConnectionSession().then((m) => m.restoreConnection(namespace));
  }
}
