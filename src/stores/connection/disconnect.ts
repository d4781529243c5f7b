import type { ChainNamespace } from '../../core/caip.js';
import { $accounts, resetAccount } from './account.js';
import { $activeConnectorIds, $connectedWallet, $connections } from './connectors.js';
import { emitEvent } from '../app/events.js';
import { $activeNamespace } from '../network/networks.js';
import { $router, resetRouter } from '../ui/router.js';
import { storage } from '../app/storage.js';

/** Hooks the adapters register to end a wallet session; the store side runs after them. */
const handlers = new Set<(namespace: ChainNamespace) => Promise<void> | void>();

export function onDisconnect(handler: (namespace: ChainNamespace) => Promise<void> | void): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** Removes a namespace's stored connection (connector id, connected namespaces, status when none is left). */
export function forgetStoredConnection(namespace: ChainNamespace): void {
  const ids = storage.get('connectedConnectorIds');
  if (ids) {
    delete ids[namespace];
    storage.set('connectedConnectorIds', ids);
  }
  if (!Object.keys(ids ?? {}).length) storage.set('connectionStatus', 'disconnected');
  storage.set(
    'connectedNamespaces',
    (storage.get('connectedNamespaces') ?? []).filter((n) => n !== namespace),
  );
}

/**
 * Disconnects one namespace, or every connected one: ends the wallet session through the
 * registered handlers, then resets the namespace's account, connector and status and clears the
 * stored connection. Fires DISCONNECT_SUCCESS.
 */
export async function disconnect(namespace?: ChainNamespace): Promise<void> {
  const targets = namespace
    ? [namespace]
    : (Object.keys($accounts.get()) as ChainNamespace[]).filter((ns) => $accounts.get()[ns]?.status !== 'disconnected');
  const errors: unknown[] = [];
  for (const ns of targets) {
    for (const handler of [...handlers]) {
      try {
        await handler(ns);
      } catch (err) {
        errors.push(err);
      }
    }
    resetAccount(ns);
    $activeConnectorIds.setKey(ns, undefined);
    $connections.setKey(ns, undefined);
    forgetStoredConnection(ns);
  }
  if (!Object.values($accounts.get()).some((a) => a?.status === 'connected')) {
    $connectedWallet.set(undefined);
    storage.set('connectionStatus', 'disconnected');
    if ($router.get().view === 'Account') resetRouter('Connect');
  }
  emitEvent('DISCONNECT_SUCCESS', { namespace: namespace ?? $activeNamespace.get(), errors: errors.length });
}
