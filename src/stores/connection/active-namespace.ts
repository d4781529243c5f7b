/**
 * Which namespace a connection makes active (spec 3: the active namespace and network are stored
 * and restored). A fresh connection takes the active role unless another namespace already holds
 * a connected account. A restore at load never takes it from the stored active namespace, however
 * the restores of several namespaces finish: only when that namespace has no connection to come
 * (none was stored, or its restore failed) does a restored one become active. Lazy, with the
 * session modules.
 */
import type { ChainNamespace } from '../../core/caip.js';
import { storage } from '../app/storage.js';
import { $activeNamespace } from '../network/networks.js';
import { $accounts, getAccountState } from './account.js';

/** Whether a connection of `namespace` (restored at load, or made now) becomes the active namespace. */
export function takesActiveNamespace(namespace: ChainNamespace, restored: boolean): boolean {
  const active = $activeNamespace.get();
  if (!active || active === namespace) return true;
  if (getAccountState(active).status === 'connected') return false;
  // The active namespace's own stored connection is still being restored: it wins when it arrives.
  return !(restored && storage.get('connectedConnectorIds')?.[active]);
}

/**
 * A namespace's restore failed (its wallet is gone): when it was the active namespace and another
 * one restored, that one becomes active, so the visitor sees the connection that is there.
 */
export function handOverActiveNamespace(failed: ChainNamespace): void {
  if ($activeNamespace.get() !== failed) return;
  const accounts = $accounts.get();
  const other = (Object.keys(accounts) as ChainNamespace[]).find((ns) => ns !== failed && accounts[ns]?.status === 'connected');
  if (other) $activeNamespace.set(other);
}
