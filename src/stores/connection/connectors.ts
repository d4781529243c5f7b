import { atom, map } from 'nanostores';
import type { ChainNamespace } from '../../core/caip.js';
import type { SocialProvider } from '../../core/options.js';
import { resettable } from '../app/reset.js';

export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'WALLET_CONNECT' | 'AUTH' | 'MULTI_CHAIN';

/** A way to connect a wallet (spec section 3); filled by the adapters. */
export interface Connector {
  id: string;
  type: ConnectorType;
  name: string;
  chain: ChainNamespace;
  imageId?: string;
  imageUrl?: string;
  rdns?: string;
  explorerId?: string;
}

/** A known connection of a connector (spec section 3). */
export interface Connection {
  connectorId: string;
  accounts: { address: string; type: 'eoa' | 'smartAccount' | 'payment' }[];
  recent?: boolean;
  auth?: { name: string; username?: string };
}

export type ConnectorStatus = 'connected' | 'active' | 'disconnected';

/** Connected wallet info (spec section 3). */
export interface ConnectedWalletInfo {
  name: string;
  icon?: string;
  type?: ConnectorType;
  identifier?: string;
  /** The provider of a social login (the embedded wallet): the wallet row shows its name and mark. */
  social?: SocialProvider;
}

export const $connectors = resettable(atom<Connector[]>([]));
export const $connections = resettable(map<Partial<Record<ChainNamespace, Connection[]>>>({}));
export const $activeConnectorIds = resettable(map<Partial<Record<ChainNamespace, string>>>({}));
export const $connectedWallet = resettable(atom<ConnectedWalletInfo | undefined>(undefined));

/** Adds connectors, keeping only the first one per name and chain. */
export function addConnectors(list: Connector[]): void {
  const next = [...$connectors.get()];
  const key = (c: Connector) => `${c.name.toLowerCase()}|${c.chain}`;
  const seen = new Set(next.map(key));
  for (const c of list) {
    if (seen.has(key(c))) continue;
    seen.add(key(c));
    next.push(c);
  }
  $connectors.set(next);
}

/**
 * The wallet a connector belongs to (issue 28): one wallet announced on several namespaces
 * (EIP-6963 and Wallet Standard under the same name) is one wallet, shown once, whose connection
 * connects every namespace; WalletConnect is its own.
 */
export const walletKey = (c: Pick<Connector, 'id' | 'type' | 'name'>): string =>
  c.type === 'WALLET_CONNECT' ? `id:${c.id}` : `name:${c.name.trim().toLowerCase()}`;

/** One connector per wallet (the first of each; `preferred` namespace's first when given), in the order of `connectors`. */
export function onePerWallet(connectors: readonly Connector[], preferred?: ChainNamespace): Connector[] {
  const chosen = new Map<string, Connector>();
  for (const c of connectors) {
    const key = walletKey(c);
    const had = chosen.get(key);
    if (!had || (preferred && c.chain === preferred && had.chain !== preferred)) chosen.set(key, c);
  }
  const seen = new Set<string>();
  return connectors.flatMap((c) => {
    const key = walletKey(c);
    if (seen.has(key)) return [];
    seen.add(key);
    return [chosen.get(key)!];
  });
}

export function removeConnector(id: string): void {
  $connectors.set($connectors.get().filter((c) => c.id !== id));
}

/** connected = the active connector; active = known but not active; else disconnected. */
export function connectorStatus(namespace: ChainNamespace, connectorId: string): ConnectorStatus {
  if ($activeConnectorIds.get()[namespace] === connectorId) return 'connected';
  return ($connections.get()[namespace] ?? []).some((c) => c.connectorId === connectorId) ? 'active' : 'disconnected';
}

/** Each connector's provider, per namespace (discovery and the connectors that bring their own set them). */
const providers = new Map<string, unknown>();
const providerKey = (namespace: ChainNamespace, connectorId: string): string => `${namespace}|${connectorId}`;

export function setConnectorProvider(namespace: ChainNamespace, connectorId: string, provider: unknown): void {
  if (provider === undefined) providers.delete(providerKey(namespace, connectorId));
  else providers.set(providerKey(namespace, connectorId), provider);
}

export function getConnectorProvider(namespace: ChainNamespace, connectorId: string): unknown {
  return providers.get(providerKey(namespace, connectorId));
}

/** Per namespace, a promise that resolves once its discovery runs (its first announcements are in). */
const discoveries = new Map<ChainNamespace, Promise<void>>();

export function setDiscoveryStarted(namespace: ChainNamespace, started: Promise<void> | undefined): void {
  if (started) discoveries.set(namespace, started);
  else discoveries.delete(namespace);
}

/** Resolves once `namespace`'s discovery has started (at once when it has none). */
export function discoveryStarted(namespace: ChainNamespace): Promise<void> {
  return discoveries.get(namespace) ?? Promise.resolve();
}
