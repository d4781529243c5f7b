import { watchWallets, type DiscoveredWallet } from '../../adapters/eip155/discovery.js';
import type { Eip1193Provider } from '../../adapters/eip155/provider.js';
import { $connectors, addConnectors, type Connector } from './connectors.js';
import { registerConnectorHandler } from './connect.js';
import { $options } from '../app/options.js';
import { pushView } from '../ui/router.js';
import { storage } from '../app/storage.js';

/**
 * EIP-6963 and injected discovery (first chunk): fills $connectors and keeps each wallet's
 * provider. Connecting, reading and signing live in the lazy `eip155-session` module.
 */
const providers = new Map<string, Eip1193Provider>();
let stopWatching: (() => void) | undefined;

export function getEip155Provider(connectorId: string): Eip1193Provider | undefined {
  return providers.get(connectorId);
}

/** Sets (or removes) the provider of a connector another adapter drives, e.g. WalletConnect. */
export function setEip155Provider(connectorId: string, provider: Eip1193Provider | undefined): void {
  if (provider) providers.set(connectorId, provider);
  else providers.delete(connectorId);
}

/** Connectors whose session another adapter restores (WalletConnect restores its own). */
const selfRestoring = new Set(['walletConnect']);

function toConnector(w: DiscoveredWallet): Connector {
  return {
    id: w.id,
    type: w.type,
    name: w.name,
    chain: 'eip155',
    ...(w.rdns ? { rdns: w.rdns } : {}),
    ...(w.icon ? { imageUrl: w.icon } : {}),
  };
}

function setDiscovered(wallets: DiscoveredWallet[]): void {
  const discovered = wallets.map(toConnector);
  const others = $connectors.get().filter((c) => c.chain !== 'eip155' || (c.type !== 'ANNOUNCED' && c.type !== 'INJECTED'));
  for (const w of wallets) providers.set(w.id, w.provider);
  $connectors.set(others);
  addConnectors(discovered);
}

/** Lazy-loads the session module (viem) only when a wallet is used. */
export const loadEip155Session = () => import('./eip155-session.js');

/**
 * Starts discovery when an eip155 network is configured, registers the connect handler (which
 * opens ConnectingExternal), and restores a stored connection in the background.
 */
export function initEip155(): void {
  const options = $options.get();
  if (!options?.networks.some((n) => n.chainNamespace === 'eip155') || typeof window === 'undefined') return;
  // `connectors` was validated with the options (id, name, an EIP-1193 provider).
  const externals: Connector[] = (options.connectors ?? []).map((c) => {
    providers.set(c.id, c.provider);
    return { id: c.id, type: 'EXTERNAL', name: c.name, chain: 'eip155', ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}) };
  });
  addConnectors(externals);
  for (const type of ['ANNOUNCED', 'INJECTED', 'EXTERNAL'] as const) {
    registerConnectorHandler(type, (connector) => pushView('ConnectingExternal', { connectorId: connector.id, title: connector.name }));
  }
  stopWatching?.();
  // A bad announcement is a debug log line (the logger loads lazily: the first chunk stays small).
  stopWatching = watchWallets(
    setDiscovered,
    (reason, error) => void import('../../core/logger.js').then((m) => m.logger.debug(reason, error)),
  );
  const stored = storage.get('connectedConnectorIds')?.eip155;
  if (stored && !selfRestoring.has(stored)) {
    void loadEip155Session().then((m) => m.restoreEip155Connection());
  }
}
