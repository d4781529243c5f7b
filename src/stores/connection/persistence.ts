/**
 * Keeping each namespace's known connections in $connections and in storage (spec section 3:
 * connections, connectedConnectorIds, connectedNamespaces, connectionStatus), so a reload
 * restores them. Lazy, with the session modules.
 */
import { chainRules } from '../../chains/registry.js';
import type { ChainNamespace } from '../../core/caip.js';
import { sameAddress } from '../../core/same-address.js';
import { storage } from '../app/storage.js';
import { $activeConnectorIds, $connections, type Connection } from './connectors.js';

/** Writes a namespace's connections and active connector to storage. */
export function persist(namespace: ChainNamespace): void {
  const connections = $connections.get()[namespace] ?? [];
  storage.set('connections', { ...storage.get('connections'), [namespace]: connections.map((c) => ({ ...c, namespace })) });
  const id = $activeConnectorIds.get()[namespace];
  if (!id) return;
  storage.set('connectedConnectorIds', { ...storage.get('connectedConnectorIds'), [namespace]: id });
  storage.set('connectionStatus', 'connected');
  const namespaces = new Set(storage.get('connectedNamespaces') ?? []);
  namespaces.add(namespace);
  storage.set('connectedNamespaces', [...namespaces]);
}

/** Puts a connector's accounts first among the namespace's known connections. */
export function upsertConnection(namespace: ChainNamespace, connectorId: string, accounts: string[]): void {
  const list = ($connections.get()[namespace] ?? []).filter((c) => c.connectorId !== connectorId);
  // Default account types (spec 9): the namespace's rules say (bip122's are 'payment').
  const type = chainRules(namespace)?.accountType ?? 'eoa';
  const connection: Connection = { connectorId, accounts: accounts.map((address) => ({ address, type })) };
  $connections.setKey(namespace, [connection, ...list]);
}

/** Forgets one known connection of a namespace. */
export function dropConnection(namespace: ChainNamespace, connectorId: string): void {
  $connections.setKey(
    namespace,
    ($connections.get()[namespace] ?? []).filter((c) => c.connectorId !== connectorId),
  );
  persist(namespace);
}

/** Reads a namespace's stored connections back into $connections (restore). */
export function loadStoredConnections(namespace: ChainNamespace): void {
  const stored = storage.get('connections')?.[namespace] ?? [];
  $connections.setKey(
    namespace,
    stored.map(({ connectorId, accounts }) => ({ connectorId, accounts })),
  );
}

/** The stored choice first: a restored session starts on the account chosen last time, if the wallet still exposes it. */
export function preferStoredAccount(namespace: ChainNamespace, connectorId: string, accounts: string[]): string[] {
  const stored = storage.get('connections')?.[namespace]?.find((c) => c.connectorId === connectorId)?.accounts[0]?.address;
  const chosen = stored && accounts.find((a) => sameAddress(a, stored));
  return chosen ? [chosen, ...accounts.filter((a) => a !== chosen)] : accounts;
}
