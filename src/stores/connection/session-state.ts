/**
 * The live wallet sessions, one per namespace (lazy, shared by the session modules): which
 * connector, its provider, the namespace's adapter, and how to stop following its events.
 */
import type { ChainAdapter } from '../../chains/types.js';
import type { ChainNamespace } from '../../core/caip.js';
import { NotConnectedError } from '../../core/errors.js';
import { getAccountState } from './account.js';
import { $activeNamespace } from '../network/networks.js';

export interface LiveSession {
  namespace: ChainNamespace;
  connectorId: string;
  provider: unknown;
  adapter: ChainAdapter;
  stopEvents: () => void;
}

const sessions = new Map<ChainNamespace, LiveSession>();

export function liveSession(namespace: ChainNamespace | undefined): LiveSession | undefined {
  return namespace ? sessions.get(namespace) : undefined;
}

export function setLiveSession(namespace: ChainNamespace, session: LiveSession | undefined): void {
  if (session) sessions.set(namespace, session);
  else sessions.delete(namespace);
}

/** The namespace a wallet action is for: the one asked for, else the active one. */
export function targetNamespace(namespace?: ChainNamespace): ChainNamespace | undefined {
  return namespace ?? $activeNamespace.get();
}

/** The session and address an action needs; 'Not connected' without them. */
export function requireSession(namespace?: ChainNamespace): LiveSession & { address: string } {
  const ns = targetNamespace(namespace);
  const session = liveSession(ns);
  const address = ns ? getAccountState(ns).address : undefined;
  if (!session || !address) throw new NotConnectedError(undefined, { details: 'Connect a wallet first' });
  return { ...session, address };
}
