import { atom, map } from 'nanostores';
import type { ChainNamespace } from '../../core/caip.js';

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
  social?: string;
}

export const $connectors = atom<Connector[]>([]);
export const $connections = map<Partial<Record<ChainNamespace, Connection[]>>>({});
export const $activeConnectorIds = map<Partial<Record<ChainNamespace, string>>>({});
export const $connectedWallet = atom<ConnectedWalletInfo | undefined>(undefined);

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

export function removeConnector(id: string): void {
  $connectors.set($connectors.get().filter((c) => c.id !== id));
}

/** connected = the active connector; active = known but not active; else disconnected. */
export function connectorStatus(namespace: ChainNamespace, connectorId: string): ConnectorStatus {
  if ($activeConnectorIds.get()[namespace] === connectorId) return 'connected';
  return ($connections.get()[namespace] ?? []).some((c) => c.connectorId === connectorId) ? 'active' : 'disconnected';
}
